import Frames

/// How the entities of one type are drawn beyond their sprite: their layer, their health bar
/// and whether they turn into dots far out. A view model: every member has a default, so a style states only
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
  /// Whether an entity drawn smaller than `SpriteDraw.dotThreshold` pixels is drawn as a dot
  /// instead (`SpriteInstance.dotColor`: its tint, darker as its health runs out); true by
  /// default.
  var showsDot: Bool { get }
}

extension RenderStyle {
  /// Layer 2.
  @inlinable
  public var layer: Int { 2 }

  /// Layer 90.
  @inlinable
  public var healthBarLayer: Int { 90 }

  /// Dots far out.
  @inlinable
  public var showsDot: Bool { true }

  /// A 3-unit bar, at least 12 units wide, just above the sprite, shown once the entity is
  /// wounded.
  @inlinable
  public func healthBar(at position: Vector2, size: Vector2, fraction: Float) -> HealthBarDraw? {
    guard fraction < 1 else { return nil }
    return HealthBarDraw(
      x: position.x, y: position.y - size.y * 0.6 - 3, width: max(size.x, 12), height: 3,
      fraction: fraction)
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
