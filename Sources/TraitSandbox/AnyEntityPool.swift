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
  mutating func append<Spawned: GameObject>(
    _ entity: Spawned, id: UInt64, events: inout [EntityEvent]?)
  func hashState(into hasher: inout StateHasher)
  func draw(into builder: inout FrameBuilder)
}

extension PoolStorage: AnyEntityPool {
  var entityType: ObjectIdentifier { ObjectIdentifier(Entity.self) }

  var typeName: String { Entity.typeName }

  var entityCount: Int { storage.count }

  var entityStride: Int { MemoryLayout<Entity>.stride }

  var componentTypeNames: [String] { components.map(\.typeName) }

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
  /// A pool's entities are always in ascending identity order, so one merge-like pass
  /// suffices, with no hashing.
  /// - Complexity: O(n + m).
  mutating func removeAll(sortedIDs: [AnyEntityID]) {
    guard let first = storage.first?.id.erased, let last = storage.last?.id.erased,
      let smallest = sortedIDs.first, let largest = sortedIDs.last,
      smallest <= last, largest >= first
    else { return }
    var cursor = 0
    var write = 0
    for read in storage.indices {
      let id = storage[read].id.erased
      while cursor < sortedIDs.count && sortedIDs[cursor] < id { cursor += 1 }
      if cursor < sortedIDs.count && sortedIDs[cursor] == id { continue }
      if write != read { storage[write] = storage[read] }
      write += 1
    }
    storage.removeLast(storage.count - write)
  }

  /// Appends an entity the caller has already matched to this pool's type: a metatype
  /// comparison, not a dynamic cast, and no existential box.
  mutating func append<Spawned: GameObject>(
    _ spawned: Spawned, id: UInt64, events: inout [EntityEvent]?
  ) {
    guard Spawned.self == Entity.self else {
      preconditionFailure("\(Spawned.typeName) spawned into the pool of \(Entity.typeName)")
    }
    var entity = unsafeBitCast(spawned, to: Entity.self)
    entity.id = EntityID(rawValue: id)
    storage.append(entity)
    events?.append(EntityEvent(.spawned, entity))
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
