/// The words of one type's columns, addressed without the type: what loops over whole
/// columns (saving, loading, sorting, the directory) use, with no generic code inside them.
struct UntypedColumns {
  let words: UnsafeMutablePointer<UInt32>
  let wordCount: Int
  /// The words from one column to the next: the columns' capacity.
  let stride: Int
  let count: Int

  init<Entity>(_ columns: EntityColumns<Entity>) {
    words = columns.words
    wordCount = EntityWords<Entity>.wordCount
    stride = columns.capacity
    count = columns.count
  }

  /// Word `word` of every entity, from the first.
  @inline(__always)
  func column(_ word: Int) -> UnsafeMutablePointer<UInt32> {
    words + word * stride
  }

  /// Word `word` of the entity at `index`.
  @inline(__always)
  func word(_ word: Int, at index: Int) -> UInt32 {
    column(word)[index]
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

  /// Entities whose words `firstEntity` tests together before it looks at any one of them.
  static var checkedRun: Int { 1024 }

  /// The first of the first `count` entities whose words `first` and `second` `isBad`
  /// refuses, if any.
  ///
  /// - Complexity: O(count): the test runs on a run of 1,024 entities' words at once, which
  ///   the compiler makes vector code, before the run's entities are looked at one by one,
  ///   which only a run with a refused entity needs.
  @inline(__always)
  func firstEntity(
    among count: Int, whoseWords first: Int, _ second: Int,
    where isBad: (UInt32, UInt32) -> Bool
  ) -> Int? {
    let firstColumn = column(first)
    let secondColumn = column(second)
    var start = 0
    while start < count {
      let end = min(count, start + Self.checkedRun)
      var refused: UInt32 = 0
      for index in start..<end { refused |= isBad(firstColumn[index], secondColumn[index]) ? 1 : 0 }
      if refused != 0 {
        for index in start..<end where isBad(firstColumn[index], secondColumn[index]) {
          return index
        }
      }
      start = end
    }
    return nil
  }

  /// Reorders the words of column `word`: the word of the entity at `order[position]` moves to
  /// `position`, through `moved`, room for the column's words.
  ///
  /// - Complexity: O(n).
  func reorder(
    column word: Int, by order: UnsafeBufferPointer<Int32>,
    through moved: UnsafeMutablePointer<UInt32>
  ) {
    precondition(order.count == count, "one position per entity")
    let words = column(word)
    for position in 0..<count { moved[position] = words[Int(order[position])] }
    words.update(from: moved, count: count)
  }
}
