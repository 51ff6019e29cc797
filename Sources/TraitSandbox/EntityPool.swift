/// The entities of one type that a system steps: all of them, or, when the world steps on
/// several threads, one chunk of them.
///
/// The entities live in columns (see "How the world stores entities"), and the pool hands
/// each one to the system's code as an ordinary value of its type: `updateEach` and `forEach`
/// run a closure over every entity in the pool, and the subscript reads or changes one. Code
/// written against them is specialised for the entity type and reads only the columns it
/// uses. A pool handed to a system is valid only for that call.
///
///     pool.updateEach { $0.move(in: context) }
public struct EntityPool<Entity: GameObject> {
  /// The type's columns, one after another (see `EntityColumns`).
  @usableFromInline internal let words: UnsafeMutablePointer<UInt32>
  /// The words from one column to the next: the columns' capacity.
  @usableFromInline internal let stride: Int
  /// The positions of the entities this pool covers, in storage order (roughly grid-cell
  /// order: the world re-sorts its tables every few ticks).
  public let indices: Range<Int>
  /// Where the type's entities start in the tick's target index (set by the targets system).
  @usableFromInline internal var targetBase: Int
  /// The tick whose target index holds the type's entities (0: none yet).
  @usableFromInline internal var indexedTick: UInt64
  /// In debug builds, the words the running system declared it writes, checked after every
  /// change (see `ColumnAccess`); `nil` when nothing is checked.
  @usableFromInline internal let writeCheck: WriteCheck?
  /// The number of entities of the type, of which this pool covers `indices`.
  @usableFromInline internal let tableCount: Int

  /// A pool of `indices` of a type's columns; `tableCount` is the type's entity count, which
  /// is `indices.upperBound` for a pool of the whole type.
  @usableFromInline
  internal init(
    words: UnsafeMutablePointer<UInt32>, stride: Int, indices: Range<Int>, targetBase: Int,
    indexedTick: UInt64, writeCheck: WriteCheck? = nil, tableCount: Int? = nil
  ) {
    self.words = words
    self.stride = stride
    self.indices = indices
    self.targetBase = targetBase
    self.indexedTick = indexedTick
    self.writeCheck = writeCheck
    self.tableCount = tableCount ?? indices.upperBound
  }

  /// The number of entities this pool covers.
  @inlinable
  public var count: Int { indices.count }

  @usableFromInline
  internal typealias Columns = EntityWords<Entity>

  /// The first word of the entity at `index`, in the first column.
  @inlinable @inline(__always)
  internal func lane(_ index: Int) -> UnsafeMutablePointer<UInt32> {
    words + index
  }

  // MARK: - Whole pools

  /// How `updateEach` puts an entity back into its columns.
  public enum WriteBack: Sendable {
    /// Only the words the code changed: right for any code, and the only choice for code
    /// that calls functions the compiler cannot see into.
    case changedWords
    /// Every word: for straight-line arithmetic that changes only the entity and calls
    /// nothing. The compiler then removes the stores of the words the code leaves alone and
    /// turns the loop into vector code; a call in the loop keeps every store.
    case everyWord
  }

  /// Runs `body` on every entity, in storage order, and keeps what it changes.
  ///
  /// For code that changes nothing but the entity it is given (it may read the tick's context
  /// but not change it); code that also deals damage or spawns takes `updateEach(in:_:)`.
  /// - Parameters:
  ///   - writeBack: How each entity goes back into its columns; `.changedWords` by default.
  ///   - body: Changes one entity.
  /// - Complexity: O(n); each entity's columns are read and written once.
  @_transparent
  public mutating func updateEach(
    writingBack writeBack: WriteBack = .changedWords, _ body: (inout Entity) -> Void
  ) {
    // The same loop as the one with positions; the position it passes is never read.
    updateEach(writingBack: writeBack) { entity, _ in body(&entity) }
  }

  /// Runs `body` on every entity with its position in the pool's storage (`indices`), and
  /// keeps what it changes: `updateEach(writingBack:_:)` for code that needs the position.
  ///
  /// - Complexity: O(n).
  @_transparent
  public mutating func updateEach(
    writingBack writeBack: WriteBack = .changedWords, _ body: (inout Entity, Int) -> Void
  ) {
    guard EntityScratch.fits(Entity.self) else {
      return withLargeScratch { scratch, original in
        for index in indices {
          let entity = words + index
          take(entity, into: scratch, keeping: original, writeBack)
          body(&scratch.assumingMemoryBound(to: Entity.self).pointee, index)
          put(scratch, into: entity, original: original, writeBack)
        }
      }
    }
    // The entity is taken out into a local, which the compiler then keeps in registers.
    var scratch = EntityScratch()
    var original = EntityScratch()
    for index in indices {
      let entity = words + index
      take(entity, into: &scratch, keeping: &original, writeBack)
      withUnsafeMutablePointer(to: &scratch) { scratch in
        body(
          &UnsafeMutableRawPointer(scratch).assumingMemoryBound(to: Entity.self).pointee, index)
      }
      put(&scratch, into: entity, original: &original, writeBack)
    }
  }

  /// Runs `body` on every entity and the tick's context, in storage order, and keeps what it
  /// changes of both: for code that deals damage, spawns or despawns as it goes.
  ///
  /// Only the words `body` changed are written back, whatever else it writes to.
  ///
  /// - Complexity: O(n).
  @_transparent
  public mutating func updateEach(
    in context: inout TickContext, _ body: (inout Entity, inout TickContext) -> Void
  ) {
    // The same loop as the one with positions; the position it passes is never read.
    updateEach(in: &context) { entity, _, context in body(&entity, &context) }
  }

  /// `updateEach(in:_:)` with each entity's position in the pool's storage.
  ///
  /// - Complexity: O(n).
  @_transparent
  public mutating func updateEach(
    in context: inout TickContext, _ body: (inout Entity, Int, inout TickContext) -> Void
  ) {
    guard EntityScratch.fits(Entity.self) else {
      return withLargeScratch { scratch, original in
        for index in indices {
          let entity = words + index
          take(entity, into: scratch, keeping: original, .changedWords)
          body(&scratch.assumingMemoryBound(to: Entity.self).pointee, index, &context)
          put(scratch, into: entity, original: original, .changedWords)
        }
      }
    }
    var scratch = EntityScratch()
    var original = EntityScratch()
    for index in indices {
      let entity = words + index
      take(entity, into: &scratch, keeping: &original, .changedWords)
      withUnsafeMutablePointer(to: &scratch) { scratch in
        body(
          &UnsafeMutableRawPointer(scratch).assumingMemoryBound(to: Entity.self).pointee, index,
          &context)
      }
      put(&scratch, into: entity, original: &original, .changedWords)
    }
  }

  /// Copies the entity whose first word is `entity` into `scratch` (and, when only changed
  /// words go back, and always in debug builds, into `original` too).
  @_transparent @usableFromInline
  internal func take(
    _ entity: UnsafeMutablePointer<UInt32>, into scratch: UnsafeMutableRawPointer,
    keeping original: UnsafeMutableRawPointer, _ writeBack: WriteBack
  ) {
    #if DEBUG
      Columns.gather(from: entity, stride: stride, into: scratch, keeping: original)
    #else
      if writeBack == .changedWords {
        Columns.gather(from: entity, stride: stride, into: scratch, keeping: original)
      } else {
        Columns.gather(from: entity, stride: stride, into: scratch)
      }
    #endif
  }

  /// Puts the entity in `scratch` back at `entity`: every word, or only the words that differ
  /// from `original`. In debug builds the running system's write check looks at it first.
  @_transparent @usableFromInline
  internal func put(
    _ scratch: UnsafeMutableRawPointer, into entity: UnsafeMutablePointer<UInt32>,
    original: UnsafeMutableRawPointer, _ writeBack: WriteBack
  ) {
    #if DEBUG
      writeCheck?.verify(scratch, against: original)
    #endif
    if writeBack == .changedWords {
      Columns.scatterChanged(from: scratch, original: original, into: entity, stride: stride)
    } else {
      Columns.scatterAll(from: scratch, into: entity, stride: stride)
    }
  }

  /// Runs `body` on every entity, in storage order, without changing any.
  ///
  /// - Complexity: O(n); only the columns `body` reads are read.
  @_transparent
  public func forEach(_ body: (Entity) -> Void) {
    guard EntityScratch.fits(Entity.self) else {
      return withLargeScratch { scratch, _ in
        for index in indices {
          Columns.gather(from: words + index, stride: stride, into: scratch)
          body(scratch.assumingMemoryBound(to: Entity.self).pointee)
        }
      }
    }
    var scratch = EntityScratch()
    for index in indices {
      Columns.gather(from: words + index, stride: stride, into: &scratch)
      withUnsafePointer(to: &scratch) { scratch in
        body(UnsafeRawPointer(scratch).assumingMemoryBound(to: Entity.self).pointee)
      }
    }
  }

  /// `forEach(_:)` with each entity's position in the pool's storage.
  ///
  /// - Complexity: O(n).
  @_transparent
  public func forEach(_ body: (Entity, Int) -> Void) {
    guard EntityScratch.fits(Entity.self) else {
      return withLargeScratch { scratch, _ in
        for index in indices {
          Columns.gather(from: words + index, stride: stride, into: scratch)
          body(scratch.assumingMemoryBound(to: Entity.self).pointee, index)
        }
      }
    }
    var scratch = EntityScratch()
    for index in indices {
      Columns.gather(from: words + index, stride: stride, into: &scratch)
      withUnsafePointer(to: &scratch) { scratch in
        body(UnsafeRawPointer(scratch).assumingMemoryBound(to: Entity.self).pointee, index)
      }
    }
  }

  /// Runs `body` with two pieces of uninitialised memory, each room for one entity's words,
  /// for an entity too large for `EntityScratch`.
  @usableFromInline
  internal func withLargeScratch(
    _ body: (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Void
  ) {
    let alignment = max(MemoryLayout<Entity>.alignment, 4)
    withUnsafeTemporaryAllocation(byteCount: Columns.wordCount * 8, alignment: alignment) {
      raw in
      let scratch = raw.baseAddress.unsafelyUnwrapped
      body(scratch, scratch + Columns.wordCount * 4)
    }
  }

  // MARK: - One entity

  /// Reads or changes the entity at `index` (one of `indices`).
  ///
  /// Each access takes the entity out of its columns and, for a change, puts it back: in a
  /// loop over the pool, `updateEach` does the same for less.
  /// - Complexity: O(1).
  @inlinable
  public subscript(index: Int) -> Entity {
    get {
      assert(indices.contains(index), "index \(index) is outside the pool's \(indices)")
      return Columns.read(from: lane(index), stride: stride)
    }
    _modify {
      assert(indices.contains(index), "index \(index) is outside the pool's \(indices)")
      let entityLane = lane(index)
      var entity = Columns.take(from: entityLane, stride: stride)
      defer { Columns.put(entity, into: entityLane, stride: stride, check: writeCheck) }
      yield &entity
    }
  }

  /// A copy of the entities this pool covers, in storage order.
  ///
  /// - Complexity: O(n).
  @inlinable
  public var entities: ContiguousArray<Entity> {
    var copies = ContiguousArray<Entity>()
    copies.reserveCapacity(count)
    forEach { copies.append($0) }
    return copies
  }
}

/// Room on the stack for the words of one entity of up to 256 bytes, 8-byte aligned: where
/// `EntityPool` takes an entity out of its columns.
@usableFromInline
internal struct EntityScratch {
  @usableFromInline
  var words:
    (
      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
    ) = (
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    )

  @inlinable
  init() {}

  /// Whether an entity of `type` fits.
  @inlinable
  static func fits<Entity>(_ type: Entity.Type) -> Bool {
    MemoryLayout<Entity>.stride <= MemoryLayout<EntityScratch>.size
      && MemoryLayout<Entity>.alignment <= MemoryLayout<EntityScratch>.alignment
  }
}

/// Where a type's entities sit in the tick's target index: the part of a pool that lasts from
/// one system to the next. Not API: public only because `GameObject._step` takes it.
public struct _PoolPlacement: Sendable {
  /// Where the type's entities start in the tick's target index.
  @usableFromInline internal var targetBase = 0
  /// The tick whose target index holds the type's entities (0: none yet).
  @usableFromInline internal var indexedTick: UInt64 = 0

  @usableFromInline
  internal init() {}
}
