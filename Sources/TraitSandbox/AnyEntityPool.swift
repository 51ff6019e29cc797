import Dispatch
import Frames

/// The world's type-erased view of a pool: one dynamic call per pool and system.
internal protocol AnyEntityPool {
  var entityType: ObjectIdentifier { get }
  var typeName: String { get }
  var entityCount: Int { get }
  var entityStride: Int { get }
  var systemNames: [String] { get }
  var traitNames: [String] { get }
  var componentTypeNames: [String] { get }
  func factionCounts(factionCount: Int) -> [Int]
  mutating func reserveCapacity(_ count: Int)
  mutating func run(
    system: Int, chunkSize: Int?, threads: Int, salt: UInt64, in context: inout TickContext,
    timings: inout [Double]?)
  func inspect(_ id: AnyEntityID) -> EntityInspection?
  func contains(_ id: AnyEntityID) -> Bool
  mutating func removeAll(sortedIDs: [AnyEntityID])
  mutating func sortSpatially(by grid: SpatialGrid, scratch: inout SpatialSortScratch)
  mutating func append<Spawned: GameObject>(
    _ entity: Spawned, id: UInt64, events: inout [EntityEvent]?)
  mutating func append<Spawned: GameObject>(
    moving entities: inout ContiguousArray<Spawned>, events: inout [EntityEvent]?)
  func hashState(into hasher: inout StateHasher)
  func isBound(to system: Int) -> Bool
  func save(to archive: inout ArchiveWriter) throws
  mutating func restore(
    count: Int, from archive: inout ArchiveReader, hostility: Hostility, ids: inout [UInt64]
  ) throws(ArchiveError)
  func draw(into builder: inout FrameBuilder)
}

extension PoolStorage: AnyEntityPool {
  var entityType: ObjectIdentifier { ObjectIdentifier(Entity.self) }

  var typeName: String { Entity.typeName }

  var entityCount: Int { storage.count }

  var entityStride: Int { MemoryLayout<Entity>.stride }

  var componentTypeNames: [String] { components.map(\.typeName) }

  func isBound(to system: Int) -> Bool { jobs[system] != nil }

  mutating func reserveCapacity(_ count: Int) {
    storage.reserveCapacity(count)
  }

  func factionCounts(factionCount: Int) -> [Int] {
    var counts = [Int](repeating: 0, count: factionCount)
    for entity in storage where entity.faction.index < factionCount {
      counts[entity.faction.index] += 1
    }
    return counts
  }

  mutating func run(
    system: Int, chunkSize: Int?, threads: Int, salt: UInt64, in context: inout TickContext,
    timings: inout [Double]?
  ) {
    let start = timings == nil ? 0 : DispatchTime.now().uptimeNanoseconds
    Entity.step(
      jobs, system: system, over: &storage, placement: &placement, chunkSize: chunkSize,
      threads: threads, salt: salt, in: &context)
    if timings != nil {
      timings?[system] += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
  }

  func inspect(_ id: AnyEntityID) -> EntityInspection? {
    index(of: id).map { EntityInspection(storage[$0], traits: traitNames) }
  }

  func contains(_ id: AnyEntityID) -> Bool {
    index(of: id) != nil
  }

  /// Removes the entities whose identities appear in `sortedIDs` (ascending, repeats allowed).
  ///
  /// Each removed entity's place is taken by the pool's last entity, so a removal moves one
  /// entity instead of shifting the rest.
  /// - Complexity: O(m log n) for m identities, touching only the entities that move.
  mutating func removeAll(sortedIDs: [AnyEntityID]) {
    guard let first = directory.first?.id, let last = directory.last?.id,
      let smallest = sortedIDs.first?.rawValue, let largest = sortedIDs.last?.rawValue,
      smallest <= last, largest >= first
    else { return }
    var removed: [Int32] = []
    for id in sortedIDs {
      guard let position = directoryPosition(of: id.rawValue), directory[position].index >= 0
      else { continue }
      removed.append(directory[position].index)
      directory[position].index = -1
      vacatedCount += 1
    }
    guard !removed.isEmpty else { return }
    // From the back, so the entity moved into a hole is never one still to be removed.
    removed.sort(by: >)
    for hole in removed {
      let lastIndex = storage.count - 1
      if Int(hole) != lastIndex {
        storage.swapAt(Int(hole), lastIndex)
        if let position = directoryPosition(of: storage[Int(hole)].id.rawValue) {
          directory[position].index = hole
        }
      }
      storage.removeLast()
    }
    compactDirectoryIfSparse()
  }

  /// Appends an entity the caller has already matched to this pool's type: a metatype
  /// comparison, not a dynamic cast, and no existential box.
  mutating func append<Spawned: GameObject>(
    _ spawned: Spawned, id: UInt64, events: inout [EntityEvent]?
  ) {
    guard Spawned.self == Entity.self else {
      preconditionFailure("\(Spawned.typeName) spawned into the pool of \(Entity.typeName)")
    }
    precondition(
      directory.last.map { $0.id < id } ?? true, "identities must be appended in ascending order")
    var entity = unsafeBitCast(spawned, to: Entity.self)
    entity.id = EntityID(rawValue: id)
    directory.append(DirectoryEntry(id: id, index: Int32(storage.count)))
    storage.append(entity)
    events?.append(EntityEvent(.spawned, entity))
  }

  /// Moves entities the caller has already matched to this pool's type and given their
  /// identities (ascending) into the pool, growing the storage at most once; `spawned` is left
  /// empty. An empty pool takes the batch's storage as its own, with no copy.
  mutating func append<Spawned: GameObject>(
    moving spawned: inout ContiguousArray<Spawned>, events: inout [EntityEvent]?
  ) {
    guard Spawned.self == Entity.self else {
      preconditionFailure("\(Spawned.typeName) spawned into the pool of \(Entity.typeName)")
    }
    guard let firstID = spawned.first?.id.rawValue else { return }
    precondition(
      directory.last.map { $0.id < firstID } ?? true,
      "identities must be appended in ascending order")
    let start = storage.count
    if storage.isEmpty {
      storage = unsafeBitCast(spawned, to: ContiguousArray<Entity>.self)
      spawned = []
    } else {
      let needed = storage.count + spawned.count
      if needed > storage.capacity {
        // Grows by half again rather than doubling: a burst (every gun firing on the first
        // tick) gets exactly the room it needs, and a pool of a million does not reserve
        // another.
        storage.reserveCapacity(max(needed, storage.capacity + storage.capacity / 2))
      }
      storage.append(contentsOf: unsafeBitCast(spawned, to: ContiguousArray<Entity>.self))
      spawned = []
    }
    directory.reserveCapacity(max(directory.count + storage.count - start, storage.capacity))
    for index in start..<storage.count {
      let entity = storage[index]
      directory.append(DirectoryEntry(id: entity.id.rawValue, index: Int32(index)))
      events?.append(EntityEvent(.spawned, entity))
    }
  }

  /// Reorders the entities by the grid cell they stand in, row by row; entities in one cell
  /// keep their order. Systems then walk the arena in rows, and each target query lands in
  /// the cells the previous one warmed.
  ///
  /// - Complexity: O(n), with two passes of a radix sort and one pass of moves.
  mutating func sortSpatially(by grid: SpatialGrid, scratch: inout SpatialSortScratch) {
    let count = storage.count
    guard count > 1 else { return }
    var keys = scratch.keys
    scratch.keys = []
    keys.removeAll(keepingCapacity: true)
    keys.reserveCapacity(count)
    var isSorted = true
    storage.withUnsafeBufferPointer { entities in
      var previous: UInt32 = 0
      for index in 0..<count {
        let key = grid.cell(of: entities[index].position)
        if key < previous { isSorted = false }
        previous = key
        keys.append(key)
      }
    }
    scratch.keys = keys
    guard !isSorted else { return }
    scratch.sortOrder(count: count, keyBits: grid.keyBits)
    // Where each entity goes, for the directory.
    scratch.destination.removeAll(keepingCapacity: true)
    scratch.destination.append(contentsOf: repeatElement(0, count: count))
    for (position, source) in scratch.order.enumerated() {
      scratch.destination[Int(source)] = Int32(position)
    }
    storage.withUnsafeMutableBufferPointer { entities in
      scratch.order.withUnsafeMutableBufferPointer { order in
        // Follows each cycle of the permutation, so no second copy of the pool is made.
        for start in 0..<count where order[start] != Int32(start) {
          let held = entities[start]
          var hole = start
          while true {
            let source = Int(order[hole])
            order[hole] = Int32(hole)
            if source == start {
              entities[hole] = held
              break
            }
            entities[hole] = entities[source]
            hole = source
          }
        }
      }
    }
    var write = 0
    for read in directory.indices where directory[read].index >= 0 {
      directory[write] = DirectoryEntry(
        id: directory[read].id, index: scratch.destination[Int(directory[read].index)])
      write += 1
    }
    directory.removeLast(directory.count - write)
    vacatedCount = 0
  }

  func draw(into builder: inout FrameBuilder) {
    storage.withUnsafeBufferPointer { entities in
      // Drawing only reads: the pool's mutable pointer is never written through.
      let buffer = UnsafeMutableBufferPointer(mutating: entities)
      let pool = EntityPool(
        buffer: buffer, indices: buffer.indices, targetBase: placement.targetBase,
        indexedTick: placement.indexedTick)
      for job in jobs { job?.draw?(pool, &builder) }
    }
  }

  func hashState(into hasher: inout StateHasher) {
    hasher.combine(Entity.typeName)
    hasher.combine(storage.count)
    for entity in storage {
      hasher.combine(entity.id.rawValue)
      hasher.combine(entity.position)
      hasher.combine(entity.faction.index)
      entity.hashAttributes(into: &hasher)
    }
    for component in components {
      hasher.combine(component.typeName)
      component.hash(storage, &hasher)
    }
  }
}
