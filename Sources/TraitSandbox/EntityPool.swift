import Synchronization

/// The entities of one type that a system steps: all of them, or, when the world steps on
/// several threads, one chunk of them.
///
/// A system's loop reads and changes entities through `indices` and the subscript; both work
/// on the pool's contiguous storage in place. A pool handed to a system is valid only for that
/// call.
public struct EntityPool<Entity: GameObject> {
  @usableFromInline internal let buffer: UnsafeMutableBufferPointer<Entity>
  /// The positions of the entities this pool covers, in storage order (roughly grid-cell
  /// order: the world re-sorts its pools every few ticks).
  public let indices: Range<Int>
  /// Where the type's entities start in the tick's target index (set by the targets system).
  @usableFromInline internal var targetBase: Int
  /// The tick whose target index holds the type's entities (0: none yet).
  @usableFromInline internal var indexedTick: UInt64

  @usableFromInline
  internal init(
    buffer: UnsafeMutableBufferPointer<Entity>, indices: Range<Int>, targetBase: Int,
    indexedTick: UInt64
  ) {
    self.buffer = buffer
    self.indices = indices
    self.targetBase = targetBase
    self.indexedTick = indexedTick
  }

  /// The number of entities this pool covers.
  @inlinable
  public var count: Int { indices.count }

  /// Reads or changes the entity at `index`; systems use this inside their loops.
  ///
  /// - Complexity: O(1), with no copy-on-write check.
  @inlinable
  public subscript(index: Int) -> Entity {
    _read { yield buffer[index] }
    nonmutating _modify { yield &buffer[index] }
  }

  /// A copy of the entities this pool covers, in storage order.
  ///
  /// - Complexity: O(n).
  @inlinable
  public var entities: ContiguousArray<Entity> { ContiguousArray(buffer[indices]) }
}

/// Where a type's entities sit in the tick's target index: the part of a pool that lasts from
/// one system to the next.
public struct PoolPlacement: Sendable {
  /// Where the type's entities start in the tick's target index.
  @usableFromInline internal var targetBase = 0
  /// The tick whose target index holds the type's entities (0: none yet).
  @usableFromInline internal var indexedTick: UInt64 = 0

  @usableFromInline
  internal init() {}
}

/// What the threads of a chunked run share: the job and pointers to the entities and to one
/// context per chunk.
///
/// Unchecked because it carries pointers: each chunk touches only its own range of entities
/// and its own context, and the job's loop has no captured state of its own.
@usableFromInline
internal struct ChunkWork<Entity: GameObject>: @unchecked Sendable {
  @usableFromInline let job: SystemJob<Entity>
  @usableFromInline let entities: UnsafeMutableBufferPointer<Entity>
  @usableFromInline let contexts: UnsafeMutableBufferPointer<TickContext>

  @usableFromInline
  init(
    job: SystemJob<Entity>, entities: UnsafeMutableBufferPointer<Entity>,
    contexts: UnsafeMutableBufferPointer<TickContext>
  ) {
    self.job = job
    self.entities = entities
    self.contexts = contexts
  }
}

/// The next chunk to step, claimed by the threads of a chunked run one at a time.
@usableFromInline
internal final class ChunkClaims: Sendable {
  @usableFromInline let counter = Atomic<Int>(0)

  @usableFromInline
  init() {}

  /// Claims a chunk: 0, 1, 2, ... across all threads, each number once.
  @inlinable
  func next() -> Int {
    counter.add(1, ordering: .relaxed).oldValue
  }
}
