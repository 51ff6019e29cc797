import Frames
import TraitSandbox

/// A ranged monster that stops at a distance and fires laser bolts.
public struct ZapMonster: GameObject, MovementTrait, HealthTrait, GunTrait, RenderTrait {
  /// The sprite every Zap is drawn with.
  public static let sprite = SpriteID("zap")

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
  /// Its laser.
  public var gun: Gun
  /// Its look.
  public var appearance: Appearance

  /// Creates a Zap from scenario stats, marching on `target`.
  public init(stats: UnitStats, team: Team, at position: Vector2, target: Vector2) {
    self.position = position
    self.team = team
    self.movement = .march(speed: stats.speed, to: target)
    self.health = Health(stats)
    self.gun = Gun(
      stats.gun
        ?? GunStats(
          damage: 0, range: 1, cooldown: 1, projectileSpeed: 1, projectileLifetime: 1,
          splashRadius: 0, shotCount: 1, spreadAngle: 0))
    self.appearance = .unit(Self.sprite, radius: stats.radius, team: team)
  }

  /// A laser bolt leaving the Zap toward `direction`.
  public func makeProjectile(direction: Vector2) -> LaserBolt {
    LaserBolt(
      team: team, at: position + direction * health.radius,
      velocity: direction * gun.projectileSpeed,
      projectile: Projectile(damage: gun.damage, hitRadius: 4, lifetime: gun.projectileLifetime))
  }
}
