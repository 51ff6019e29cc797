import Frames
import TraitSandbox

/// A fast, fragile melee monster that swarms the enemy cheaply.
public struct QuirkMonster: GameObject, MovementTrait, HealthTrait, MeleeTrait, RenderTrait {
  /// The sprite every Quirk is drawn with.
  public static let sprite = SpriteID("quirk")

  /// The monster's identity.
  public var id = EntityID.unassigned
  /// The monster's centre.
  public var position: Vector2
  /// The monster's side.
  public let team: Team
  /// Its walk toward the enemy castle.
  public var movement: Movement
  /// Its hit points.
  public var health: Health
  /// Its bite.
  public var melee: Melee
  /// Its look.
  public var appearance: Appearance

  /// Creates a Quirk from scenario stats, marching on `target`.
  public init(stats: UnitStats, team: Team, at position: Vector2, target: Vector2) {
    self.position = position
    self.team = team
    self.movement = .march(speed: stats.speed, to: target)
    self.health = Health(stats)
    self.melee = Melee(stats.melee ?? MeleeStats(damage: 0, reach: 1, cooldown: 1))
    self.appearance = .unit(Self.sprite, radius: stats.radius, team: team)
  }
}
