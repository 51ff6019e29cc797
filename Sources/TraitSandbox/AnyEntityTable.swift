import Dispatch
import Frames

/// The world's view of one entity type's table without its type: one dynamic call per table
/// and system, each into code specialised for the type.
internal protocol AnyEntityTable {
  var entityType: ObjectIdentifier { get }
  var typeName: String { get }
  var entityCount: Int { get }
  var entityStride: Int { get }
  var layout: EntityLayout { get }
  var systemNames: [String] { get }
  var traitNames: [String] { get }
  var componentTypeNames: [String] { get }
  func accesses(of system: Int) -> ColumnAccesses?
  /// What the type's job for `system` declares it does to the rest of the world, if bound.
  func effects(of system: Int) -> TickEffects?
  func factionCounts(factionCount: Int) -> [Int]
  mutating func reserveCapacity(_ count: Int)
  mutating func run(
    system: Int, chunkSize: Int?, salt: UInt64, in context: inout TickContext,
    timings: inout [Double]?)
  mutating func chunks(system: Int, chunkSize: Int) -> _SystemChunks?
  #if DEBUG
    func checkEffects(of system: Int, before: EffectCounts, after: EffectCounts)
  #endif
  func inspect(_ id: AnyEntityID) -> EntityInspection?
  func contains(_ id: AnyEntityID) -> Bool
  mutating func removeAll(sortedIDs: [AnyEntityID], threads: Int)
  func removalSplits(count: Int, threads: Int) -> Bool
  mutating func modifyEntities<Modified: GameObject>(_ body: (inout Modified) -> Void)
  var positionWords: (columns: UntypedColumns, offset: Int)? { get }
  func appendCells(in grid: SpatialGrid, to keys: inout [UInt32])
  mutating func columnsToReorder() -> UntypedColumns
  mutating func renumber(movingTo destination: UnsafeBufferPointer<Int32>)
  mutating func append<Spawned: GameObject>(
    _ entity: Spawned, id: UInt64, events: inout [EntityEvent]?)
  mutating func append<Spawned: GameObject>(
    moving entities: inout ContiguousArray<Spawned>, events: inout [EntityEvent]?)
  func hashState(into hasher: inout StateHasher, threads: Int)
  func isBound(to system: Int) -> Bool
  var savedTable: SavedTable { get }
  func saveValues(to archive: inout ArchiveWriter) throws
  func saveColumns(to sink: inout some SnapshotSink) throws
  func checkSaved(_ saved: SavedTable, archive: ArchiveReader) throws(ArchiveError)
  mutating func restoreValues(
    count: Int, from archive: inout ArchiveReader, hostility: Hostility
  ) throws(ArchiveError)
  mutating func restoreColumns(
    count: Int, from reader: inout SnapshotReader, hostility: Hostility
  ) throws(ArchiveError)
  var directory: ContiguousArray<DirectoryEntry> { get }
  /// How the table's entities are drawn, if they are: their sprite, layers and dot.
  var instanceKind: InstanceKind? { get }
  /// Writes the entities at `range` of storage into a frame's instance columns.
  func writeInstances(_ range: Range<Int>, into writer: inout InstanceWriter)
}

extension EntityTable: AnyEntityTable {
  var entityType: ObjectIdentifier { ObjectIdentifier(Entity.self) }

  var typeName: String { Entity.typeName }

  var entityCount: Int { columns.count }

  var entityStride: Int { MemoryLayout<Entity>.stride }

  var componentTypeNames: [String] { components.map(\.typeName) }

  func isBound(to system: Int) -> Bool { boundSystems[system] }

  func accesses(of system: Int) -> ColumnAccesses? { jobs[system]?.accesses }
  func effects(of system: Int) -> TickEffects? { jobs[system]?.effects }

  mutating func reserveCapacity(_ count: Int) {
    makeUnique()
    columns.reserveCapacity(count)
  }

  func factionCounts(factionCount: Int) -> [Int] {
    var counts = [Int](repeating: 0, count: factionCount)
    if let offset = layout.factionOffset {
      let stored = UntypedColumns(columns)
      for index in 0..<columns.count {
        let faction = Int(stored.byte(offset, at: index))
        if faction < factionCount { counts[faction] += 1 }
      }
    } else {
      readingPool().forEach { entity in
        if entity.faction.index < factionCount { counts[entity.faction.index] += 1 }
      }
    }
    return counts
  }

  mutating func run(
    system: Int, chunkSize: Int?, salt: UInt64, in context: inout TickContext,
    timings: inout [Double]?
  ) {
    guard boundSystems[system], columns.count > 0 else { return }
    let start = timings == nil ? 0 : DispatchTime.now().uptimeNanoseconds
    makeUnique()
    let span = span(for: system)
    #if DEBUG
      let before = EffectCounts(context)
    #endif
    Entity._step(
      jobs, system: system, over: span, placement: &placement, chunkSize: chunkSize, salt: salt,
      in: &context)
    #if DEBUG
      checkEffects(of: system, before: before, after: EffectCounts(context))
    #endif
    if timings != nil {
      timings?[system] += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
  }

  /// The chunks of `chunkSize` entities `system` steps in this table, for the world to step
  /// together with other tables' chunks; `nil` if it steps none.
  mutating func chunks(system: Int, chunkSize: Int) -> _SystemChunks? {
    guard boundSystems[system], columns.count > 0 else { return nil }
    // The chunks write the columns from other threads: they must be this table's own.
    makeUnique()
    return Entity._chunks(
      jobs, system: system, over: span(for: system), placement: placement, chunkSize: chunkSize)
  }

  #if DEBUG
    /// Stops the program if `system` had effects on this table's entities it does not declare.
    func checkEffects(of system: Int, before: EffectCounts, after: EffectCounts) {
      guard let job = jobs[system] else { return }
      after.check(
        since: before, declared: job.effects, system: systemNameForChecks(system),
        typeName: typeName)
    }
  #endif

  func inspect(_ id: AnyEntityID) -> EntityInspection? {
    index(of: id).map { EntityInspection(columns.read(at: $0), traits: traitNames) }
  }

  func contains(_ id: AnyEntityID) -> Bool {
    index(of: id) != nil
  }

  /// Changes every entity with `body`, the caller having matched `Modified` to this table's
  /// type; identities are kept, and a changed faction stops the program.
  mutating func modifyEntities<Modified: GameObject>(_ body: (inout Modified) -> Void) {
    guard Modified.self == Entity.self else {
      preconditionFailure("\(Modified.typeName) changed in the table of \(Entity.typeName)")
    }
    makeUnique()
    var pool = EntityPool<Entity>(
      words: columns.words, stride: columns.capacity, indices: 0..<columns.count, targetBase: 0,
      indexedTick: 0)
    withoutActuallyEscaping(body) { body in
      let change = unsafeBitCast(body, to: ((inout Entity) -> Void).self)
      pool.updateEach { entity in
        let id = entity.id
        let faction = entity.faction
        change(&entity)
        entity.id = id
        precondition(entity.faction == faction, "an entity's faction cannot change")
      }
    }
  }

  /// Appends an entity the caller has already matched to this table's type: a metatype
  /// comparison, not a dynamic cast, and no existential box.
  mutating func append<Spawned: GameObject>(
    _ spawned: Spawned, id: UInt64, events: inout [EntityEvent]?
  ) {
    guard Spawned.self == Entity.self else {
      preconditionFailure("\(Spawned.typeName) spawned into the table of \(Entity.typeName)")
    }
    precondition(
      directory.last.map { $0.id < id } ?? true, "identities must be appended in ascending order")
    var entity = unsafeBitCast(spawned, to: Entity.self)
    entity.id = EntityID(rawValue: id)
    makeUnique()
    directory.append(DirectoryEntry(id: id, index: Int32(columns.count)))
    events?.append(EntityEvent(.spawned, entity))
    columns.append(entity)
  }

  /// Moves entities the caller has already matched to this table's type and given their
  /// identities (ascending) into the table, growing the columns at most once; `spawned` is
  /// left empty.
  mutating func append<Spawned: GameObject>(
    moving spawned: inout ContiguousArray<Spawned>, events: inout [EntityEvent]?
  ) {
    guard Spawned.self == Entity.self else {
      preconditionFailure("\(Spawned.typeName) spawned into the table of \(Entity.typeName)")
    }
    guard let firstID = spawned.first?.id.rawValue else { return }
    precondition(
      directory.last.map { $0.id < firstID } ?? true,
      "identities must be appended in ascending order")
    makeUnique()
    let needed = columns.count + spawned.count
    if needed > columns.capacity {
      // Grows by half again rather than doubling: a burst (every gun firing on the first
      // tick) gets exactly the room it needs, and a table of a million does not reserve
      // another.
      columns.reserveCapacity(max(needed, columns.capacity + columns.capacity / 2))
    }
    directory.reserveCapacity(directory.count + spawned.count)
    let entities = unsafeBitCast(spawned, to: ContiguousArray<Entity>.self)
    spawned = []
    columns.append(contentsOf: entities) { entity, index in
      directory.append(DirectoryEntry(id: entity.id.rawValue, index: Int32(index)))
      events?.append(EntityEvent(.spawned, entity))
    }
  }

  /// Where the entities' positions lie in the columns, for reading them a range at a time:
  /// the columns and the position's byte offset; `nil` for a type whose position is not a
  /// stored `Vector2`.
  var positionWords: (columns: UntypedColumns, offset: Int)? {
    layout.positionOffset.map { (UntypedColumns(columns), $0) }
  }

  /// Appends the grid cell of each entity, in storage order, to `keys`.
  func appendCells(in grid: SpatialGrid, to keys: inout [UInt32]) {
    readingPool().forEach { keys.append(grid.cell(of: $0.position)) }
  }

  /// The columns, made the table's own first, for moving their words in place.
  mutating func columnsToReorder() -> UntypedColumns {
    makeUnique()
    return UntypedColumns(columns)
  }

  /// Points the directory at where each entity is about to move, `destination[index]` for
  /// the entity at `index`, dropping the entries of entities gone.
  ///
  /// - Complexity: O(directory).
  mutating func renumber(movingTo destination: UnsafeBufferPointer<Int32>) {
    var write = 0
    for read in directory.indices where directory[read].index >= 0 {
      directory[write] = DirectoryEntry(
        id: directory[read].id, index: destination[Int(directory[read].index)])
      write += 1
    }
    directory.removeLast(directory.count - write)
    vacatedCount = 0
  }

  var instanceKind: InstanceKind? {
    guard let drawing = jobs.lazy.compactMap({ $0?.drawing }).first else { return nil }
    return InstanceKind(
      sprite: drawing.sprite, layer: drawing.layer, healthBarLayer: drawing.healthBarLayer,
      showsDot: drawing.showsDot, sprites: 0..<columns.count,
      identityBase: directory.first?.id ?? 0)
  }

  func writeInstances(_ range: Range<Int>, into writer: inout InstanceWriter) {
    guard let drawing = jobs.lazy.compactMap({ $0?.drawing }).first else { return }
    let pool = EntityPool<Entity>(
      words: columns.words, stride: columns.capacity, indices: range,
      targetBase: placement.targetBase, indexedTick: placement.indexedTick,
      tableCount: columns.count)
    drawing.write(pool, &writer)
  }

  func hashState(into hasher: inout StateHasher, threads: Int) {
    hasher.combine(Entity.typeName)
    hasher.combine(columns.count)
    columns.hashWords(masks: hashMasks, into: &hasher, threads: threads)
    let pool = readingPool()
    if layout.hasReferences {
      for component in components where !component.isPlain {
        hasher.combine(component.typeName)
        component.hash(pool, &hasher)
      }
    }
    Entity.hashAttributes(of: pool, into: &hasher)
  }
}

extension EntityTable {
  /// The identity of the entity at `index`, read from its columns.
  func identity(at index: Int) -> UInt64 {
    if let offset = layout.identityOffset {
      return UntypedColumns(columns).uint64(offset, at: index)
    }
    return columns.read(at: index).id.rawValue
  }

  /// Every entity's identity, in storage order.
  ///
  /// - Complexity: O(n).
  func identities() -> [UInt64] {
    guard let offset = layout.identityOffset else {
      var ids: [UInt64] = []
      ids.reserveCapacity(columns.count)
      readingPool().forEach { ids.append($0.id.rawValue) }
      return ids
    }
    let stored = UntypedColumns(columns)
    return (0..<columns.count).map { stored.uint64(offset, at: $0) }
  }
}

#if DEBUG
  /// How many effects a tick context holds, to check a system's declared effects against.
  struct EffectCounts {
    var damage: Int
    var spawns: Int
    var despawns: Int
    var targets: Int
    var random: SeededRandom

    init(_ context: TickContext) {
      targets = context.targets.count
      damage = context.targets.pendingDamage.count
      spawns = context.spawnOrder.count
      despawns = context.despawned.count
      random = context.random
    }

    /// Stops the program if the context gained an effect the system did not declare.
    func check(since before: EffectCounts, declared: TickEffects, system: String, typeName: String)
    {
      var found: TickEffects = []
      if damage > before.damage { found.insert(.damage) }
      if spawns > before.spawns { found.insert(.spawns) }
      if despawns > before.despawns { found.insert(.despawns) }
      if random != before.random { found.insert(.randomness) }
      if targets > before.targets { found.insert(.targets) }
      let undeclared = found.subtracting(declared)
      precondition(
        undeclared.isEmpty,
        "system \(system) had effects on \(typeName) it does not declare: "
          + undeclared.names.joined(separator: ", "))
    }
  }
#endif
