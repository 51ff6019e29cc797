import Dispatch
import Frames

/// The contiguous storage of every live entity of one type, with the systems bound to it.
///
/// A world keeps one pool per registered entity type. Systems step a pool with specialised
/// loops over `entities`; spawns and despawns requested during a tick are applied at its end.
public struct EntityPool<Entity: GameObject> {
  /// The live entities, in spawn order.
  @usableFromInline
  internal var storage: ContiguousArray<Entity> = []
  /// Where this pool's entities start in the tick's target index (set in the index phase).
  @usableFromInline
  internal var targetBase: Int = 0
  /// The tick whose target index holds this pool's entities (0: none yet).
  @usableFromInline
  internal var indexedTick: UInt64 = 0
  @usableFromInline
  internal var jobs: [[SystemJob<Entity>]]
  @usableFromInline
  internal var spawnedCount = PerTeam(repeating: 0)
  @usableFromInline
  internal var killedCount = PerTeam(repeating: 0)
  /// The names of the systems bound to this type, in the order they run.
  public let systemNames: [String]
  /// The traits this type has that the world's systems step, each once, in system order.
  public let traitNames: [String]

  internal init(jobs: [[SystemJob<Entity>]], systemNames: [String], traitNames: [String]) {
    self.jobs = jobs
    self.systemNames = systemNames
    self.traitNames = traitNames
  }

  /// The live entities, in spawn order.
  @inlinable
  public var entities: ContiguousArray<Entity> { storage }

  /// The number of live entities.
  @inlinable
  public var count: Int { storage.count }

  /// Reads or changes the entity at `index`; systems use this inside their loops.
  @inlinable
  public subscript(index: Int) -> Entity {
    _read { yield storage[index] }
    _modify { yield &storage[index] }
  }

  /// The valid indices of `entities`.
  @inlinable
  public var indices: Range<Int> { storage.indices }

  /// Records that an entity of this type on `team` was killed (for match statistics).
  @inlinable
  public mutating func recordKill(of team: Team) {
    killedCount[team] += 1
  }
}

/// The world's type-erased view of a pool: one dynamic call per pool and phase.
internal protocol AnyEntityPool {
  var typeName: String { get }
  var entityCount: Int { get }
  var statistics: EntityStatistics { get }
  var systemNames: [String] { get }
  mutating func run(_ phase: Phase, in context: inout TickContext, timings: inout [Double]?)
  func inspect(_ id: EntityID) -> EntityInspection?
  mutating func removeAll(sortedIDs: [EntityID])
  mutating func append(_ entity: any GameObject, countingAsSpawn: Bool)
  func hashState(into hasher: inout StateHasher)
  func draw(into builder: inout FrameBuilder)
}

extension EntityPool: AnyEntityPool {
  var typeName: String { Entity.typeName }

  var entityCount: Int { storage.count }

  var statistics: EntityStatistics {
    EntityStatistics(
      typeName: Entity.typeName, alive: aliveCounts, spawned: spawnedCount,
      killed: killedCount)
  }

  private var aliveCounts: PerTeam<Int> {
    var counts = PerTeam(repeating: 0)
    for entity in storage { counts[entity.team] += 1 }
    return counts
  }

  mutating func run(_ phase: Phase, in context: inout TickContext, timings: inout [Double]?) {
    guard timings != nil else {
      for job in jobs[phase.rawValue] { job.run(&self, &context) }
      return
    }
    for job in jobs[phase.rawValue] {
      let start = DispatchTime.now().uptimeNanoseconds
      job.run(&self, &context)
      let elapsed = DispatchTime.now().uptimeNanoseconds - start
      timings?[job.systemIndex] += Double(elapsed) / 1e9
    }
  }

  func inspect(_ id: EntityID) -> EntityInspection? {
    // Identities ascend through the pool (see `removeAll(sortedIDs:)`): binary search.
    var low = 0
    var high = storage.count
    while low < high {
      let middle = (low + high) / 2
      if storage[middle].id < id { low = middle + 1 } else { high = middle }
    }
    guard low < storage.count, storage[low].id == id else { return nil }
    return EntityInspection(storage[low], traits: traitNames)
  }

  /// Removes the entities whose identities appear in `sortedIDs` (ascending, repeats allowed).
  ///
  /// A pool's entities are always in ascending identity order (spawns append newer, larger
  /// identities; removal keeps order), so one merge-like pass suffices, with no hashing.
  /// - Complexity: O(n + m).
  mutating func removeAll(sortedIDs: [EntityID]) {
    guard let first = storage.first?.id, let last = storage.last?.id,
      let smallest = sortedIDs.first, let largest = sortedIDs.last,
      smallest <= last, largest >= first
    else { return }
    var cursor = 0
    var write = 0
    for read in storage.indices {
      let id = storage[read].id
      while cursor < sortedIDs.count && sortedIDs[cursor] < id { cursor += 1 }
      if cursor < sortedIDs.count && sortedIDs[cursor] == id { continue }
      if write != read { storage[write] = storage[read] }
      write += 1
    }
    storage.removeLast(storage.count - write)
  }

  mutating func append(_ entity: any GameObject, countingAsSpawn: Bool) {
    guard let entity = entity as? Entity else {
      preconditionFailure("\(type(of: entity)) spawned into the pool of \(Entity.typeName)")
    }
    storage.append(entity)
    if countingAsSpawn { spawnedCount[entity.team] += 1 }
  }

  func draw(into builder: inout FrameBuilder) {
    for phaseJobs in jobs {
      for job in phaseJobs { job.draw?(self, &builder) }
    }
  }

  func hashState(into hasher: inout StateHasher) {
    hasher.combine(Entity.typeName)
    hasher.combine(storage.count)
    for entity in storage {
      hasher.combine(entity.id.rawValue)
      hasher.combine(entity.position)
      hasher.combine(UInt64(entity.team.rawValue))
      entity.hashAttributes(into: &hasher)
    }
    for phaseJobs in jobs {
      for job in phaseJobs { job.hashState?(self, &hasher) }
    }
  }
}

/// How many entities of one type live, were spawned and were killed, per team.
public struct EntityStatistics: Sendable, Equatable {
  /// The entity type's name, e.g. `QuirkMonster`.
  public var typeName: String
  /// Entities alive now.
  public var alive: PerTeam<Int>
  /// Entities spawned while the world ran (setup placements are not counted).
  public var spawned: PerTeam<Int>
  /// Entities that died.
  public var killed: PerTeam<Int>
}
