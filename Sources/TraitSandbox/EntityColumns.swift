/// The live entities of one type, stored as columns: an entity is cut into 4-byte words, and
/// each word of every entity is kept next to the same word of the entities beside it.
///
/// Columns are grouped in blocks of `blockSize` entities (structure of arrays inside each
/// block, one block after another), so the words of one entity are a fixed distance apart and a
/// loop over a block reaches every column from one base address. A system that reads an
/// entity's `position` and `movement` streams those words and no others: code that takes an
/// entity out of the columns (`EntityPool`) is specialised for the type and inlined, and the
/// compiler drops the loads and stores of every word the code does not use.
///
/// The columns own the entities they hold, bit for bit: an entity moves in and out as its
/// bytes, and an entity type must therefore be bitwise-movable (no `weak` references), which
/// registering a type checks.
@usableFromInline
internal final class EntityColumns<Entity>: @unchecked Sendable {
  @usableFromInline typealias Words = EntityWords<Entity>

  /// The blocks, one after another; `capacity / blockSize` of them.
  @usableFromInline var words: UnsafeMutablePointer<UInt32>
  /// The number of live entities: positions `0..<count`.
  @usableFromInline var count: Int
  /// Room for this many entities, a whole number of blocks.
  @usableFromInline var capacity: Int

  @usableFromInline
  init(capacity: Int = 0) {
    let blocks = (max(capacity, 0) + Words.blockSize - 1) >> Words.blockShift
    self.capacity = blocks << Words.blockShift
    words = .allocate(capacity: max(blocks * Words.blockWords, 1))
    count = 0
  }

  deinit {
    if !_isPOD(Entity.self) {
      for index in 0..<count { _ = take(at: index) }
    }
    words.deallocate()
  }

  // MARK: - Addresses

  /// The first word of the block that holds `index`.
  @inlinable @inline(__always)
  func block(of index: Int) -> UnsafeMutablePointer<UInt32> {
    words + (index >> Words.blockShift) * Words.blockWords
  }

  /// Word `word` of the entity at `index`.
  @inlinable @inline(__always)
  func word(_ word: Int, at index: Int) -> UnsafeMutablePointer<UInt32> {
    block(of: index) + (word << Words.blockShift) + (index & (Words.blockSize - 1))
  }

  // MARK: - Moving entities in and out

  /// The first word of the entity at `index`, in its block.
  @inlinable @inline(__always)
  func lane(_ index: Int) -> UnsafeMutablePointer<UInt32> {
    block(of: index) + (index & (Words.blockSize - 1))
  }

  /// A copy of the entity at `index`.
  @inlinable
  func read(at index: Int) -> Entity { Words.read(from: lane(index)) }

  /// Moves the entity at `index` out (see `take(from:)`).
  @inlinable
  func take(at index: Int) -> Entity { Words.take(from: lane(index)) }

  /// Moves `entity` into the words at `index` (see `put(_:into:check:)`).
  @inlinable
  func put(_ entity: __owned Entity, at index: Int) { Words.put(entity, into: lane(index)) }

  /// Appends an entity, growing by half again when full.
  @inlinable
  func append(_ entity: __owned Entity) {
    if count == capacity { reserveCapacity(max(Words.blockSize, capacity + capacity / 2)) }
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
    for entity in entities {
      each(entity, count)
      put(entity, at: count)
      count += 1
    }
  }

  /// Makes room for `minimumCapacity` entities in all.
  ///
  /// - Complexity: O(n) when it grows: every block is copied once.
  @usableFromInline
  func reserveCapacity(_ minimumCapacity: Int) {
    guard minimumCapacity > capacity else { return }
    let blocks = (minimumCapacity + Words.blockSize - 1) >> Words.blockShift
    let grown = UnsafeMutablePointer<UInt32>.allocate(capacity: blocks * Words.blockWords)
    let usedBlocks = (count + Words.blockSize - 1) >> Words.blockShift
    // The entities move bit for bit: nothing is retained or released.
    grown.moveInitialize(from: words, count: usedBlocks * Words.blockWords)
    words.deallocate()
    words = grown
    capacity = blocks << Words.blockShift
  }

  /// Removes the entity at `index`; the last entity moves into its place.
  ///
  /// - Complexity: O(1).
  @usableFromInline
  func swapRemove(at index: Int) {
    precondition(index >= 0 && index < count, "removing an entity outside the columns")
    if !_isPOD(Entity.self) { _ = take(at: index) }
    let last = count - 1
    if index != last {
      for word in 0..<Words.wordCount {
        self.word(word, at: index).pointee = self.word(word, at: last).pointee
      }
    }
    count = last
  }

  /// Removes every entity, keeping the room.
  @usableFromInline
  func removeAll() {
    if !_isPOD(Entity.self) {
      for index in 0..<count { _ = take(at: index) }
    }
    count = 0
  }

  /// An independent copy of the columns: what copy on write makes when a world that shares
  /// them changes.
  ///
  /// - Complexity: O(n).
  @usableFromInline
  func copy() -> EntityColumns {
    let copy = EntityColumns(capacity: count)
    let usedBlocks = (count + Words.blockSize - 1) >> Words.blockShift
    if _isPOD(Entity.self) {
      copy.words.update(from: words, count: usedBlocks * Words.blockWords)
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
    columnHashes.withUnsafeMutableBufferPointer { hashes in
      let shared = ColumnHashes(words: words, hashes: hashes)
      let parts = Parts(count: count * wordCount, threads: threads)
      let columnsPerPart = (wordCount + parts.count - 1) / parts.count
      parts.forEach { part in
        let first = part * columnsPerPart
        for word in first..<min(first + columnsPerPart, wordCount) where masks[word] != 0 {
          shared.hashes[word] = Self.hashColumn(
            shared.words, word: word, count: count, mask: WriteCheck.byteMask(masks[word]))
        }
      }
    }
    for word in 0..<wordCount where masks[word] != 0 { hasher.combine(columnHashes[word]) }
  }

  /// The hash of one column's words, each masked.
  static func hashColumn(
    _ words: UnsafeMutablePointer<UInt32>, word: Int, count: Int, mask: UInt32
  ) -> UInt64 {
    var streams = (
      StateHasher(), StateHasher(seed: 1), StateHasher(seed: 2), StateHasher(seed: 3)
    )
    var index = 0
    while index < count {
      let column =
        words + (index >> Words.blockShift) * Words.blockWords + (word << Words.blockShift)
      let blockEnd = min(count, (index | (Words.blockSize - 1)) + 1)
      var lane = index & (Words.blockSize - 1)
      var remaining = blockEnd - index
      while remaining >= 4 {
        streams.0.combine(UInt64(column[lane] & mask))
        streams.1.combine(UInt64(column[lane + 1] & mask))
        streams.2.combine(UInt64(column[lane + 2] & mask))
        streams.3.combine(UInt64(column[lane + 3] & mask))
        lane += 4
        remaining -= 4
      }
      while remaining > 0 {
        streams.0.combine(UInt64(column[lane] & mask))
        lane += 1
        remaining -= 1
      }
      index = blockEnd
    }
    var total = streams.0
    total.combine(streams.1.finalize().rawValue)
    total.combine(streams.2.finalize().rawValue)
    total.combine(streams.3.finalize().rawValue)
    return total.finalize().rawValue
  }
}

/// The columns and per-column results the threads of `hashWords` share; each thread writes
/// only its own columns' results.
private struct ColumnHashes: @unchecked Sendable {
  let words: UnsafeMutablePointer<UInt32>
  let hashes: UnsafeMutableBufferPointer<UInt64>
}

/// The shape of one entity type's columns, and the code that moves an entity's words in and
/// out of them: what `EntityColumns` and `EntityPool` share, specialised for each type.
@usableFromInline
internal enum EntityWords<Entity> {
  /// Entities per block.
  @inlinable
  static var blockSize: Int { EntityBlocks.size }

  /// `log2(blockSize)`.
  @inlinable
  static var blockShift: Int { EntityBlocks.shift }

  /// The 4-byte words one entity takes.
  @inlinable
  static var wordCount: Int { (MemoryLayout<Entity>.stride + 3) / 4 }

  /// The words of one block: `wordCount` columns of `blockSize`.
  @inlinable
  static var blockWords: Int { wordCount << blockShift }

  /// A copy of the entity whose first word is `lane`.
  @inlinable
  static func read(from lane: UnsafeMutablePointer<UInt32>) -> Entity {
    withScratch { scratch in
      gather(from: lane, into: scratch)
      // A copy: the columns keep their own.
      return scratch.assumingMemoryBound(to: Entity.self).pointee
    }
  }

  /// Moves the entity whose first word is `lane` out; its words are left as they were, owned
  /// by no one, until `put(_:into:)` writes over them.
  @inlinable
  static func take(from lane: UnsafeMutablePointer<UInt32>) -> Entity {
    withScratch { scratch in
      gather(from: lane, into: scratch)
      return scratch.assumingMemoryBound(to: Entity.self).move()
    }
  }

  /// Moves `entity` into the words at `lane`, writing over whatever they held without
  /// releasing it; in debug builds, `check` first looks at what changed since the entity was
  /// taken out (its words still hold what `take(from:)` read).
  @inlinable
  static func put(
    _ entity: __owned Entity, into lane: UnsafeMutablePointer<UInt32>, check: WriteCheck? = nil
  ) {
    withScratch { scratch in
      // Zeros first, so that padding is the same in every run.
      scratch.initializeMemory(as: UInt32.self, repeating: 0, count: wordCount)
      scratch.assumingMemoryBound(to: Entity.self).initialize(to: entity)
      check?.verify(scratch, against: lane)
      scatterAll(from: scratch, into: lane)
    }
  }

  /// Runs `body` with uninitialised memory for one entity's words.
  @inlinable
  static func withScratch<Result>(_ body: (UnsafeMutableRawPointer) -> Result) -> Result {
    withUnsafeTemporaryAllocation(
      byteCount: wordCount * 4, alignment: max(MemoryLayout<Entity>.alignment, 4)
    ) { raw in body(raw.baseAddress.unsafelyUnwrapped) }
  }

  // MARK: - Copying words

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

  /// Copies the words of one entity (`lane` points at its first word, in its block) into
  /// `scratch`.
  @_transparent @usableFromInline
  static func gather(from lane: UnsafeMutablePointer<UInt32>, into scratch: UnsafeMutableRawPointer)
  {
    forEachWord { word in
      scratch.storeBytes(of: lane[word << blockShift], toByteOffset: word << 2, as: UInt32.self)
    }
  }

  /// Copies the words of one entity into `scratch` and `original` alike: `original` keeps the
  /// words as they were, for `scatterChanged`.
  @_transparent @usableFromInline
  static func gather(
    from lane: UnsafeMutablePointer<UInt32>, into scratch: UnsafeMutableRawPointer,
    keeping original: UnsafeMutableRawPointer
  ) {
    forEachWord { word in
      let value = lane[word << blockShift]
      scratch.storeBytes(of: value, toByteOffset: word << 2, as: UInt32.self)
      original.storeBytes(of: value, toByteOffset: word << 2, as: UInt32.self)
    }
  }

  /// Writes every word of `scratch` to the entity at `lane`.
  @_transparent @usableFromInline
  static func scatterAll(
    from scratch: UnsafeMutableRawPointer, into lane: UnsafeMutablePointer<UInt32>
  ) {
    forEachWord { word in
      lane[word << blockShift] = scratch.load(fromByteOffset: word << 2, as: UInt32.self)
    }
  }

  /// Writes the words of `scratch` that differ from `original` to the entity at `lane`: the
  /// compiler removes the comparison, and the store, of every word the code between the gather
  /// and this did not change.
  @_transparent @usableFromInline
  static func scatterChanged(
    from scratch: UnsafeMutableRawPointer, original: UnsafeMutableRawPointer,
    into lane: UnsafeMutablePointer<UInt32>
  ) {
    forEachWord { word in
      let new = scratch.load(fromByteOffset: word << 2, as: UInt32.self)
      if new != original.load(fromByteOffset: word << 2, as: UInt32.self) {
        lane[word << blockShift] = new
      }
    }
  }
}

/// The block size every type's columns share.
@usableFromInline
internal enum EntityBlocks {
  /// Entities per block: a block's column of one word is 1 KiB.
  @inlinable
  static var size: Int { 256 }

  /// `log2(size)`.
  @inlinable
  static var shift: Int { 8 }
}
