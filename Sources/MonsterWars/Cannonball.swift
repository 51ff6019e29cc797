import Frames
import TraitSandbox

/// A castle's cannonball: slower than a laser, and it bursts on impact.
public struct Cannonball: GameObject, MovementTrait, ProjectileTrait, RenderTrait {
  /// Projectiles fly above the monsters.
  public static let style = StandardRenderStyle(layer: 3)
  /// The sprite every cannonball is drawn with.
  public static let sprite = SpriteID("cannonball")

  /// The ball's identity.
  public var id = EntityID<Self>.unassigned
  /// The ball's centre.
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

  /// Creates a cannonball flying at `velocity`.
  public init(faction: Faction, at position: Vector2, velocity: Vector2, projectile: Projectile) {
    self.position = position
    self.faction = faction
    self.movement = Movement(velocity: velocity, speed: velocity.length)
    self.projectile = projectile
    self.appearance = Appearance(
      size: Vector2(12, 12), tint: Side(faction)?.color ?? .white)
  }
}
