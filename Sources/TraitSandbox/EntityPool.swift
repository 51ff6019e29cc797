import Frames

/// The contiguous storage of every live entity of one type, with the systems bound to it.
///
/// A world keeps one pool per registered entity type. Systems step a pool with specialised
/// loops over `entities`; spawns and despawns requested during a tick are applied at its end.
/// Entities stay in ascending identity order (spawns append newer identities; removal keeps
/// order), which lookups by identity rely on.
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
  /// The bound job of each of the world's systems, by the system's position in the schedule.
  @usableFromInline
  internal var jobs: [SystemJob<Entity>?]
  /// The components the bound systems own, each once, in schedule order.
  internal let components: [ComponentSlot<Entity>]
  /// The names of the systems bound to this type, in the order they run.
  public let systemNames: [String]
  /// The traits this type has that the world's systems step, each once, in schedule order.
  public let traitNames: [String]

  internal init(
    jobs: [SystemJob<Entity>?], components: [ComponentSlot<Entity>], systemNames: [String],
    traitNames: [String]
  ) {
    self.jobs = jobs
    self.components = components
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

  /// The position of the entity with identity `id`, if it is alive.
  ///
  /// - Complexity: O(log n).
  internal func index(of id: AnyEntityID) -> Int? {
    var low = 0
    var high = storage.count
    while low < high {
      let middle = (low + high) / 2
      if storage[middle].id.rawValue < id.rawValue { low = middle + 1 } else { high = middle }
    }
    guard low < storage.count, storage[low].id.rawValue == id.rawValue else { return nil }
    return low
  }
}
