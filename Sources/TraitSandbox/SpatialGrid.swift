import CTruncation

/// A row-major grid over the arena: the order the world keeps entities in.
@usableFromInline
struct SpatialGrid: Sendable {
  @usableFromInline let cellSize: Float
  /// `1 / cellSize`: cells are found by multiplying, which is several times cheaper than
  /// dividing and just as monotonic.
  @usableFromInline let inverseCellSize: Float
  @usableFromInline let columns: Int
  @usableFromInline let rows: Int
  /// `columns x rows`.
  @usableFromInline let cellCount: Int

  /// A grid of `columns x rows` cells of `cellSize` a side; at most 2^32 cells, so that a cell
  /// number fits `UInt32`.
  @usableFromInline
  init(cellSize: Float, columns: Int, rows: Int) {
    precondition(
      columns > 0 && rows > 0 && columns <= Int(UInt32.max) / rows, "a grid has 1 to 2^32 cells")
    self.cellSize = cellSize
    self.inverseCellSize = 1 / cellSize
    self.columns = columns
    self.rows = rows
    self.cellCount = columns * rows
  }

  /// The number of bits a cell number needs.
  @usableFromInline
  var keyBits: Int { max(1, Int.bitWidth - (columns * rows - 1).leadingZeroBitCount) }

  /// Bits per pass of a radix sort by cell.
  @usableFromInline static let digitBits = 11

  /// The most bits a sort's keys may have to be sorted in one counting pass, with a bucket per
  /// key: 2^18 buckets of 4 bytes, a megabyte, a core's second-level cache on the machines the
  /// sandbox is measured on.
  @usableFromInline static let singlePassKeyBits = 18

  /// Sorts `items` by `keys` (one per item, reordered alongside), equal keys keeping their
  /// order: a counting sort with a bucket per key when there are no more keys than twice the
  /// items (one pass over the grid's cells), else a least-significant-digit radix sort of
  /// 11-bit digits that moves the items themselves (each pass reads them in order and writes
  /// each digit's run in order), or an insertion sort for a few.
  ///
  /// - Complexity: O(n + 2^keyBits) in one pass, or O(n x keyBits / 11); O(n^2) only for 256
  ///   items or fewer.
  @inlinable
  static func sort<Item>(_ items: inout [Item], byKeys keys: inout [UInt32], keyBits: Int) {
    var spares = RadixSortSpares<Item>()
    sort(&items, byKeys: &keys, keyBits: keyBits, reusing: &spares)
  }

  /// `sort(_:byKeys:keyBits:)` with the buffers its passes write into taken from `spares`, and
  /// left there for the next sort: a sort of a million items made and freed 3 MB of them each
  /// time, every page of which faulted in afresh.
  @inlinable
  static func sort<Item>(
    _ items: inout [Item], byKeys keys: inout [UInt32], keyBits: Int,
    reusing spares: inout RadixSortSpares<Item>
  ) {
    precondition(items.count == keys.count, "one key per item")
    guard items.count > 256 else {
      // A few items: an insertion sort beats clearing 2,048 buckets per pass.
      insertionSort(&items, byKeys: &keys)
      return
    }
    var spareItems = spares.items
    var spareKeys = spares.keys
    var counts = spares.counts
    spares = RadixSortSpares()
    // Each pass writes every slot: what the spares hold before it does not matter.
    spareItems.removeAll(keepingCapacity: true)
    spareItems.append(contentsOf: items)
    spareKeys.removeAll(keepingCapacity: true)
    spareKeys.append(contentsOf: keys)
    // One pass when its buckets are few enough: a stable sort by the whole key orders exactly
    // as the passes by digits do, with one pass over the items instead of one per 11 bits.
    let onePass = keyBits <= singlePassKeyBits && 1 << keyBits <= 2 * items.count
    let bits = onePass ? keyBits : digitBits
    let buckets = 1 << bits
    let mask = UInt32(buckets - 1)
    // At most `Int32.max` items: a table's entities.
    counts.removeAll(keepingCapacity: true)
    counts.append(contentsOf: repeatElement(0, count: buckets + 1))
    var shift: UInt32 = 0
    while shift < UInt32(keyBits) {
      // Through buffers: a store into an array checks that its storage is unique, every time.
      counts.withUnsafeMutableBufferPointer { counts in
        if shift > 0 { counts.update(repeating: 0) }
        items.withUnsafeBufferPointer { items in
          keys.withUnsafeBufferPointer { keys in
            spareItems.withUnsafeMutableBufferPointer { spareItems in
              spareKeys.withUnsafeMutableBufferPointer { spareKeys in
                countingPass(
                  items, keys, into: spareItems, spareKeys, by: shift, mask: mask, counts: counts)
              }
            }
          }
        }
      }
      swap(&items, &spareItems)
      swap(&keys, &spareKeys)
      shift += UInt32(bits)
    }
    spares = RadixSortSpares(items: spareItems, keys: spareKeys, counts: counts)
  }

  /// Sorts a few `items` by `keys` in place, equal keys keeping their order.
  ///
  /// - Complexity: O(n^2).
  @inlinable
  static func insertionSort<Item>(_ items: inout [Item], byKeys keys: inout [UInt32]) {
    for next in items.indices.dropFirst() {
      let item = items[next]
      let key = keys[next]
      var slot = next
      while slot > 0 && keys[slot - 1] > key {
        items[slot] = items[slot - 1]
        keys[slot] = keys[slot - 1]
        slot -= 1
      }
      items[slot] = item
      keys[slot] = key
    }
  }

  /// One stable pass of a radix sort: `items` and `keys` written into `sortedItems` and
  /// `sortedKeys` in the order of their keys' digit `(key >> shift) & mask`, with `counts`
  /// (a zeroed bucket per digit and one more) as the scratch.
  @inlinable @inline(__always)
  static func countingPass<Item>(
    _ items: UnsafeBufferPointer<Item>, _ keys: UnsafeBufferPointer<UInt32>,
    into sortedItems: UnsafeMutableBufferPointer<Item>,
    _ sortedKeys: UnsafeMutableBufferPointer<UInt32>, by shift: UInt32, mask: UInt32,
    counts: UnsafeMutableBufferPointer<Int32>
  ) {
    for key in keys { counts[Int((key >> shift) & mask) + 1] &+= 1 }
    for digit in 0..<(counts.count - 1) { counts[digit + 1] &+= counts[digit] }
    // Every slot is below the count: the counts add up to it.
    for index in items.indices {
      let digit = Int((keys[index] >> shift) & mask)
      let slot = Int(counts[digit])
      sortedItems[slot] = items[index]
      sortedKeys[slot] = keys[index]
      counts[digit] &+= 1
    }
  }

  /// The column of `x`; out-of-arena and non-finite values clamp to an edge column.
  @inlinable @inline(__always)
  func column(of x: Float) -> Int {
    Self.clamped(x * inverseCellSize, count: columns)
  }

  /// The row of `y`; out-of-arena and non-finite values clamp to an edge row.
  @inlinable @inline(__always)
  func row(of y: Float) -> Int {
    Self.clamped(y * inverseCellSize, count: rows)
  }

  /// The cell `point` falls in, row-major; out-of-arena and non-finite points clamp to an edge
  /// cell.
  @inlinable @inline(__always)
  func cell(of point: Vector2) -> UInt32 {
    // Both in range, and the grid has at most 2^32 cells: the arithmetic cannot overflow.
    UInt32(truncatingIfNeeded: row(of: point.y) &* columns &+ column(of: point.x))
  }

  @inlinable @inline(__always)
  static func clamped(_ value: Float, count: Int) -> Int {
    // Written so that NaN takes the first branch, as a negative value does: neither converts
    // to a cell.
    guard value >= 0 else { return 0 }
    // In range, checked here: the conversion needs no check of its own.
    return value < Float(count) ? traitsandbox_truncate(value) : count - 1
  }
}

/// The buffers a radix sort's passes write into (`SpatialGrid.sort`), kept for the next sort.
@usableFromInline
struct RadixSortSpares<Item> {
  @usableFromInline var items: [Item]
  @usableFromInline var keys: [UInt32]
  @usableFromInline var counts: [Int32]

  @inlinable
  init(items: [Item] = [], keys: [UInt32] = [], counts: [Int32] = []) {
    self.items = items
    self.keys = keys
    self.counts = counts
  }
}

/// Buffers a pool's spatial sort reuses from one sort to the next.
struct SpatialSortScratch {
  /// Each entity's cell, in storage order (in sorted order after `sortOrder`).
  var keys: [UInt32] = []
  /// The storage position of the entity that goes to each position, after `sortOrder`.
  var order: [Int32] = []
  /// The position each entity goes to, after `findDestinations`.
  var destination: [Int32] = []
  /// Columns of words being reordered (the world's first pool's scratch holds them all).
  var columns: [UInt32] = []
  /// What the sort of `order` writes its passes into.
  var spares = RadixSortSpares<Int32>()

  /// Fills `destination` from `order`: where each entity goes.
  ///
  /// - Complexity: O(n).
  mutating func findDestinations() {
    destination.removeAll(keepingCapacity: true)
    destination.append(contentsOf: repeatElement(0, count: order.count))
    for (position, source) in order.enumerated() {
      destination[Int(source)] = Int32(position)
    }
  }

  /// Fills `order` with the positions of `keys` sorted by key, equal keys in storage order.
  ///
  /// - Complexity: that of `SpatialGrid.sort(_:byKeys:keyBits:)`.
  mutating func sortOrder(count: Int, keyBits: Int) {
    order.removeAll(keepingCapacity: true)
    order.append(contentsOf: (0..<Int32(count)))
    SpatialGrid.sort(&order, byKeys: &keys, keyBits: keyBits, reusing: &spares)
  }
}
