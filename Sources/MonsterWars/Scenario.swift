/// A complete, validated match configuration loaded from a scenario JSON file.
public struct Scenario: Sendable, Equatable {
  /// The file's base name, e.g. "duel"; set by the loader, not read from JSON.
  public var name: String
  /// The playing field's size (JSON "arena").
  public var arena: ArenaSettings
  /// Simulation rate and length (JSON "match").
  public var match: MatchSettings
  /// Coin income for both sides (JSON "economy").
  public var economy: EconomySettings
  /// Stats shared by both castles (JSON "castle").
  public var castle: CastleStats
  /// The unit types the scenario was loaded for; `units`, the AI's weights and the swarm's mix
  /// have one entry per kind, in the roster's order.
  public var roster: Roster
  /// Stats for every unit kind (JSON "units").
  public var units: UnitTable<UnitStats>
  /// Spawning policies for the two computer players (JSON "ai").
  public var ai: AISettings
  /// Optional mass-spawn setup for stress runs (JSON "swarm").
  public var swarm: SwarmSettings?

  /// Creates a scenario from its parts.
  public init(
    name: String, arena: ArenaSettings, match: MatchSettings, economy: EconomySettings,
    castle: CastleStats, roster: Roster = .standard, units: UnitTable<UnitStats>,
    ai: AISettings, swarm: SwarmSettings? = nil
  ) {
    self.name = name
    self.arena = arena
    self.match = match
    self.economy = economy
    self.castle = castle
    self.roster = roster
    self.units = units
    self.ai = ai
    self.swarm = swarm
  }
}

/// The size of the playing field in world units.
public struct ArenaSettings: Sendable, Equatable {
  /// Width in world units (64...100_000).
  public var width: Float
  /// Height in world units (64...100_000).
  public var height: Float

  /// Creates arena settings.
  public init(width: Float, height: Float) {
    self.width = width
    self.height = height
  }
}

/// How fast the simulation steps and when a match is called off.
public struct MatchSettings: Sendable, Equatable {
  /// Simulation steps per second of game time (1...1000).
  public var ticksPerSecond: Int
  /// Number of ticks after which the match ends undecided (1...100_000_000).
  public var tickLimit: Int

  /// Creates match settings.
  public init(ticksPerSecond: Int, tickLimit: Int) {
    self.ticksPerSecond = ticksPerSecond
    self.tickLimit = tickLimit
  }
}

/// Coin income, identical for both sides.
public struct EconomySettings: Sendable, Equatable {
  /// Coins each side has when the match starts (0...1e6).
  public var startingCoins: Float
  /// Coins each side earns per second of game time (0...1e6).
  public var coinsPerSecond: Float

  /// Creates economy settings.
  public init(startingCoins: Float, coinsPerSecond: Float) {
    self.startingCoins = startingCoins
    self.coinsPerSecond = coinsPerSecond
  }
}

/// A ranged weapon that fires projectiles, used by castles and some units.
public struct GunStats: Sendable, Equatable, Codable {
  /// Damage per projectile hit (0...1e6).
  public var damage: Float
  /// Maximum targeting distance (greater than 0, at most 1e5).
  public var range: Float
  /// Seconds between volleys (0.01...3600).
  public var cooldown: Float
  /// Projectile speed in world units per second (greater than 0, at most 1e5).
  public var projectileSpeed: Float
  /// Seconds a projectile lives before vanishing (greater than 0, at most 60).
  public var projectileLifetime: Float
  /// Radius of area damage on impact; 0 means single-target (0...1e4, default 0).
  public var splashRadius: Float
  /// Projectiles per volley (1...32, default 1).
  public var shotCount: Int
  /// Total fan angle of a volley in radians (0...3.14159, default 0).
  public var spreadAngle: Float

  /// Creates gun stats; splash, shot count and spread default to a single plain shot.
  public init(
    damage: Float, range: Float, cooldown: Float, projectileSpeed: Float,
    projectileLifetime: Float, splashRadius: Float = 0, shotCount: Int = 1,
    spreadAngle: Float = 0
  ) {
    self.damage = damage
    self.range = range
    self.cooldown = cooldown
    self.projectileSpeed = projectileSpeed
    self.projectileLifetime = projectileLifetime
    self.splashRadius = splashRadius
    self.shotCount = shotCount
    self.spreadAngle = spreadAngle
  }
}

/// A close-range attack.
public struct MeleeStats: Sendable, Equatable, Codable {
  /// Damage per hit (0...1e6).
  public var damage: Float
  /// Distance between edges at which a hit lands (greater than 0, at most 1e4).
  public var reach: Float
  /// Seconds between hits (0.01...3600).
  public var cooldown: Float

  /// Creates melee stats.
  public init(damage: Float, reach: Float, cooldown: Float) {
    self.damage = damage
    self.reach = reach
    self.cooldown = cooldown
  }
}

/// Stats shared by both castles.
public struct CastleStats: Sendable, Equatable {
  /// Starting and maximum health (greater than 0, at most 1e9).
  public var health: Float
  /// Collision radius (greater than 0, at most 1e4).
  public var radius: Float
  /// Distance of the castle centre from its side's left or right arena edge (0...1e5).
  public var inset: Float
  /// The castle's defensive gun.
  public var gun: GunStats

  /// Creates castle stats.
  public init(health: Float, radius: Float, inset: Float, gun: GunStats) {
    self.health = health
    self.radius = radius
    self.inset = inset
    self.gun = gun
  }
}

/// Stats for one kind of unit.
public struct UnitStats: Sendable, Equatable, Codable {
  /// Coins needed to spawn one (greater than 0, at most 1e6).
  public var cost: Float
  /// Starting and maximum health (greater than 0, at most 1e9).
  public var health: Float
  /// Movement speed in world units per second (0...1e5).
  public var speed: Float
  /// Collision radius (greater than 0, at most 1e4).
  public var radius: Float
  /// Health regained per second (0...1e6, default 0).
  public var regeneration: Float
  /// How the unit fights (JSON "melee" or "gun").
  public var weapon: Weapon

  /// Creates unit stats.
  public init(
    cost: Float, health: Float, speed: Float, radius: Float, regeneration: Float = 0,
    weapon: Weapon
  ) {
    self.cost = cost
    self.health = health
    self.speed = speed
    self.radius = radius
    self.regeneration = regeneration
    self.weapon = weapon
  }
}

/// How a computer player decides what to spawn.
public struct AIPolicy: Sendable, Equatable, Codable {
  /// Relative preference for each unit kind, 0...1000 (JSON "weights"; a kind left out
  /// weighs 0).
  public var weights: UnitTable<Float>
  /// Seconds between spawning decisions (0.01...3600).
  public var thinkInterval: Float
  /// Coins kept back and never spent (0...1e6).
  public var reserve: Float

  /// Creates a policy.
  public init(weights: UnitTable<Float>, thinkInterval: Float, reserve: Float) {
    self.weights = weights
    self.thinkInterval = thinkInterval
    self.reserve = reserve
  }

  /// The relative preference for `kind`; 0 for a kind the weights leave out.
  public func weight(of kind: UnitKind) -> Float { weights[kind] ?? 0 }
}

/// Policies for the two computer players.
public struct AISettings: Sendable, Equatable {
  /// Policy of the side whose castle is on the left.
  public var left: AIPolicy
  /// Policy of the side whose castle is on the right.
  public var right: AIPolicy

  /// Creates AI settings.
  public init(left: AIPolicy, right: AIPolicy) {
    self.left = left
    self.right = right
  }
}

/// A mass spawn used for stress tests and benchmarks.
///
/// A swarm states its density: its match sizes the arena to hold `count` monsters (or however
/// many `--entities` asks for) at `density`, keeping the shape of the scenario's `arena`. More
/// monsters make a bigger battlefield, not a denser one.
public struct SwarmSettings: Sendable, Equatable {
  /// Number of units to spawn (0...10_000_000).
  public var count: Int
  /// Monsters per million square world units (0.01...1_000_000).
  public var density: Float
  /// Relative share of each unit kind in the swarm (a kind left out has none).
  public var mix: UnitTable<Float>
  /// How the monsters are placed (JSON "layout": "scatter", the default, or "armies").
  public var layout: SwarmLayout

  /// Creates swarm settings.
  public init(count: Int, density: Float, mix: UnitTable<Float>, layout: SwarmLayout = .scatter) {
    self.count = count
    self.density = density
    self.mix = mix
    self.layout = layout
  }
}

/// How a swarm's monsters are placed in the arena.
public enum SwarmLayout: String, Sendable, Equatable, CaseIterable {
  /// Anywhere in the arena, each on a random side, marching on the enemy castle: a melee.
  case scatter
  /// Two armies in formation, one per side, filling the arena's outer thirds and marching
  /// straight at each other: fighters in front, gunners behind.
  case armies
}
