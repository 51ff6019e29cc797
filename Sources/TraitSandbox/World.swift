import Frames

/// The simulation: every entity, kept in one contiguous pool per entity type, stepped by trait
/// systems in fixed phases.
///
/// `step()` advances exactly one fixed tick and is a pure function of the world's state, so the
/// same seed and the same sequence of calls always give the same `stateHash()`.
public struct World {
  /// Ticks simulated so far.
  public private(set) var tick: UInt64 = 0
  /// The fixed time step of one tick, in seconds.
  public let fixedDeltaTime: Float
  /// The arena's width and height in world units.
  public let arenaSize: Vector2
  /// The systems this world runs, in their order within each phase.
  public let systems: [TraitSystem]
  /// The simulation's random number generator, between ticks.
  public private(set) var random: SeededRandom

  /// Whether `step()` measures how long each system takes (for a debug overlay).
  public var measuresSystemTimes = false
  /// Seconds each system took during the last step, in `systems` order; empty unless
  /// `measuresSystemTimes` was on.
  public private(set) var lastSystemTimes: [Double] = []

  private var pools: [any AnyEntityPool] = []
  /// For each phase, the pools with a job in it, so a tick skips calls that would do nothing.
  private var poolsByPhase = [[Int]](repeating: [], count: Phase.allCases.count)
  private var poolIndexByType: [ObjectIdentifier: Int] = [:]
  private var nextID: UInt64 = 1
  private var targets = TargetIndex()
  private var isStepping = false

  /// Creates an empty world.
  ///
  /// - Parameters:
  ///   - seed: Seeds the world's random number generator.
  ///   - fixedDeltaTime: Seconds per tick; must be positive.
  ///   - arenaSize: The arena's width and height.
  ///   - systems: The systems to run; the built-in traits' systems by default.
  public init(
    seed: UInt64, fixedDeltaTime: Float, arenaSize: Vector2,
    systems: [TraitSystem] = TraitSystem.standard
  ) {
    precondition(fixedDeltaTime > 0 && fixedDeltaTime.isFinite, "fixedDeltaTime must be positive")
    self.fixedDeltaTime = fixedDeltaTime
    self.arenaSize = arenaSize
    self.systems = systems
    self.random = SeededRandom(seed: seed)
  }

  // MARK: - Entity types

  /// Registers an entity type, binding every system whose trait it has.
  ///
  /// Conformance checks happen here, once per type; registering a type again does nothing.
  /// Spawning an unregistered type registers it, so calling this only fixes the type's place in
  /// the stepping order.
  public mutating func register<Entity: GameObject>(_ type: Entity.Type) {
    _ = poolIndex(for: type)
  }

  private mutating func poolIndex<Entity: GameObject>(for type: Entity.Type) -> Int {
    if let index = poolIndexByType[ObjectIdentifier(type)] { return index }
    var jobs = [[SystemJob<Entity>]](repeating: [], count: Phase.allCases.count)
    var names: [String] = []
    var traits: [String] = []
    for (systemIndex, system) in systems.enumerated() {
      guard let erased = system.bind(type) else { continue }
      guard var job = erased as? SystemJob<Entity> else {
        preconditionFailure("system \(system.name) bound \(Entity.typeName) to a foreign job")
      }
      job.systemIndex = systemIndex
      jobs[system.phase.rawValue].append(job)
      names.append(system.name)
      if !traits.contains(system.trait) { traits.append(system.trait) }
    }
    pools.append(EntityPool<Entity>(jobs: jobs, systemNames: names, traitNames: traits))
    let index = pools.count - 1
    poolIndexByType[ObjectIdentifier(type)] = index
    for phase in Phase.allCases where !jobs[phase.rawValue].isEmpty {
      poolsByPhase[phase.rawValue].append(index)
    }
    return index
  }

  /// The names of the systems bound to an entity type, or `nil` if it is not registered.
  public func systemNames<Entity: GameObject>(for type: Entity.Type) -> [String]? {
    poolIndexByType[ObjectIdentifier(type)].map { pools[$0].systemNames }
  }

  // MARK: - Entities

  /// Adds an entity now, between ticks (for setting up a scene).
  ///
  /// - Returns: The entity's new identity.
  @discardableResult
  public mutating func spawn<Entity: GameObject>(_ entity: Entity) -> EntityID {
    precondition(!isStepping, "spawn during a tick goes through TickContext.spawn")
    var entity = entity
    entity.id = EntityID(rawValue: nextID)
    nextID += 1
    pools[poolIndex(for: Entity.self)].append(entity, countingAsSpawn: false)
    return entity.id
  }

  /// The live entities of one type, in spawn order.
  ///
  /// - Complexity: O(1); the array shares storage with the world until either changes.
  public func entities<Entity: GameObject>(of type: Entity.Type) -> ContiguousArray<Entity> {
    guard let index = poolIndexByType[ObjectIdentifier(type)],
      let pool = pools[index] as? EntityPool<Entity>
    else { return [] }
    return pool.entities
  }

  /// Changes every live entity of one type between ticks (for live tuning and player input).
  public mutating func modifyEntities<Entity: GameObject>(
    of type: Entity.Type, _ body: (inout Entity) -> Void
  ) {
    guard let index = poolIndexByType[ObjectIdentifier(type)],
      var pool = pools[index] as? EntityPool<Entity>
    else { return }
    // Drop the world's copy, so the entities' storage is uniquely referenced and changes in
    // place instead of being copied.
    pools[index] = EntityPool<Entity>(jobs: [], systemNames: [], traitNames: [])
    for entityIndex in pool.indices {
      let id = pool[entityIndex].id
      body(&pool[entityIndex])
      pool[entityIndex].id = id
    }
    pools[index] = pool
  }

  /// The traits, components and values of one live entity, for an inspector; `nil` if no
  /// entity has that identity.
  ///
  /// - Complexity: O(types x log n).
  public func inspect(_ id: EntityID) -> EntityInspection? {
    for pool in pools {
      if let inspection = pool.inspect(id) { return inspection }
    }
    return nil
  }

  /// The number of live entities of every type.
  public var entityCount: Int {
    pools.reduce(0) { $0 + $1.entityCount }
  }

  /// Per-type counts of live, spawned and killed entities, in registration order.
  public var statistics: [EntityStatistics] {
    pools.map(\.statistics)
  }

  // MARK: - Stepping

  /// Advances the simulation by one fixed tick: every phase in order, then the tick's spawns
  /// and despawns.
  ///
  /// - Complexity: O(n) in the number of entities, plus the targets each query visits.
  public mutating func step() {
    tick += 1
    var oldTargets = TargetIndex()
    swap(&oldTargets, &targets)
    oldTargets.removeAll()
    var context = TickContext(
      tick: tick, deltaTime: fixedDeltaTime, arenaSize: arenaSize, random: random,
      targets: oldTargets, nextID: nextID)
    isStepping = true
    var timings: [Double]? =
      measuresSystemTimes ? [Double](repeating: 0, count: systems.count) : nil
    for phase in Phase.allCases {
      for index in poolsByPhase[phase.rawValue] {
        pools[index].run(phase, in: &context, timings: &timings)
      }
      if phase == .index {
        context.targets.buildGrid(arenaSize: arenaSize)
      }
    }
    isStepping = false
    lastSystemTimes = timings ?? []
    random = context.random
    nextID = context.nextID
    var despawned = context.despawned
    despawned.sort()
    if !despawned.isEmpty {
      for index in pools.indices { pools[index].removeAll(sortedIDs: despawned) }
    }
    for entity in context.spawnQueue where !Self.contains(despawned, entity.id) {
      insert(entity)
    }
    swap(&targets, &context.targets)
  }

  /// Binary search in sorted identities.
  private static func contains(_ sorted: [EntityID], _ id: EntityID) -> Bool {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < id { low = middle + 1 } else { high = middle }
    }
    return low < sorted.count && sorted[low] == id
  }

  private mutating func insert<Entity: GameObject>(_ entity: Entity) {
    pools[poolIndex(for: Entity.self)].append(entity, countingAsSpawn: true)
  }

  // MARK: - Frames

  /// Adds every drawable entity's picture to `builder`, type by type in registration order.
  ///
  /// Drawing only reads the world: it never changes the simulation or its `stateHash()`.
  /// - Complexity: O(n) in the number of entities.
  public func draw(into builder: inout FrameBuilder) {
    for pool in pools { pool.draw(into: &builder) }
  }

  /// A frame of the whole world: every drawable entity, over an optional background.
  public func makeFrame(background: SpriteID? = nil) -> Frame {
    var builder = FrameBuilder()
    draw(into: &builder)
    return builder.frame(
      tick: tick, worldWidth: arenaSize.x, worldHeight: arenaSize.y, background: background)
  }

  // MARK: - State hash

  /// A 64-bit fingerprint of the whole simulation state: tick, random state, next identity and
  /// every entity's components, in a fixed order.
  ///
  /// - Complexity: O(n) in the number of entities.
  public func stateHash() -> StateHash {
    var hasher = StateHasher()
    hasher.combine(tick)
    hasher.combine(nextID)
    random.hash(into: &hasher)
    hasher.combine(pools.count)
    for pool in pools { pool.hashState(into: &hasher) }
    return hasher.finalize()
  }
}
