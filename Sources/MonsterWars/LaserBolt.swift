import Foundation
import Frames
import TraitSandbox

/// A fast, straight laser bolt fired by a Zap.
public struct LaserBolt: GameObject, MovementTrait, ProjectileTrait, RenderTrait {
  /// Projectiles fly above the monsters.
  public static let style = StandardRenderStyle(layer: 3)
  /// The sprite every laser bolt is drawn with.
  public static let sprite = SpriteID("laser")

  /// The bolt's identity.
  public var id = EntityID<Self>.unassigned
  /// The bolt's centre.
  public var position: Vector2
  /// Its flight.
  public var movement: Movement
  // Stored after `movement`, whose 22 bytes it rounds out: no padding in the entity.
  /// The side that fired it.
  public let faction: Faction
  /// What it does on impact.
  public var projectile: Projectile
  /// Its look.
  public var appearance: Appearance

  /// Creates a bolt flying at `velocity`.
  public init(faction: Faction, at position: Vector2, velocity: Vector2, projectile: Projectile) {
    self.position = position
    self.faction = faction
    self.movement = Movement(velocity: velocity, speed: velocity.length)
    self.projectile = projectile
    self.appearance = Appearance(
      size: Vector2(22, 6),
      rotation: atan2(velocity.y, velocity.x), tint: Side(faction)?.color ?? .white)
  }
}
