import Frames
import TraitSandbox

/// A fast, fragile melee monster that swarms the enemy cheaply.
public struct QuirkMonster: Monster, MeleeTrait {
  /// Quirks are `quirk` in scenario files.
  public static let kind = UnitKind("quirk")
  /// The sprite every Quirk is drawn with.
  public static let sprite = SpriteID("quirk")
  /// A Quirk's stats where a scenario does not tune them: cheap, quick and fragile.
  public static let defaultStats = UnitStats(
    cost: 20, health: 40, speed: 110, radius: 10,
    weapon: .melee(MeleeStats(damage: 6, reach: 12, cooldown: 0.5)))
  /// How much the computer players favour Quirks where a scenario does not say.
  public static let defaultWeight: Float = 3

  /// The monster's identity.
  public var id = EntityID<Self>.unassigned
  /// The monster's centre.
  public var position: Vector2
  /// Its walk toward the enemy castle.
  public var movement: Movement
  // Stored after `movement`, whose 22 bytes it rounds out: no padding in the entity.
  /// The monster's side.
  public let faction: Faction
  /// Its hit points.
  public var health: Health
  /// Its bite.
  public var melee: Melee
  /// Which way it faces and its animation clock; its `appearance` follows from these.
  public var pose: Pose

  /// Creates a Quirk from scenario stats, marching on `target`.
  public init(stats: UnitStats, side: Side, at position: Vector2, marchingOn target: Vector2) {
    self.position = position
    self.faction = side.faction
    self.movement = .march(speed: stats.speed, to: target)
    self.health = Health(stats)
    self.melee = Melee(stats.weapon)
    self.pose = Pose(facing: side)
  }
}
