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

  @usableFromInline
  init(cellSize: Float, columns: Int, rows: Int) {
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
  /// Buckets per pass of a radix sort by cell.
  @usableFromInline static let radix = 1 << digitBits

  /// The digit of `key` a radix-sort pass starting at bit `shift` sorts by.
  @inlinable @inline(__always)
  static func digit(of key: UInt32, shift: UInt32) -> UInt32 {
    (key >> shift) & UInt32(radix - 1)
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
    UInt32(row(of: point.y) * columns + column(of: point.x))
  }

  @inlinable @inline(__always)
  static func clamped(_ value: Float, count: Int) -> Int {
    // Written so that NaN takes the first branch: converting it to Int would trap.
    guard value >= 0 else { return 0 }
    return value < Float(count) ? Int(value) : count - 1
  }
}

/// Buffers a spatial sort reuses from one sort to the next.
struct SpatialSortScratch {
  /// Each entity's cell, in storage order.
  var keys: [UInt32] = []
  /// The storage position of the entity that goes to each position, after `sortOrder`.
  var order: [Int32] = []
  /// The position each entity goes to.
  var destination: [Int32] = []
  private var spare: [Int32] = []
  private var counts: [Int] = []

  /// Fills `order` with the positions of `keys` sorted by key, equal keys in storage order:
  /// a least-significant-digit radix sort, 11 bits per pass (an insertion sort for a few).
  ///
  /// - Complexity: O(n x keyBits / 11); O(n^2) only below 257 entities.
  mutating func sortOrder(count: Int, keyBits: Int) {
    let digitBits = SpatialGrid.digitBits
    let radix = SpatialGrid.radix
    order.removeAll(keepingCapacity: true)
    order.append(contentsOf: (0..<Int32(count)))
    guard count > 256 else {
      // A few entities: an insertion sort beats clearing 2,048 buckets per pass. Ties keep
      // storage order, as the radix sort's do.
      for next in 1..<max(count, 1) {
        let moving = order[next]
        let key = keys[Int(moving)]
        var slot = next
        while slot > 0 && keys[Int(order[slot - 1])] > key {
          order[slot] = order[slot - 1]
          slot -= 1
        }
        order[slot] = moving
      }
      return
    }
    spare.removeAll(keepingCapacity: true)
    spare.append(contentsOf: repeatElement(0, count: count))
    var shift = 0
    while shift < keyBits {
      counts.removeAll(keepingCapacity: true)
      counts.append(contentsOf: repeatElement(0, count: radix + 1))
      for key in keys { counts[Int((key >> UInt32(shift)) & UInt32(radix - 1)) + 1] += 1 }
      for digit in 0..<radix { counts[digit + 1] += counts[digit] }
      for source in order {
        let digit = Int((keys[Int(source)] >> UInt32(shift)) & UInt32(radix - 1))
        spare[counts[digit]] = source
        counts[digit] += 1
      }
      swap(&order, &spare)
      shift += digitBits
    }
  }
}
