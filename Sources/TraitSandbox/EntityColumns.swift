/// The live entities of one type, stored as columns: an entity is cut into 4-byte words, and
/// each word of every entity is kept next to the same word of the entities beside it.
///
/// Every word has one column, `capacity` words long, and the columns lie one after another in
/// one allocation, as Zig's `MultiArrayList` keeps the fields of a struct: the words of one
/// entity are `capacity` words apart, so a loop over the entities reaches every column from one
/// base address and a stride it reads once. A system that reads an entity's `position` and
/// `movement` streams those columns and no others, each from start to end: code that takes an
/// entity out of the columns (`EntityPool`) is specialised for the type and inlined, and the
/// compiler drops the loads and stores of every word the code does not use.
///
/// The columns own the entities they hold, bit for bit: an entity moves in and out as its
/// bytes, and an entity type must therefore be bitwise-movable (no `weak` references), which
/// registering a type checks.
@usableFromInline
internal final class EntityColumns<Entity>: @unchecked Sendable {
  @usableFromInline typealias Words = EntityWords<Entity>

  // Unchecked: the world's unspecialised code reads these for every system and type each
  // tick, and each checked access was a call into the runtime (about 100 instructions). Only
  // the table that owns the columns changes them, between systems.

  /// The columns, one after another, `capacity` words each.
  @exclusivity(unchecked) @usableFromInline var words: UnsafeMutablePointer<UInt32>
  /// The number of live entities: positions `0..<count`.
  @exclusivity(unchecked) @usableFromInline var count: Int
  /// Room for this many entities: the length of every column, and so the distance in words
  /// from one column to the next (see `roomFor(_:)`).
  @exclusivity(unchecked) @usableFromInline var capacity: Int

  @usableFromInline
  init(capacity: Int = 0) {
    self.capacity = Words.roomFor(capacity)
    words = Words.allocate(capacity: self.capacity)
    count = 0
  }

  deinit {
    if !_isPOD(Entity.self) {
      for index in 0..<count { _ = take(at: index) }
    }
    words.deallocate()
  }

  // MARK: - Addresses

  /// Word `word` of the entity at `index`.
  @inlinable @inline(__always)
  func word(_ word: Int, at index: Int) -> UnsafeMutablePointer<UInt32> {
    words + word * capacity + index
  }

  // MARK: - Moving entities in and out

  /// The first word of the entity at `index`, in the first column.
  @inlinable @inline(__always)
  func lane(_ index: Int) -> UnsafeMutablePointer<UInt32> {
    words + index
  }

  /// A copy of the entity at `index`.
  @inlinable
  func read(at index: Int) -> Entity { Words.read(from: lane(index), stride: capacity) }

  /// Moves the entity at `index` out (see `take(from:stride:)`).
  @inlinable
  func take(at index: Int) -> Entity { Words.take(from: lane(index), stride: capacity) }

  /// Moves `entity` into the words at `index` (see `put(_:into:stride:check:)`).
  @inlinable
  func put(_ entity: __owned Entity, at index: Int) {
    Words.put(entity, into: lane(index), stride: capacity)
  }

  /// Appends an entity, growing by half again when full.
  @inlinable
  func append(_ entity: __owned Entity) {
    if count == capacity { reserveCapacity(capacity + capacity / 2 + 1) }
    put(entity, at: count)
    count += 1
  }

  /// Appends `entities` in order, calling `each` with every one and the position it takes.
  ///
  /// - Complexity: O(n) in the entities appended.
  @inlinable
  func append(
    contentsOf entities: __owned ContiguousArray<Entity>, _ each: (Entity, Int) -> Void
  ) {
    reserveCapacity(count + entities.count)
    // One scratch for the batch: in code not specialised for the entity type, making one per
    // entity cost more than the copy.
    Words.withScratch { scratch in
      for entity in entities {
        each(entity, count)
        Words.put(entity, into: lane(count), stride: capacity, through: scratch)
        count += 1
      }
    }
  }

  /// Makes room for `minimumCapacity` entities in all.
  ///
  /// - Complexity: O(n) when it grows: every column is copied once.
  @usableFromInline
  func reserveCapacity(_ minimumCapacity: Int) {
    guard minimumCapacity > capacity else { return }
    let grownCapacity = Words.roomFor(minimumCapacity)
    let grown = Words.allocate(capacity: grownCapacity)
    // The entities move bit for bit: nothing is retained or released.
    for word in 0..<Words.wordCount {
      (grown + word * grownCapacity).moveInitialize(from: words + word * capacity, count: count)
    }
    words.deallocate()
    words = grown
    capacity = grownCapacity
  }

  /// Removes the entities at `holes` (positions, descending, each once), the last entity moving
  /// into each hole in turn; returns the holes filled, in the order they were filled.
  ///
  /// The words move column by column, the columns shared between up to `threads` threads:
  /// the same result for any thread count.
  /// - Complexity: O(holes x words).
  func swapRemoveAll(descending holes: [Int32], threads: Int) -> [Int32] {
    var filled: [Int32] = []
    var sources: [Int32] = []
    var last = count - 1
    for hole in holes {
      precondition(hole >= 0 && Int(hole) <= last, "removing an entity outside the columns")
      if !_isPOD(Entity.self) { _ = take(at: Int(hole)) }
      if Int(hole) != last {
        filled.append(hole)
        sources.append(Int32(truncatingIfNeeded: last))
      }
      last -= 1
    }
    count = last + 1
    let wordCount = Words.wordCount
    let parts = Parts(columns: wordCount, scatteredRows: filled.count, threads: threads)
    let words = self.words
    let capacity = self.capacity
    filled.withUnsafeBufferPointer { filled in
      sources.withUnsafeBufferPointer { sources in
        let moves = ColumnMoves(words: words, targets: filled, sources: sources)
        parts.forEach { part in
          for word in parts.range(of: part) {
            let column = moves.words + word * capacity
            for move in moves.targets.indices {
              column[Int(moves.targets[move])] = column[Int(moves.sources[move])]
            }
          }
        }
      }
    }
    return filled
  }

  /// Removes every entity, keeping the room.
  @usableFromInline
  func removeAll() {
    if !_isPOD(Entity.self) {
      for index in 0..<count { _ = take(at: index) }
    }
    count = 0
  }

  /// An independent copy of the columns, with room for their entities alone: what copy on
  /// write makes when a world that shares them changes.
  ///
  /// - Complexity: O(n).
  @usableFromInline
  func copy() -> EntityColumns {
    let copy = EntityColumns(capacity: count)
    if _isPOD(Entity.self) {
      for word in 0..<Words.wordCount {
        (copy.words + word * copy.capacity).update(from: words + word * capacity, count: count)
      }
      copy.count = count
    } else {
      for index in 0..<count { copy.append(read(at: index)) }
    }
    return copy
  }

  /// Mixes every word of every entity into `hasher`, column by column, keeping of each word
  /// only the bytes `masks` marks (a bit per byte; see `EntityLayout.stateMasks`).
  ///
  /// Each column is hashed in four interleaved streams (the words of entities 0, 4, 8, ...,
  /// then 1, 5, 9, ...) so that the multiplications overlap, and columns are shared out among
  /// `threads`; the result depends only on the words.
  /// - Complexity: O(n x words).
  func hashWords(masks: [UInt8], into hasher: inout StateHasher, threads: Int) {
    let wordCount = Words.wordCount
    precondition(masks.count == wordCount, "one mask per word")
    var columnHashes = [UInt64](repeating: 0, count: wordCount)
    let count = self.count
    let words = self.words
    let capacity = self.capacity
    columnHashes.withUnsafeMutableBufferPointer { hashes in
      let shared = ColumnHashes(words: words, hashes: hashes)
      let parts = Parts(columns: wordCount, rows: count, threads: threads)
      parts.forEach { part in
        for word in parts.range(of: part) where masks[word] != 0 {
          shared.hashes[word] = Self.hashColumn(
            shared.words + word * capacity, count: count, mask: WriteCheck.byteMask(masks[word]))
        }
      }
    }
    for word in 0..<wordCount where masks[word] != 0 { hasher.combine(columnHashes[word]) }
  }

  /// The hash of the first `count` words of `column`, each masked.
  static func hashColumn(_ column: UnsafeMutablePointer<UInt32>, count: Int, mask: UInt32)
    -> UInt64
  {
    var streams = (
      StateHasher(), StateHasher(seed: 1), StateHasher(seed: 2), StateHasher(seed: 3)
    )
    var index = 0
    while index + 4 <= count {
      streams.0.combine(UInt64(column[index] & mask))
      streams.1.combine(UInt64(column[index + 1] & mask))
      streams.2.combine(UInt64(column[index + 2] & mask))
      streams.3.combine(UInt64(column[index + 3] & mask))
      index += 4
    }
    while index < count {
      streams.0.combine(UInt64(column[index] & mask))
      index += 1
    }
    var total = streams.0
    total.combine(streams.1.finalize().rawValue)
    total.combine(streams.2.finalize().rawValue)
    total.combine(streams.3.finalize().rawValue)
    return total.finalize().rawValue
  }
}

/// The columns and the moves the threads of `swapRemoveAll` share; each thread writes only its
/// own columns.
private struct ColumnMoves: @unchecked Sendable {
  let words: UnsafeMutablePointer<UInt32>
  let targets: UnsafeBufferPointer<Int32>
  let sources: UnsafeBufferPointer<Int32>
}

/// The columns and per-column results the threads of `hashWords` share; each thread writes
/// only its own columns' results.
private struct ColumnHashes: @unchecked Sendable {
  let words: UnsafeMutablePointer<UInt32>
  let hashes: UnsafeMutableBufferPointer<UInt64>
}

/// The shape of one entity type's columns, and the code that moves an entity's words in and
/// out of them: what `EntityColumns` and `EntityPool` share, specialised for each type.
///
/// An entity's words are `stride` words apart (the columns' capacity): word `w` of the entity
/// whose first word is `lane` is `lane[w * stride]`.
@usableFromInline
internal enum EntityWords<Entity> {
  /// The 4-byte words one entity takes.
  @inlinable
  static var wordCount: Int { (MemoryLayout<Entity>.stride + 3) / 4 }

  /// The capacity columns take for room for `count` entities: at least `count`, and an odd
  /// multiple of 16 entities (64 bytes of a column).
  ///
  /// A loop reads the same position of several columns at once; an odd number of cache lines
  /// between columns puts those reads in different sets of the caches. Columns a multiple of
  /// 4 KiB apart would all fall in the same set, and each load would wait on the stores to the
  /// other columns that share its address's lower 12 bits.
  @inlinable
  static func roomFor(_ count: Int) -> Int {
    guard count > 0 else { return 0 }
    let lines = (count + 15) >> 4
    return (lines | 1) << 4
  }

  /// Memory for columns of `capacity` entities, each column starting on a 64-byte line (a
  /// capacity is a multiple of 16 entities), so that threads stepping chunks of 4,096
  /// entities never write to the same line.
  @usableFromInline
  static func allocate(capacity: Int) -> UnsafeMutablePointer<UInt32> {
    UnsafeMutableRawPointer.allocate(byteCount: max(capacity * wordCount * 4, 4), alignment: 64)
      .bindMemory(to: UInt32.self, capacity: max(capacity * wordCount, 1))
  }

  /// A copy of the entity whose first word is `lane`.
  @inlinable
  static func read(from lane: UnsafeMutablePointer<UInt32>, stride: Int) -> Entity {
    withScratch { scratch in
      gather(from: lane, stride: stride, into: scratch)
      // A copy: the columns keep their own.
      return scratch.assumingMemoryBound(to: Entity.self).pointee
    }
  }

  /// Moves the entity whose first word is `lane` out; its words are left as they were, owned
  /// by no one, until `put(_:into:stride:check:)` writes over them.
  @inlinable
  static func take(from lane: UnsafeMutablePointer<UInt32>, stride: Int) -> Entity {
    withScratch { scratch in
      gather(from: lane, stride: stride, into: scratch)
      return scratch.assumingMemoryBound(to: Entity.self).move()
    }
  }

  /// Moves `entity` into the words at `lane`, writing over whatever they held without
  /// releasing it; in debug builds, `check` first looks at what changed since the entity was
  /// taken out (its words still hold what `take(from:stride:)` read).
  @inlinable
  static func put(
    _ entity: __owned Entity, into lane: UnsafeMutablePointer<UInt32>, stride: Int,
    check: WriteCheck? = nil
  ) {
    withScratch { scratch in
      put(entity, into: lane, stride: stride, through: scratch, check: check)
    }
  }

  /// `put(_:into:stride:check:)` through `scratch`, memory for one entity's words that the
  /// caller provides: a batch of puts shares one.
  @inlinable
  static func put(
    _ entity: __owned Entity, into lane: UnsafeMutablePointer<UInt32>, stride: Int,
    through scratch: UnsafeMutableRawPointer, check: WriteCheck? = nil
  ) {
    // Zeros first, so that padding is the same in every run.
    scratch.initializeMemory(as: UInt32.self, repeating: 0, count: wordCount)
    scratch.assumingMemoryBound(to: Entity.self).initialize(to: entity)
    check?.verify(scratch, against: lane, stride: stride)
    // The words move on to the lane, which owns what they hold from now on.
    scatterAll(from: scratch, into: lane, stride: stride)
  }

  /// Runs `body` with uninitialised memory for one entity's words.
  @inlinable
  static func withScratch<Result>(_ body: (UnsafeMutableRawPointer) -> Result) -> Result {
    withUnsafeTemporaryAllocation(
      byteCount: wordCount * 4, alignment: max(MemoryLayout<Entity>.alignment, 4)
    ) { raw in body(raw.baseAddress.unsafelyUnwrapped) }
  }

  // MARK: - Copying words

  /// `stride` as the compiler must see it for the copies to be fast: a 32-bit number that is
  /// not zero (every stride is an odd multiple of 16, so this changes nothing).
  ///
  /// From that it proves that different words of an entity never share an address, so it can
  /// keep words in registers across stores to other columns, remove the stores of words that
  /// code left as they were, and make vector code of loops.
  @_transparent @usableFromInline
  static func distinct(_ stride: Int) -> Int {
    Int(UInt32(truncatingIfNeeded: stride) | 16)
  }

  /// Calls `body` with each word number of one entity, 0 to `wordCount - 1`.
  ///
  /// Written out word by word for up to 64 words, so that specialised code sees each word at a
  /// fixed place and keeps only those it uses; larger entities, and debug builds (which inline
  /// nothing), take a loop. Every copy between an entity's columns and a scratch value walks its
  /// words with this.
  @_transparent @usableFromInline
  static func forEachWord(_ body: (Int) -> Void) {
    let count = wordCount
    guard count <= 64 && !_isDebugAssertConfiguration() else {
      for word in 0..<count { body(word) }
      return
    }
    @inline(__always) func visit(_ word: Int) { if word < count { body(word) } }
    visit(0); visit(1); visit(2); visit(3); visit(4); visit(5); visit(6); visit(7)
    visit(8); visit(9); visit(10); visit(11); visit(12); visit(13); visit(14); visit(15)
    visit(16); visit(17); visit(18); visit(19); visit(20); visit(21); visit(22); visit(23)
    visit(24); visit(25); visit(26); visit(27); visit(28); visit(29); visit(30); visit(31)
    visit(32); visit(33); visit(34); visit(35); visit(36); visit(37); visit(38); visit(39)
    visit(40); visit(41); visit(42); visit(43); visit(44); visit(45); visit(46); visit(47)
    visit(48); visit(49); visit(50); visit(51); visit(52); visit(53); visit(54); visit(55)
    visit(56); visit(57); visit(58); visit(59); visit(60); visit(61); visit(62); visit(63)
  }

  /// Copies the words of one entity (`lane` points at its first word, in the first column)
  /// into `scratch`.
  @_transparent @usableFromInline
  static func gather(
    from lane: UnsafeMutablePointer<UInt32>, stride: Int, into scratch: UnsafeMutableRawPointer
  ) {
    let stride = distinct(stride)
    forEachWord { word in
      scratch.storeBytes(of: lane[word &* stride], toByteOffset: word << 2, as: UInt32.self)
    }
  }

  /// Copies the words of one entity into `scratch` and `original` alike: `original` keeps the
  /// words as they were, for `scatterChanged`.
  @_transparent @usableFromInline
  static func gather(
    from lane: UnsafeMutablePointer<UInt32>, stride: Int, into scratch: UnsafeMutableRawPointer,
    keeping original: UnsafeMutableRawPointer
  ) {
    let stride = distinct(stride)
    // The original first, each word read whole, then the scratch from reads of its own: the
    // compiler may split a scratch word into the pieces the code reads (a Boolean, an
    // optional's tag), and it then sees each piece as part of the whole word read before it,
    // so that a word the code did not change compares equal, with no store.
    forEachWord { word in
      original.storeBytes(of: lane[word &* stride], toByteOffset: word << 2, as: UInt32.self)
    }
    forEachWord { word in
      scratch.storeBytes(of: lane[word &* stride], toByteOffset: word << 2, as: UInt32.self)
    }
  }

  /// Writes every word of `scratch` to the entity at `lane`.
  @_transparent @usableFromInline
  static func scatterAll(
    from scratch: UnsafeMutableRawPointer, into lane: UnsafeMutablePointer<UInt32>, stride: Int
  ) {
    let stride = distinct(stride)
    forEachWord { word in
      lane[word &* stride] = scratch.load(fromByteOffset: word << 2, as: UInt32.self)
    }
  }

  /// Writes the words of `scratch` that differ from `original` to the entity at `lane`: the
  /// compiler removes the comparison, and the store, of every word the code between the gather
  /// and this did not change.
  @_transparent @usableFromInline
  static func scatterChanged(
    from scratch: UnsafeMutableRawPointer, original: UnsafeMutableRawPointer,
    into lane: UnsafeMutablePointer<UInt32>, stride: Int
  ) {
    let stride = distinct(stride)
    forEachWord { word in
      let new = scratch.load(fromByteOffset: word << 2, as: UInt32.self)
      if new != original.load(fromByteOffset: word << 2, as: UInt32.self) {
        lane[word &* stride] = new
      }
    }
  }
}
