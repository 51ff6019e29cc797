import Frames
import TraitSandbox

/// A monster a castle can buy: what MonsterWars needs from an entity type to list it in
/// scenario files, spawn it, tune it live, count it in reports and offer it in the demo.
///
/// A unit is an ordinary entity that moves, has health and is drawn, plus a weapon trait
/// (`MeleeTrait` or `GunTrait`). It carries its own stats and how much the computer players
/// favour it, which a scenario file may tune. Everything else follows from its declaration and
/// one line in `Roster.standard`:
///
///     public struct QuirkMonster: Monster, MeleeTrait {
///       public static let kind = UnitKind("quirk")
///       public static let sprite = SpriteID("quirk")
///       public static let defaultStats = UnitStats(...)
///       public static let defaultWeight: Float = 3
///       ...
///       public init(stats: UnitStats, side: Side, at position: Vector2, marchingOn target: Vector2)
///     }
public protocol Monster: SteeringTrait, HealthTrait, RenderTrait {
  /// The kind's key in scenario files, reports and the demo, e.g. `quirk`.
  static var kind: UnitKind { get }

  /// The kind's stats wherever a scenario file does not tune them: a scenario's `units` block
  /// for the kind, and each field in it, may be left out. They are checked as strictly as a
  /// file's.
  static var defaultStats: UnitStats { get }

  /// How much the computer players buy the kind, and how large its share of a swarm is,
  /// wherever a scenario's `weights` or `mix` leave it out (0 to 1000; 0 never).
  static var defaultWeight: Float { get }

  /// Which way the monster faces and its animation clock: all of its look it stores.
  ///
  /// `RenderTrait`'s `appearance` is computed from it, the body and the side (see
  /// `Monster.appearance`). A monster that needs a look of its own declares `appearance` as a
  /// stored property instead, and keeps `pose` as the place its facing starts from.
  var pose: Pose { get set }

  /// The weapon the kind's scenario block must describe; by default the weapon trait's.
  static var weaponKind: Weapon.Kind { get }

  /// The systems of traits the kind brings of its own, each with the phase of `Schedule`
  /// it runs in; a roster that lists the kind runs them. None by default.
  static var ownSystems: [(phase: String, system: TraitSystem)] { get }

  /// Creates one unit from its kind's scenario stats, on `side`, at `position`, marching on
  /// `target`.
  init(stats: UnitStats, side: Side, at position: Vector2, marchingOn target: Vector2)

  /// Takes its kind's new stats in the middle of a match; by default new speed, new health
  /// (keeping the share left) and new weapon stats.
  mutating func retune(_ stats: UnitStats)

  /// Places one unit at each of `positions` between ticks, in order, with one bulk spawn.
  ///
  /// No kind needs to implement this: it is a requirement, with a default, only so that its
  /// loop runs specialised for each kind when a scenario places a crowd of them.
  static func placeAll(
    stats: UnitStats, side: Side, at positions: [Vector2], marchingOn target: Vector2,
    in world: inout World)
}

extension Monster {
  /// No systems of its own: the kind's traits are all built in.
  public static var ownSystems: [(phase: String, system: TraitSystem)] { [] }

  /// Builds every unit and hands them to the world in one bulk spawn.
  public static func placeAll(
    stats: UnitStats, side: Side, at positions: [Vector2], marchingOn target: Vector2,
    in world: inout World
  ) {
    world.spawn(
      contentsOf: positions.map { Self(stats: stats, side: side, at: $0, marchingOn: target) })
  }

  /// Takes the new speed and health; the weapon's stats are the weapon trait's business.
  public mutating func retune(_ stats: UnitStats) {
    retuneBody(stats)
  }

  /// Takes the new speed and health, keeping the share of health left.
  public mutating func retuneBody(_ stats: UnitStats) {
    movement.speed = stats.speed
    health.rescale(maximum: stats.health, regeneration: stats.regeneration)
  }
}

extension Monster where Self: MeleeTrait {
  /// A fighter chases enemies a few body lengths beyond its reach.
  public var sight: Float { melee.reach + 4 * health.radius + 60 }

  /// Melee units fight with `melee` stats.
  public static var weaponKind: Weapon.Kind { .melee }

  /// A recovering monster looks every fourth tick whether an enemy is still within reach:
  /// made every tick, these looks and reloading guns' were a quarter of a swarm's tick.
  public static var reachCheckInterval: UInt64 { 4 }

  /// Takes the new speed, health and melee stats.
  public mutating func retune(_ stats: UnitStats) {
    retuneBody(stats)
    if let melee = stats.weapon.melee { self.melee.retune(melee) }
  }
}

extension Monster where Self: GunTrait {
  /// A gunner closes on enemies a quarter beyond its range.
  public var sight: Float { gun.range * 1.25 }

  /// Gun units fight with `gun` stats.
  public static var weaponKind: Weapon.Kind { .gun }

  /// A reloading monster looks every fourth tick whether it still has something to shoot at.
  public static var rangeCheckInterval: UInt64 { 4 }

  /// Takes the new speed, health and gun stats.
  public mutating func retune(_ stats: UnitStats) {
    retuneBody(stats)
    if let gun = stats.weapon.gun { self.gun.retune(gun) }
  }
}

// MARK: - Building units from scenario stats

extension Movement {
  /// A march at `speed` toward `destination`.
  public static func march(speed: Float, to destination: Vector2) -> Movement {
    Movement(speed: speed, destination: destination)
  }
}

extension Health {
  /// Health built from a unit's scenario stats.
  public init(_ stats: UnitStats) {
    self.init(maximum: stats.health, regeneration: stats.regeneration, radius: stats.radius)
  }
}

extension Melee {
  /// A melee attack built from scenario stats.
  public init(_ stats: MeleeStats) {
    self.init(damage: stats.damage, reach: stats.reach, cooldown: stats.cooldown)
  }

  /// A melee attack built from a unit's weapon; a scenario that loaded always gives a melee
  /// unit melee stats, so the harmless fallback never shows.
  public init(_ weapon: Weapon) {
    self.init(weapon.melee ?? MeleeStats(damage: 0, reach: 1, cooldown: 1))
  }

  /// Takes new damage, reach and rhythm; a strike already recovering keeps its timer and what
  /// it last saw.
  public mutating func retune(_ stats: MeleeStats) {
    damage = stats.damage
    reach = stats.reach
    cooldown = stats.cooldown
  }
}

extension Gun {
  /// A gun built from scenario stats.
  public init(_ stats: GunStats) {
    self.init(
      damage: stats.damage, range: stats.range, cooldown: stats.cooldown,
      projectileSpeed: stats.projectileSpeed, projectileLifetime: stats.projectileLifetime,
      splashRadius: stats.splashRadius, shotCount: stats.shotCount,
      spreadAngle: stats.spreadAngle)
  }

  /// A gun built from a unit's weapon; a scenario that loaded always gives a gun unit gun
  /// stats, so the harmless fallback never shows.
  public init(_ weapon: Weapon) {
    self.init(
      weapon.gun
        ?? GunStats(
          damage: 0, range: 1, cooldown: 1, projectileSpeed: 1, projectileLifetime: 1))
  }

  /// Takes every stat of the new gun; a gun already reloading keeps its timer and what it last
  /// saw.
  public mutating func retune(_ stats: GunStats) {
    let reload = reloadRemaining
    let volleys = volleysFired
    let hadTarget = hasTargetInRange
    self = Gun(stats)
    reloadRemaining = reload
    volleysFired = volleys
    hasTargetInRange = hadTarget
  }
}

extension Monster {
  /// The monster's look, computed from what it stores: `Appearance.unit` for its body's
  /// radius and its side, posed as `pose` says.
  ///
  /// Setting it keeps the new facing and animation clock; the size, rotation and tint always
  /// follow from the body and side (debug builds check that they are left alone).
  @inlinable
  public var appearance: Appearance {
    get { .unit(radius: health.radius, side: Side(faction) ?? .left, pose: pose) }
    set {
      assert(
        newValue.size == appearance.size && newValue.rotation == appearance.rotation
          && newValue.tint == appearance.tint,
        "a monster's size, rotation and tint follow from its body and side")
      pose = Pose(facesLeft: newValue.facesLeft, animationTime: newValue.animationTime)
    }
  }
}

extension Appearance {
  /// The look of a unit: a sprite a little over twice its body radius, facing the enemy, in
  /// its side's colour.
  public static func unit(radius: Float, side: Side) -> Appearance {
    unit(radius: radius, side: side, pose: Pose(facing: side))
  }

  /// The look of a unit in a given pose: a sprite a little over twice its body radius, in its
  /// side's colour.
  @inlinable
  public static func unit(radius: Float, side: Side, pose: Pose) -> Appearance {
    var appearance = Appearance(
      size: Vector2(radius * 2.4, radius * 2.4), facesLeft: pose.facesLeft, tint: side.color)
    appearance.animationTime = pose.animationTime
    return appearance
  }
}
