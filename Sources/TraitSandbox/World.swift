import Dispatch
import Frames

/// The simulation: every entity, kept in one table of columns per entity type, stepped by the
/// systems of a `Schedule`.
///
/// `step()` advances exactly one fixed tick and is a pure function of the world's state, so the
/// same seed and the same sequence of calls always give the same `stateHash()`.
public struct World {
  /// Ticks simulated so far.
  public internal(set) var tick: UInt64 = 0
  /// The fixed time step of one tick, in seconds.
  public let fixedDeltaTime: Float
  /// The arena's width and height in world units.
  public let arenaSize: Vector2
  /// The phases and systems a tick runs, in order.
  public let schedule: Schedule
  /// Which factions fight which.
  public let hostility: Hostility
  /// Every system in the order a tick runs them (the schedule's phases, flattened).
  public let systems: [TraitSystem]
  /// The simulation's random number generator, between ticks.
  public internal(set) var random: SeededRandom

  /// How many threads `step()` may use for the systems that run in parallel; 1 by default.
  /// Results are bit-identical for any count.
  public var threadCount = 1 {
    didSet { precondition(threadCount >= 1, "threadCount must be at least 1") }
  }

  /// The fewest entities a thread of `step()` gets: a tick shares its work between at most
  /// `entityCount / minimumEntitiesPerThread` threads (`tickThreadCount`), so a world of a few
  /// hundred entities steps on one, where handing its short steps between cores would cost
  /// more than it saves; 2,048 by default. Results are bit-identical for any value.
  public var minimumEntitiesPerThread = 2_048 {
    didSet {
      precondition(minimumEntitiesPerThread >= 1, "minimumEntitiesPerThread must be at least 1")
    }
  }

  /// The threads the last `step()` shared its work between: `threadCount`, or fewer for a
  /// world too small for them (`minimumEntitiesPerThread`).
  public internal(set) var tickThreadCount = 1

  /// Whether `step()` measures how long each system takes (for a debug overlay).
  public var measuresSystemTimes = false
  /// Seconds each system took during the last step, in `systems` order; empty unless
  /// `measuresSystemTimes` was on.
  public internal(set) var lastSystemTimes: [Double] = []
  /// Seconds the end of the last step took, after its systems; zero unless
  /// `measuresSystemTimes` was on.
  public internal(set) var lastTickEndTimes = TickEndTimes()
  /// How the last step's systems and end used their threads; empty unless
  /// `measuresSystemTimes` was on.
  public internal(set) var lastTickParallelism = TickParallelism()
  /// What happened to entities during the last step: deaths as they happened, then spawns.
  public internal(set) var lastEvents: [EntityEvent] = []

  var tables: [any AnyEntityTable] = []
  /// For each system, the tables it is bound to, in registration order.
  var tablesBySystem: [[Int]]
  var tableIndexByType: [ObjectIdentifier: Int] = [:]
  @usableFromInline internal var nextID: UInt64 = 1
  var targets: TargetIndex
  @usableFromInline internal var isStepping = false
  /// The spatial sort's scratch buffers, one per table, kept from sort to sort.
  var sortScratch: [SpatialSortScratch] = []
  /// How long each item of each parallel step took on the last tick it ran on more than one
  /// thread (a chunk, or a chunk handed through the step's systems), by the step's first
  /// system: the order the items are handed out in next (see `stepAcrossTypes`).
  /// Not part of the world's state: no result depends on it.
  var chunkDurations: [[UInt64]] = []
  /// The systems of each parallel step (`stepPlan`), as planned for `plannedTables` tables.
  var plannedSteps: [PlannedStep] = []
  var plannedTables = -1

  /// Creates an empty world.
  ///
  /// - Parameters:
  ///   - seed: Seeds the world's random number generator.
  ///   - fixedDeltaTime: Seconds per tick; must be positive.
  ///   - arenaSize: The arena's width and height.
  ///   - schedule: The phases and systems to run; the built-in traits' by default.
  ///   - hostility: The factions and who fights whom; two hostile factions by default.
  public init(
    seed: UInt64, fixedDeltaTime: Float, arenaSize: Vector2,
    schedule: Schedule = .standard, hostility: Hostility = Hostility()
  ) {
    precondition(fixedDeltaTime > 0 && fixedDeltaTime.isFinite, "fixedDeltaTime must be positive")
    self.fixedDeltaTime = fixedDeltaTime
    self.arenaSize = arenaSize
    self.schedule = schedule
    self.hostility = hostility
    self.systems = schedule.systems
    self.random = SeededRandom(seed: seed)
    self.tablesBySystem = [[Int]](repeating: [], count: systems.count)
    self.targets = TargetIndex(hostility: hostility)
  }

  // MARK: - Entity types

  /// Registers an entity type, binding every system whose trait it has.
  ///
  /// Conformance checks happen here, once per type; registering a type again does nothing.
  /// Spawning an unregistered type registers it, so calling this only fixes the type's place in
  /// the stepping order.
  public mutating func register<Entity: GameObject>(_ type: Entity.Type) {
    _ = tableIndex(for: type)
  }

  /// Registers a type given as a metatype value, e.g. from a game's list of entity types.
  public mutating func register(_ type: any GameObject.Type) {
    _ = tableIndex(for: type)
  }

  mutating func tableIndex<Entity: GameObject>(for type: Entity.Type) -> Int {
    if let index = tableIndexByType[ObjectIdentifier(type)] { return index }
    var jobs = [SystemJob<Entity>?](repeating: nil, count: systems.count)
    var components: [ComponentSlot<Entity>] = []
    var names: [String] = []
    var traits: [String] = []
    for (systemIndex, system) in systems.enumerated() {
      guard case .perType(let bind) = system.body, let erased = bind(type) else { continue }
      guard let job = erased as? SystemJob<Entity> else {
        preconditionFailure("system \(system.name) bound \(Entity.typeName) to a foreign job")
      }
      jobs[systemIndex] = job
      names.append(system.name)
      if let trait = system.traitName, !traits.contains(trait) { traits.append(trait) }
      if !components.contains(where: { $0.keyPath == job.component.keyPath }) {
        components.append(job.component)
      }
    }
    tables.append(
      EntityTable<Entity>(
        jobs: jobs, components: components, systemNames: names, traitNames: traits))
    let index = tables.count - 1
    tableIndexByType[ObjectIdentifier(type)] = index
    for systemIndex in jobs.indices where jobs[systemIndex] != nil {
      tablesBySystem[systemIndex].append(index)
    }
    return index
  }

  /// The names of the systems bound to an entity type, or `nil` if it is not registered.
  public func systemNames<Entity: GameObject>(for type: Entity.Type) -> [String]? {
    tableIndexByType[ObjectIdentifier(type)].map { tables[$0].systemNames }
  }

  /// Every registered entity type with its traits, components, systems, live count and size,
  /// in registration order: what `sandbox describe` prints.
  public var entityTypes: [EntityTypeDescription] {
    tables.map { table in
      EntityTypeDescription(
        entityType: table.entityType, name: table.typeName, traits: table.traitNames,
        components: table.componentTypeNames,
        systems: table.systemNames, entityCount: table.entityCount,
        entityStride: table.entityStride,
        accesses: systems.indices.compactMap { system in
          table.accesses(of: system).map { (systems[system].name, $0) }
        }.map { EntityTypeDescription.SystemAccess(system: $0.0, accesses: $0.1) },
        layout: table.layout)
    }
  }

  // MARK: - Entities

  /// Adds an entity now, between ticks (for setting up a scene).
  ///
  /// - Returns: The entity's new identity.
  @discardableResult
  public mutating func spawn<Entity: GameObject>(_ entity: Entity) -> EntityID<Entity> {
    precondition(!isStepping, "spawn during a tick goes through TickContext.spawn")
    hostility.checkFaction(of: entity)
    let id = EntityID<Entity>(rawValue: nextID)
    nextID += 1
    var noEvents: [EntityEvent]? = nil
    tables[tableIndex(for: Entity.self)].append(entity, id: id.rawValue, events: &noEvents)
    return id
  }

  /// Adds entities of one type now, between ticks, in order (for setting up a big scene): the
  /// identities are given in code specialised for the type, and the pool grows once and takes
  /// all of them in one copy (none, if it was empty).
  ///
  /// - Returns: The entities' new identities, consecutive and in order.
  /// - Complexity: O(n) in the entities added.
  @inlinable
  @discardableResult
  public mutating func spawn<Entity: GameObject>(
    contentsOf entities: [Entity]
  ) -> [EntityID<Entity>] {
    precondition(!isStepping, "spawn during a tick goes through TickContext.spawn")
    let first = nextID
    let count = entities.count
    var batch = ContiguousArray(entities)
    let hostility = hostility
    for offset in batch.indices {
      hostility.checkFaction(of: batch[offset])
      batch[offset].id = EntityID(rawValue: first + UInt64(offset))
    }
    nextID += UInt64(count)
    var noEvents: [EntityEvent]? = nil
    insert(moving: &batch, events: &noEvents)
    return (0..<UInt64(count)).map { EntityID(rawValue: first + $0) }
  }

  /// The live entity with identity `id`, or `nil` once it has left the world.
  ///
  /// - Complexity: O(log n) in the number of entities of its type.
  public subscript<Entity: GameObject>(id: EntityID<Entity>) -> Entity? {
    guard let index = tableIndexByType[ObjectIdentifier(Entity.self)],
      let table = tables[index] as? EntityTable<Entity>,
      let position = table.index(of: id.erased)
    else { return nil }
    return table.columns.read(at: position)
  }

  /// Whether an entity of any type with identity `id` is alive.
  ///
  /// - Complexity: O(types x log n).
  public func contains(_ id: AnyEntityID) -> Bool {
    tables.contains { $0.contains(id) }
  }

  /// Reorders `items` (what a scene is about to place, say) into the grid-cell order the
  /// world keeps its entities in (see `spatialSortInterval`): a crowd placed in this order is
  /// stepped in memory order from the first tick, which otherwise pays for a random order.
  ///
  /// The grid is the one the first tick will build if every entity, placed and to be placed,
  /// has health. Items in one cell keep their order.
  /// - Complexity: O(n), moving each item twice.
  @inlinable
  public func sortSpatially<Item>(_ items: inout [Item], by position: (Item) -> Vector2) {
    guard items.count > 1 else { return }
    let grid = TargetIndex.gridShape(arenaSize: arenaSize, entryCount: entityCount + items.count)
    var keys = items.map { grid.cell(of: position($0)) }
    SpatialGrid.sort(&items, byKeys: &keys, keyBits: grid.keyBits)
  }

  /// Makes room for `count` entities of one type in all, so that placing many does not grow
  /// the table step by step (each step copies every entity).
  ///
  /// - Complexity: O(n) in the entities already there.
  public mutating func reserveCapacity<Entity: GameObject>(_ count: Int, for type: Entity.Type) {
    tables[tableIndex(for: type)].reserveCapacity(count)
  }

  /// Makes room for `count` entities of a type given as a metatype value.
  public mutating func reserveCapacity(_ count: Int, for type: any GameObject.Type) {
    tables[tableIndex(for: type)].reserveCapacity(count)
  }

  /// The live entities of one type, in storage order: grid-cell order as of the last spatial
  /// sort (see `spatialSortInterval`), then the entities spawned since.
  ///
  /// - Complexity: O(n): each entity is copied out of the columns.
  public func entities<Entity: GameObject>(of type: Entity.Type) -> ContiguousArray<Entity> {
    guard let index = tableIndexByType[ObjectIdentifier(type)],
      let table = tables[index] as? EntityTable<Entity>
    else { return [] }
    return table.readingPool().entities
  }

  /// Changes every live entity of one type between ticks (for live tuning and player input).
  ///
  /// Identities cannot change: `body`'s changes to `id` are undone.
  public mutating func modifyEntities<Entity: GameObject>(
    of type: Entity.Type, _ body: (inout Entity) -> Void
  ) {
    guard let index = tableIndexByType[ObjectIdentifier(type)] else { return }
    // In place, through the table's own method: a copy of the table would share its columns
    // and make the change copy them all.
    tables[index].modifyEntities(body)
  }

  /// The traits, components and values of one live entity, for an inspector; `nil` if no
  /// entity has that identity.
  ///
  /// - Complexity: O(types x log n).
  public func inspect(_ id: AnyEntityID) -> EntityInspection? {
    for table in tables {
      if let inspection = table.inspect(id) { return inspection }
    }
    return nil
  }

  /// The number of live entities of every type.
  public var entityCount: Int {
    tables.reduce(0) { $0 + $1.entityCount }
  }

  /// How many entities of each type are alive, per faction, in registration order.
  ///
  /// - Complexity: O(n) in the number of entities.
  public var census: [EntityCensus] {
    tables.map { table in
      EntityCensus(
        entityType: table.entityType, typeName: table.typeName,
        countByFaction: table.factionCounts(factionCount: hostility.factionCount))
    }
  }

  /// How many entities of one type are alive in each faction, by faction index: what
  /// `census` says of that type, read from its faction column without copying an entity out.
  ///
  /// - Complexity: O(n) in the type's entities.
  public func countByFaction<Entity: GameObject>(of type: Entity.Type) -> [Int] {
    guard let index = tableIndexByType[ObjectIdentifier(type)] else {
      return [Int](repeating: 0, count: hostility.factionCount)
    }
    return tables[index].factionCounts(factionCount: hostility.factionCount)
  }

  // MARK: - Frames

  /// Sets `builder`'s instances to every drawable entity's picture (`drawInstances()`).
  ///
  /// Drawing only reads the world: it never changes the simulation or its `stateHash()`.
  /// - Complexity: O(n) in the number of entities, shared between the world's threads.
  public func draw(into builder: inout FrameBuilder) {
    builder.instances = drawInstances()
  }

  /// A frame of the whole world: every drawable entity, over an optional background.
  public func makeFrame(background: SpriteID? = nil) -> Frame {
    Frame(
      tick: tick, worldWidth: arenaSize.x, worldHeight: arenaSize.y, background: background,
      instances: drawInstances())
  }

}

extension GameObject {
  /// The identity without its type, for code that holds `any GameObject`.
  var erasedID: AnyEntityID { id.erased }
}
