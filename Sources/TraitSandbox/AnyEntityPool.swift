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
  mutating func run(system: Int, in context: inout TickContext, timings: inout [Double]?)
  func chunkCount(chunkSize: Int) -> Int
  mutating func runChunks(
    system: Int, chunkSize: Int, contexts: UnsafeMutableBufferPointer<TickContext>,
    threads: Int, timings: inout [Double]?)
  func inspect(_ id: AnyEntityID) -> EntityInspection?
  func contains(_ id: AnyEntityID) -> Bool
  mutating func removeAll(sortedIDs: [AnyEntityID])
  mutating func append(_ entity: any GameObject, id: UInt64, events: inout [EntityEvent]?)
  func hashState(into hasher: inout StateHasher)
  func draw(into builder: inout FrameBuilder)
}

extension PoolStorage: AnyEntityPool {
  var entityType: ObjectIdentifier { ObjectIdentifier(Entity.self) }

  var typeName: String { Entity.typeName }

  var entityCount: Int { storage.count }

  var entityStride: Int { MemoryLayout<Entity>.stride }

  var componentTypeNames: [String] { components.map(\.typeName) }

  func factionCounts(factionCount: Int) -> [Int] {
    var counts = [Int](repeating: 0, count: factionCount)
    for entity in storage where entity.faction.index < factionCount {
      counts[entity.faction.index] += 1
    }
    return counts
  }

  mutating func run(system: Int, in context: inout TickContext, timings: inout [Double]?) {
    guard let job = jobs[system] else { return }
    let start = timings == nil ? 0 : DispatchTime.now().uptimeNanoseconds
    var base = targetBase
    var tick = indexedTick
    storage.withUnsafeMutableBufferPointer { buffer in
      var pool = EntityPool(
        buffer: buffer, indices: buffer.indices, targetBase: base, indexedTick: tick)
      job.run(&pool, &context)
      base = pool.targetBase
      tick = pool.indexedTick
    }
    targetBase = base
    indexedTick = tick
    if timings != nil {
      timings?[system] += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
  }

  func chunkCount(chunkSize: Int) -> Int {
    (storage.count + chunkSize - 1) / chunkSize
  }

  /// Runs a system over fixed-size chunks of the pool, each with its own context, on up to
  /// `threads` threads. Chunk `c` covers entities `c * chunkSize ..< (c + 1) * chunkSize` and
  /// uses `contexts[c]`, whatever the thread count, so results never depend on it.
  mutating func runChunks(
    system: Int, chunkSize: Int, contexts: UnsafeMutableBufferPointer<TickContext>,
    threads: Int, timings: inout [Double]?
  ) {
    guard let job = jobs[system] else { return }
    let start = timings == nil ? 0 : DispatchTime.now().uptimeNanoseconds
    let base = targetBase
    let tick = indexedTick
    let count = storage.count
    let chunks = contexts.count
    storage.withUnsafeMutableBufferPointer { buffer in
      let work = ChunkWork(job: job, buffer: buffer, contexts: contexts)
      let workers = max(1, min(threads, chunks))
      let run: @Sendable (Int) -> Void = { worker in
        for chunk in stride(from: worker, to: chunks, by: workers) {
          let lower = chunk * chunkSize
          let range = lower..<min(lower + chunkSize, count)
          var pool = EntityPool(
            buffer: work.buffer, indices: range, targetBase: base, indexedTick: tick)
          work.job.run(&pool, &work.contexts[chunk])
        }
      }
      if workers == 1 {
        run(0)
      } else {
        DispatchQueue.concurrentPerform(iterations: workers, execute: run)
      }
    }
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

  mutating func append(_ entity: any GameObject, id: UInt64, events: inout [EntityEvent]?) {
    guard var entity = entity as? Entity else {
      preconditionFailure("\(type(of: entity)) spawned into the pool of \(Entity.typeName)")
    }
    entity.id = EntityID(rawValue: id)
    storage.append(entity)
    events?.append(EntityEvent(.spawned, entity))
  }

  func draw(into builder: inout FrameBuilder) {
    storage.withUnsafeBufferPointer { entities in
      // Drawing only reads: the pool's mutable pointer is never written through.
      let buffer = UnsafeMutableBufferPointer(mutating: entities)
      let pool = EntityPool(
        buffer: buffer, indices: buffer.indices, targetBase: targetBase,
        indexedTick: indexedTick)
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

/// What the threads of a chunked run share: the job and pointers to the entities and to one
/// context per chunk.
///
/// Unchecked because it carries pointers: each chunk touches only its own range of entities
/// and its own context, and the job's loop has no captured state of its own.
private struct ChunkWork<Entity: GameObject>: @unchecked Sendable {
  let job: SystemJob<Entity>
  let buffer: UnsafeMutableBufferPointer<Entity>
  let contexts: UnsafeMutableBufferPointer<TickContext>
}
