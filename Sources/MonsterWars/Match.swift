import TraitSandbox

/// One game of MonsterWars: a world set up from a scenario, and the rules that end it.
public struct Match {
  /// The scenario being played.
  public let scenario: Scenario
  /// The seed the world's randomness came from.
  public let seed: UInt64
  /// How many monsters the swarm placed, if not the scenario's count.
  public let swarmCount: Int?
  /// The simulation.
  public internal(set) var world: World
  /// How the match ended, once it has.
  public private(set) var outcome: MatchOutcome?
  private var counters: MatchStatistics

  /// Sets up a match: two castles and, for swarm scenarios, a pre-populated arena sized for
  /// the swarm at its density (see `Scenario.arenaSize(swarmCount:)`).
  ///
  /// The world registers the scenario roster's entity types (castle, units, their
  /// projectiles) in that order, which is the order it steps them.
  /// - Parameters:
  ///   - scenario: The rules, stats and unit types.
  ///   - seed: Seeds all randomness; the same seed replays the same match.
  ///   - swarmCount: Overrides how many monsters a swarm scenario places; at most
  ///     `scenario.maximumSwarmCount`.
  ///   - leftController: Who plays the left castle; the scenario's AI by default.
  ///   - rightController: Who plays the right castle; the scenario's AI by default.
  public init(
    scenario: Scenario, seed: UInt64, swarmCount: Int? = nil,
    leftController: CastleController? = nil, rightController: CastleController? = nil
  ) {
    self.scenario = scenario
    self.seed = seed
    self.swarmCount = swarmCount
    guard let arena = scenario.arenaSize(swarmCount: swarmCount) else {
      preconditionFailure(
        "\(swarmCount ?? 0) monsters need an arena side over \(Scenario.maximumArenaSide); "
          + "check against Scenario.maximumSwarmCount first")
    }
    var world = Self.emptyWorld(for: scenario, seed: seed, arena: arena)

    let castleSpots = PerSide(
      left: Vector2(scenario.castle.inset, arena.y / 2),
      right: Vector2(arena.x - scenario.castle.inset, arena.y / 2))
    let controllers = PerSide(
      left: leftController ?? .ai(scenario.ai.left),
      right: rightController ?? .ai(scenario.ai.right))
    for side in Side.allCases {
      world.spawn(
        Castle(
          stats: scenario.castle, economy: scenario.economy, side: side, at: castleSpots[side],
          armory: Self.armory(for: side, scenario: scenario, castles: castleSpots),
          controller: controllers[side]))
    }
    if let swarm = scenario.swarm {
      Self.populate(
        &world, swarm: swarm, count: swarmCount ?? swarm.count, scenario: scenario,
        castles: castleSpots, seed: seed)
    }
    self.world = world
    counters = MatchStatistics(world: world)
  }

  /// A world for `scenario` with its entity types registered and nothing in it.
  static func emptyWorld(for scenario: Scenario, seed: UInt64, arena: Vector2) -> World {
    var world = World(
      seed: seed, fixedDeltaTime: 1 / Float(scenario.match.ticksPerSecond), arenaSize: arena,
      schedule: scenario.roster.schedule, hostility: Hostility(factionCount: Side.allCases.count))
    for type in scenario.roster.entityTypes { world.register(type) }
    return world
  }

  /// A match put together from saved parts (see `MatchSnapshot`).
  init(
    scenario: Scenario, seed: UInt64, swarmCount: Int?, world: World, outcome: MatchOutcome?,
    statistics: MatchStatistics
  ) {
    self.scenario = scenario
    self.seed = seed
    self.swarmCount = swarmCount
    self.world = world
    self.outcome = outcome
    counters = statistics
  }

  /// The spawn and death counts kept so far (the living are not counted in).
  var counts: MatchStatistics { counters }

  private static func armory(
    for side: Side, scenario: Scenario, castles: PerSide<Vector2>
  ) -> Armory {
    Armory(roster: scenario.roster, units: scenario.units, enemyCastle: castles[side.opponent])
  }

  private static func populate(
    _ world: inout World, swarm: SwarmSettings, count: Int, scenario: Scenario,
    castles: PerSide<Vector2>, seed: UInt64
  ) {
    if swarm.layout == .armies {
      populateArmies(
        &world, swarm: swarm, count: count, scenario: scenario, castles: castles,
        seed: seed)
      return
    }
    // Placement uses its own stream so that the match's stream starts the same for any count.
    var random = SeededRandom(seed: seed ^ 0x5357_4152_4D00_0000)
    let armories = PerSide(
      left: armory(for: .left, scenario: scenario, castles: castles),
      right: armory(for: .right, scenario: scenario, castles: castles))
    let arena = world.arenaSize
    let fallback = scenario.roster.kinds[0]
    // Room for each kind's expected share and some slack, so the pools do not regrow (and copy
    // every monster) on the way to a million.
    let total = swarm.mix.total
    for type in scenario.roster.unitTypes where total > 0 {
      let share = Double(swarm.mix[type.kind] ?? 0) / Double(total)
      let expected = Double(count) * share
      world.reserveCapacity(Int(expected + 4 * expected.squareRoot()) + 16, for: type)
    }
    let kinds = scenario.roster.kinds
    // Each of the mix's kinds as its position in the roster, looked up once.
    let rosterIndex = swarm.mix.kinds.map { kind in UInt8(kinds.firstIndex(of: kind) ?? 0) }
    let fallbackIndex = UInt8(kinds.firstIndex(of: fallback) ?? 0)
    var placements: [Placement] = []
    placements.reserveCapacity(count)
    for _ in 0..<count {
      let side: Side = random.next() & 1 == 0 ? .left : .right
      let kind = swarm.mix.chooseIndex(using: &random).map { rosterIndex[$0] } ?? fallbackIndex
      let position = Vector2(
        random.nextFloat(in: 0...arena.x), random.nextFloat(in: 0...arena.y))
      placements.append(Placement(position: position, kind: kind, side: side))
    }
    // Placed in the world's grid order, so that the first tick walks memory in order too: one
    // bulk placement per side and kind, each in that order.
    world.sortSpatially(&placements) { $0.position }
    // One list per side and kind, by position in `Side.allCases` and the roster.
    var positions = [[Vector2]](repeating: [], count: Side.allCases.count * kinds.count)
    for placement in placements {
      positions[placement.side.rawValue * kinds.count + Int(placement.kind)].append(
        placement.position)
    }
    for side in Side.allCases {
      for (index, kind) in kinds.enumerated() {
        let group = positions[side.rawValue * kinds.count + index]
        if !group.isEmpty { armories[side].place(kind, side: side, at: group, in: &world) }
      }
    }
  }

  /// How many threads stepping may use; results are the same for any count (see
  /// `World.threadCount`).
  public var threadCount: Int {
    get { world.threadCount }
    set { world.threadCount = newValue }
  }

  /// Whether stepping measures each system's time (see `World.lastSystemTimes`).
  public var measuresSystemTimes: Bool {
    get { world.measuresSystemTimes }
    set { world.measuresSystemTimes = newValue }
  }

  /// Whether the match has ended.
  public var isOver: Bool { outcome != nil }

  /// Per entity type: spawned, killed and alive, per side.
  ///
  /// - Complexity: O(n) in the number of entities (the living are counted now).
  public var statistics: MatchStatistics {
    var statistics = counters
    statistics.refreshAlive(from: world)
    return statistics
  }

  /// The castle of one side, if it still stands.
  public func castle(of side: Side) -> Castle? {
    world.entities(of: Castle.self).first { $0.faction == side.faction }
  }

  /// Queues a player's purchase for a castle the player controls.
  ///
  /// - Returns: Whether it was queued: not when the castle has fallen or has
  ///   `Castle.maximumOrders` waiting.
  @discardableResult
  public mutating func order(_ kind: UnitKind, for side: Side) -> Bool {
    var queued = false
    world.modifyEntities(of: Castle.self) { castle in
      if castle.faction == side.faction { queued = castle.order(kind) }
    }
    return queued
  }

  /// Takes back a castle's newest order not yet paid for.
  ///
  /// - Returns: The kind it was for, or `nil` if none was waiting.
  @discardableResult
  public mutating func cancelLastOrder(for side: Side) -> UnitKind? {
    var cancelled: UnitKind?
    world.modifyEntities(of: Castle.self) { castle in
      if castle.faction == side.faction { cancelled = castle.cancelLastOrder() }
    }
    return cancelled
  }

  /// Advances one tick, unless the match is over, and decides the outcome.
  public mutating func step() {
    step(observingSystems: nil)
  }

  /// Advances one tick as `step()` does, calling `observe` after each of the world's systems
  /// (see `World.step(observingSystems:)`).
  mutating func step(observingSystems observe: ((String, StateHash) -> Void)?) {
    guard outcome == nil else { return }
    world.step(observingSystems: observe)
    counters.observe(world)
    // One look at the castles' factions per tick, for both sides: no castle is copied out.
    let castles = world.countByFaction(of: Castle.self)
    func stands(_ side: Side) -> Bool {
      castles.indices.contains(side.faction.index) && castles[side.faction.index] > 0
    }
    let standing = PerSide(left: stands(.left), right: stands(.right))
    switch (standing.left, standing.right) {
    case (true, false): outcome = .victory(.left)
    case (false, true): outcome = .victory(.right)
    case (false, false): outcome = .draw
    case (true, true):
      if world.tick >= UInt64(scenario.match.tickLimit) { outcome = .draw }
    }
  }
}

extension Match {
  /// Places two armies in formation, one per side (the left one takes the odd monster): each
  /// fills its outer third of the arena in a jittered grid, fighters in the front ranks and
  /// gunners behind, each kind in the swarm mix's share, and marches straight across at the
  /// enemy castle's distance, keeping its height, so the armies meet in a long front.
  fileprivate static func populateArmies(
    _ world: inout World, swarm: SwarmSettings, count: Int, scenario: Scenario,
    castles: PerSide<Vector2>, seed: UInt64
  ) {
    var random = SeededRandom(seed: seed ^ 0x4152_4D49_4553_0000)
    let arena = world.arenaSize
    let roster = scenario.roster
    // Fighters first: they make the front ranks.
    let order = roster.unitTypes.indices.sorted {
      let first = roster.unitTypes[$0].weaponKind == .melee ? 0 : 1
      let second = roster.unitTypes[$1].weaponKind == .melee ? 0 : 1
      return first != second ? first < second : $0 < $1
    }
    for side in Side.allCases {
      let share = side == .left ? (count + 1) / 2 : count / 2
      guard share > 0 else { continue }
      let counts = Self.split(share, by: swarm.mix, kinds: roster.kinds)
      let width = arena.x * 0.32
      let height = arena.y * 0.84
      let top = arena.y * 0.08
      let front = side == .left ? arena.x * 0.42 : arena.x * 0.58
      let back: Float = side == .left ? -1 : 1
      let columns = max(1, Int((Double(share) * Double(width / height)).squareRoot().rounded(.up)))
      let rows = (share + columns - 1) / columns
      let dx = width / Float(columns)
      let dy = height / Float(rows)
      var positions: [[Vector2]] = roster.kinds.map { _ in [] }
      var slot = 0
      for kindIndex in order {
        for _ in 0..<counts[kindIndex] {
          let column = slot / rows
          let row = slot % rows
          slot += 1
          let x = front + back * (Float(column) + 0.5) * dx
          let y = top + (Float(row) + 0.5) * dy
          positions[kindIndex].append(
            Vector2(
              x + random.nextFloat(in: -0.3...0.3) * dx, y + random.nextFloat(in: -0.3...0.3) * dy))
        }
      }
      let targetX = castles[side.opponent].x
      for (kindIndex, type) in roster.unitTypes.enumerated() where !positions[kindIndex].isEmpty {
        guard let stats = scenario.units[type.kind] else { continue }
        var placed = positions[kindIndex]
        world.sortSpatially(&placed) { $0 }
        type.placeAll(
          stats: stats, side: side, at: placed, marchingOn: placed.map { Vector2(targetX, $0.y) },
          in: &world)
      }
    }
  }

  /// `total` split between `kinds` in the shares of `mix`, the remainder going to the kinds
  /// with the largest fractions (the first of equal ones); all to the first kind if the mix
  /// weighs nothing.
  fileprivate static func split(_ total: Int, by mix: UnitTable<Float>, kinds: [UnitKind]) -> [Int]
  {
    let weights = kinds.map { Double(mix[$0] ?? 0) }
    let sum = weights.reduce(0, +)
    guard sum > 0 else { return kinds.indices.map { $0 == 0 ? total : 0 } }
    let exact = weights.map { Double(total) * $0 / sum }
    var counts = exact.map { Int($0.rounded(.down)) }
    let remainder = total - counts.reduce(0, +)
    let byFraction = kinds.indices.sorted {
      let first = exact[$0] - Double(counts[$0])
      let second = exact[$1] - Double(counts[$1])
      return first != second ? first > second : $0 < $1
    }
    for index in byFraction.prefix(remainder) { counts[index] += 1 }
    return counts
  }
}

extension Monster {
  /// Places one unit of this type at each of `positions`, each marching on its own target.
  fileprivate static func placeAll(
    stats: UnitStats, side: Side, at positions: [Vector2], marchingOn targets: [Vector2],
    in world: inout World
  ) {
    world.spawn(
      contentsOf: zip(positions, targets).map {
        Self(stats: stats, side: side, at: $0, marchingOn: $1)
      })
  }
}

/// One monster a swarm places: where, which kind (its position in the roster) and which side.
private struct Placement {
  var position: Vector2
  var kind: UInt8
  var side: Side
}
