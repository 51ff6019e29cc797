import Frames
import TraitSandbox

/// How castles are drawn: under the monsters, with a wide health bar that always shows.
public struct CastleStyle: RenderStyle, Equatable {
  /// Creates the castle style.
  public init() {}

  /// Layer 1: under monsters and projectiles.
  public var layer: Int { 1 }

  /// A 6-unit bar as wide as the castle, shown even when the walls are whole.
  public func healthBar(at position: Vector2, size: Vector2, fraction: Float) -> HealthBarDraw? {
    HealthBarDraw(
      x: position.x, y: position.y - size.y * 0.55 - 6, width: size.x, height: 6,
      fraction: fraction)
  }
}
