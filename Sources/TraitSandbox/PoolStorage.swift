import Dispatch
import Frames

/// The contiguous storage of every live entity of one type, with the systems bound to it.
///
/// A world keeps one per registered entity type. Entities are stored in no particular identity
/// order: the world keeps them roughly in grid-cell order (see `sortSpatially`), so that
/// consecutive entities query neighbouring cells. `directory` finds an entity by identity.
struct PoolStorage<Entity: GameObject> {
  /// The live entities, in storage order.
  var storage: ContiguousArray<Entity> = []
  /// Every identity this pool has held since it was last compacted, in ascending order, with
  /// where its entity is stored (or -1 once it is gone).
  var directory: ContiguousArray<DirectoryEntry> = []
  /// The directory entries whose entity is gone.
  var vacatedCount = 0
  /// Where this type's entities sit in the tick's target index.
  var placement = PoolPlacement()
  /// The bound job of each of the world's systems, by the system's position in the schedule.
  let jobs: [SystemJob<Entity>?]
  /// The components the bound systems own, each once, in schedule order.
  let components: [ComponentSlot<Entity>]
  /// The names of the systems bound to this type, in the order they run.
  let systemNames: [String]
  /// The traits this type has that the world's systems step, each once, in schedule order.
  let traitNames: [String]

  init(
    jobs: [SystemJob<Entity>?], components: [ComponentSlot<Entity>], systemNames: [String],
    traitNames: [String]
  ) {
    self.jobs = jobs
    self.components = components
    self.systemNames = systemNames
    self.traitNames = traitNames
  }

  /// The directory position of identity `id`, if the directory has it (alive or gone).
  ///
  /// - Complexity: O(log n).
  func directoryPosition(of id: UInt64) -> Int? {
    var low = 0
    var high = directory.count
    while low < high {
      let middle = (low + high) / 2
      if directory[middle].id < id { low = middle + 1 } else { high = middle }
    }
    guard low < directory.count, directory[low].id == id else { return nil }
    return low
  }

  /// The storage position of the entity with identity `id`, if it is alive.
  ///
  /// - Complexity: O(log n).
  func index(of id: AnyEntityID) -> Int? {
    guard let position = directoryPosition(of: id.rawValue) else { return nil }
    let index = directory[position].index
    return index >= 0 ? Int(index) : nil
  }

  /// Drops the directory's entries for entities that are gone, once they are a good part of it.
  ///
  /// - Complexity: O(n) when it compacts, which is at most once per n removals.
  mutating func compactDirectoryIfSparse() {
    guard vacatedCount > 64, vacatedCount * 2 > directory.count else { return }
    directory.removeAll { $0.index < 0 }
    vacatedCount = 0
  }
}

/// One identity a pool has held, and where its entity is stored.
struct DirectoryEntry {
  /// The entity's identity.
  var id: UInt64
  /// The entity's position in the pool's storage, or -1 once it is gone.
  var index: Int32
}
