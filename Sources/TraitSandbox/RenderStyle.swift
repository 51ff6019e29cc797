import Frames

/// How the entities of one type are drawn beyond their sprite: their layer, their health bar
/// and their dot far out. A view model: every member has a default, so a style states only
/// what differs.
///
/// A `RenderTrait` type names its style once (`static var style`); the default draws on layer
/// 2 and shows a thin bar over wounded entities only.
public protocol RenderStyle: Sendable {
  /// The draw layer of the entity's sprite: higher layers are drawn on top; 2 by default.
  var layer: Int { get }
  /// The draw layer of its health bar; 90 by default, above every sprite.
  var healthBarLayer: Int { get }
  /// The health bar for an entity at `position` drawn `size` large with `fraction` of its
  /// health left, or `nil` for none; by default a 3-unit bar just above wounded entities.
  func healthBar(at position: Vector2, size: Vector2, fraction: Float) -> HealthBarDraw?
  /// The colour an entity tinted `tint` shows as far out, where its sprite is a dot (see
  /// `SpriteDraw.dot`), with `fraction` of its health left (1 for entities without health), or
  /// `nil` to keep the sprite; by default the tint, darker as health runs out.
  func dot(tint: Color, healthFraction fraction: Float) -> Color?
}

extension RenderStyle {
  /// Layer 2.
  public var layer: Int { 2 }

  /// Layer 90.
  public var healthBarLayer: Int { 90 }

  /// A 3-unit bar, at least 12 units wide, just above the sprite, shown once the entity is
  /// wounded.
  public func healthBar(at position: Vector2, size: Vector2, fraction: Float) -> HealthBarDraw? {
    guard fraction < 1 else { return nil }
    return HealthBarDraw(
      x: position.x, y: position.y - size.y * 0.6 - 3, width: max(size.x, 12), height: 3,
      fraction: fraction)
  }
}

extension RenderStyle {
  /// Three quarters of the tint's brightness at full health (about what a tinted sprite
  /// averages to), darkening to a quarter as health runs out, so a battle seen from afar shows
  /// its sides and, darker, where they are hurt.
  @inlinable
  public func dot(tint: Color, healthFraction fraction: Float) -> Color? {
    // Called for every entity of every frame: scaled and rounded by hand, not with `mixed`.
    let brightness = 0.25 + 0.5 * (fraction.isNaN ? 0 : min(max(fraction, 0), 1))
    func scaled(_ channel: UInt8) -> UInt8 { UInt8(Float(channel) * brightness + 0.5) }
    return Color(
      red: scaled(tint.red), green: scaled(tint.green), blue: scaled(tint.blue),
      alpha: tint.alpha)
  }
}

/// The default style, optionally on another layer.
public struct StandardRenderStyle: RenderStyle, Equatable {
  /// The draw layer of the sprite.
  public var layer: Int

  /// Creates the default style on `layer`.
  public init(layer: Int = 2) {
    self.layer = layer
  }
}
