/// The words of one type's columns, addressed without the type: what loops over whole
/// columns (saving, loading, sorting, the directory) use, with no generic code inside them.
struct ColumnBlocks {
  let words: UnsafeMutablePointer<UInt32>
  let wordCount: Int
  /// Words per block: `wordCount` columns of `EntityBlocks.size`.
  let blockWords: Int
  let count: Int

  init<Entity>(_ columns: EntityColumns<Entity>) {
    words = columns.words
    wordCount = EntityWords<Entity>.wordCount
    blockWords = EntityWords<Entity>.blockWords
    count = columns.count
  }

  /// Word `word` of the entities of the block that holds `index`, from its first entity.
  @inline(__always)
  func column(_ word: Int, ofBlockAt index: Int) -> UnsafeMutablePointer<UInt32> {
    words + (index >> EntityBlocks.shift) * blockWords + (word << EntityBlocks.shift)
  }

  /// Word `word` of the entity at `index`.
  @inline(__always)
  func word(_ word: Int, at index: Int) -> UInt32 {
    column(word, ofBlockAt: index)[index & (EntityBlocks.size - 1)]
  }

  /// Byte `offset` of the entity at `index`.
  @inline(__always)
  func byte(_ offset: Int, at index: Int) -> UInt8 {
    UInt8(truncatingIfNeeded: word(offset >> 2, at: index) >> UInt32((offset & 3) << 3))
  }

  /// The 8 bytes from `offset` (a multiple of 4) of the entity at `index`.
  @inline(__always)
  func uint64(_ offset: Int, at index: Int) -> UInt64 {
    UInt64(word(offset >> 2, at: index)) | UInt64(word((offset >> 2) + 1, at: index)) << 32
  }

  /// The `Float` from `offset` (a multiple of 4) of the entity at `index`.
  @inline(__always)
  func float(_ offset: Int, at index: Int) -> Float {
    Float(bitPattern: word(offset >> 2, at: index))
  }

  /// The first of the first `count` entities whose words `first` and `second` `isBad`
  /// refuses, if any.
  ///
  /// - Complexity: O(count): the test runs on a block's whole columns before the block's
  ///   entities are looked at one by one, which only a block with a refused entity needs.
  @inline(__always)
  func firstEntity(
    among count: Int, whoseWords first: Int, _ second: Int,
    where isBad: (UInt32, UInt32) -> Bool
  ) -> Int? {
    var start = 0
    while start < count {
      let lanes = min(EntityBlocks.size, count - start)
      let firstColumn = column(first, ofBlockAt: start)
      let secondColumn = column(second, ofBlockAt: start)
      var refused: UInt32 = 0
      for lane in 0..<lanes { refused |= isBad(firstColumn[lane], secondColumn[lane]) ? 1 : 0 }
      if refused != 0 {
        for lane in 0..<lanes where isBad(firstColumn[lane], secondColumn[lane]) {
          return start + lane
        }
      }
      start += EntityBlocks.size
    }
    return nil
  }

  /// Reorders the entities: the entity at `order[position]` moves to `position`.
  ///
  /// - Complexity: O(n x words), through one scratch column.
  func permute(by order: UnsafeBufferPointer<Int32>, scratch: inout [UInt32]) {
    precondition(order.count == count, "one position per entity")
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: repeatElement(0, count: count))
    // Where each entity comes from, found once: then each column is one gather.
    let sources = (0..<count).map { position in
      column(0, ofBlockAt: Int(order[position])) + (Int(order[position]) & (EntityBlocks.size - 1))
    }
    scratch.withUnsafeMutableBufferPointer { column in
      for word in 0..<wordCount {
        let offset = word << EntityBlocks.shift
        for position in 0..<count { column[position] = sources[position][offset] }
        for first in stride(from: 0, to: count, by: EntityBlocks.size) {
          let target = self.column(word, ofBlockAt: first)
          for lane in 0..<min(EntityBlocks.size, count - first) {
            target[lane] = column[first + lane]
          }
        }
      }
    }
  }
}
