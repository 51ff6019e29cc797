import Dispatch
import Frames

/// The contiguous storage of every live entity of one type, with the systems bound to it.
///
/// A world keeps one per registered entity type. Entities stay in ascending identity order
/// (spawns append newer identities; removal keeps order), which lookups by identity rely on.
struct PoolStorage<Entity: GameObject> {
  /// The live entities, in spawn order.
  var storage: ContiguousArray<Entity> = []
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

  /// The position of the entity with identity `id`, if it is alive.
  ///
  /// - Complexity: O(log n).
  func index(of id: AnyEntityID) -> Int? {
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
