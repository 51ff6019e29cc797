import Frames
import TraitSandbox

/// A ranged monster that stops at a distance and fires laser bolts.
public struct ZapMonster: Monster, GunTrait {
  /// Zaps are `zap` in scenario files.
  public static let kind = UnitKind("zap")
  /// The sprite every Zap is drawn with.
  public static let sprite = SpriteID("zap")
  /// A Zap's stats where a scenario does not tune them: a laser that outranges melee.
  public static let defaultStats = UnitStats(
    cost: 45, health: 55, speed: 70, radius: 12,
    weapon: .gun(
      GunStats(
        damage: 12, range: 170, cooldown: 1.0, projectileSpeed: 480, projectileLifetime: 0.6)))
  /// How much the computer players favour Zaps where a scenario does not say.
  public static let defaultWeight: Float = 4

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
  /// Its laser.
  public var gun: Gun
  /// Which way it faces and its animation clock; its `appearance` follows from these.
  public var pose: Pose

  /// Creates a Zap from scenario stats, marching on `target`.
  public init(stats: UnitStats, side: Side, at position: Vector2, marchingOn target: Vector2) {
    self.position = position
    self.faction = side.faction
    self.movement = .march(speed: stats.speed, to: target)
    self.health = Health(stats)
    self.gun = Gun(stats.weapon)
    self.pose = Pose(facing: side)
  }

  /// A laser bolt leaving the Zap toward `direction`.
  public func makeProjectile(direction: Vector2) -> LaserBolt {
    LaserBolt(
      faction: faction, at: position + direction * health.radius,
      velocity: direction * gun.projectileSpeed,
      projectile: Projectile(
        damage: gun.damage, hitRadius: 4, splashRadius: gun.splashRadius,
        lifetime: gun.projectileLifetime))
  }
}
