import TraitSandbox

/// How a match ended.
public enum MatchOutcome: Sendable, Equatable {
  /// One side destroyed the other's castle.
  case victory(Team)
  /// The tick limit came first, or both castles fell on the same tick.
  case draw

  /// The winning side, or `nil` for a draw.
  public var winner: Team? {
    if case .victory(let team) = self { team } else { nil }
  }
}

/// One game of MonsterWars: a world set up from a scenario, and the rules that end it.
public struct Match {
  /// The scenario being played.
  public let scenario: Scenario
  /// The seed the world's randomness came from.
  public let seed: UInt64
  /// The simulation.
  public internal(set) var world: World
  /// How the match ended, once it has.
  public private(set) var outcome: MatchOutcome?

  /// The entity types of MonsterWars, in the order the world steps them.
  public static let entityTypes: [any GameObject.Type] = [
    Castle.self, QuirkMonster.self, ZapMonster.self, MunchMonster.self, LaserBolt.self,
    Cannonball.self,
  ]

  /// Sets up a match: two castles and, for swarm scenarios, a pre-populated arena.
  ///
  /// - Parameters:
  ///   - scenario: The rules and stats.
  ///   - seed: Seeds all randomness; the same seed replays the same match.
  ///   - swarmCount: Overrides how many monsters a swarm scenario places.
  ///   - leftController: Who plays the left castle; the scenario's AI by default.
  public init(
    scenario: Scenario, seed: UInt64, swarmCount: Int? = nil,
    leftController: CastleController? = nil
  ) {
    self.scenario = scenario
    self.seed = seed
    let arena = Vector2(scenario.arena.width, scenario.arena.height)
    var world = World(
      seed: seed, fixedDeltaTime: 1 / Float(scenario.match.ticksPerSecond), arenaSize: arena)
    for type in Self.entityTypes { world.register(type) }

    let castleSpots = PerTeam(
      left: Vector2(scenario.castle.inset, arena.y / 2),
      right: Vector2(arena.x - scenario.castle.inset, arena.y / 2))
    let controllers = PerTeam(
      left: leftController ?? .ai(scenario.ai.left), right: .ai(scenario.ai.right))
    for team in Team.allCases {
      let armory = Armory(units: scenario.units, enemyCastle: castleSpots[team.opponent])
      world.spawn(
        Castle(
          stats: scenario.castle, economy: scenario.economy, team: team, at: castleSpots[team],
          armory: armory, controller: controllers[team]))
    }
    if let swarm = scenario.swarm {
      Self.populate(
        &world, swarm: swarm, count: swarmCount ?? swarm.count, scenario: scenario,
        castles: castleSpots, seed: seed)
    }
    self.world = world
  }

  private static func populate(
    _ world: inout World, swarm: SwarmSettings, count: Int, scenario: Scenario,
    castles: PerTeam<Vector2>, seed: UInt64
  ) {
    // Placement uses its own stream so that the match's stream starts the same for any count.
    var random = SeededRandom(seed: seed ^ 0x5357_4152_4D00_0000)
    let armories = PerTeam(
      left: Armory(units: scenario.units, enemyCastle: castles.right),
      right: Armory(units: scenario.units, enemyCastle: castles.left))
    let arena = world.arenaSize
    for _ in 0..<count {
      let team: Team = random.next() & 1 == 0 ? .left : .right
      let kind = swarm.mix.choose(using: &random) ?? .quirk
      let position = Vector2(
        random.nextFloat(in: 0...arena.x), random.nextFloat(in: 0...arena.y))
      armories[team].place(kind, team: team, at: position, in: &world)
    }
  }

  /// Whether stepping measures each system's time (see `World.lastSystemTimes`).
  public var measuresSystemTimes: Bool {
    get { world.measuresSystemTimes }
    set { world.measuresSystemTimes = newValue }
  }

  /// Whether the match has ended.
  public var isOver: Bool { outcome != nil }

  /// The castle of one side, if it still stands.
  public func castle(of team: Team) -> Castle? {
    world.entities(of: Castle.self).first { $0.team == team }
  }

  /// Queues a player's purchase for a castle the player controls.
  public mutating func order(_ kind: UnitKind, for team: Team) {
    world.modifyEntities(of: Castle.self) { castle in
      if castle.team == team { castle.order(kind) }
    }
  }

  /// Advances one tick, unless the match is over, and decides the outcome.
  public mutating func step() {
    guard outcome == nil else { return }
    world.step()
    let standing = PerTeam(left: castle(of: .left) != nil, right: castle(of: .right) != nil)
    switch (standing.left, standing.right) {
    case (true, false): outcome = .victory(.left)
    case (false, true): outcome = .victory(.right)
    case (false, false): outcome = .draw
    case (true, true):
      if world.tick >= UInt64(scenario.match.tickLimit) { outcome = .draw }
    }
  }
}
