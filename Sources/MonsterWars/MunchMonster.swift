import Frames
import TraitSandbox

/// A slow, heavily armoured melee monster that heals itself with every bite.
public struct MunchMonster: Monster, MeleeTrait {
  /// Munches are `munch` in scenario files.
  public static let kind = UnitKind("munch")
  /// The sprite every Munch is drawn with.
  public static let sprite = SpriteID("munch")
  /// A Munch's stats where a scenario does not tune them: slow, tough and self-healing.
  public static let defaultStats = UnitStats(
    cost: 70, health: 260, speed: 40, radius: 18, regeneration: 2,
    weapon: .melee(MeleeStats(damage: 22, reach: 16, cooldown: 1.2)))
  /// How much the computer players favour Munches where a scenario does not say.
  public static let defaultWeight: Float = 3
  /// The share of the damage a bite deals that Munch regains as hit points.
  public static let lifeSteal: Float = 0.25

  /// The monster's identity.
  public var id = EntityID<Self>.unassigned
  /// The monster's centre.
  public var position: Vector2
  /// Its plod toward the enemy castle.
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

  /// Creates a Munch from scenario stats, marching on `target`.
  public init(stats: UnitStats, side: Side, at position: Vector2, marchingOn target: Vector2) {
    self.position = position
    self.faction = side.faction
    self.movement = .march(speed: stats.speed, to: target)
    self.health = Health(stats)
    self.melee = Melee(stats.weapon)
    self.pose = Pose(facing: side)
  }

  /// Bites the target and regains a share of the damage as hit points.
  ///
  /// Replaces `MeleeTrait`'s default strike: the melee system calls this one for every Munch.
  /// Always inlined, as the built-in traits' defaults are: the melee system's loop then keeps
  /// each Munch in registers instead of copying all of it to memory for the call.
  @inline(__always)
  public mutating func strike(_ target: TargetRef, in context: inout TickContext) {
    context.targets.addDamage(melee.damage, to: target)
    health.current = min(health.maximum, health.current + melee.damage * Self.lifeSteal)
  }
}
