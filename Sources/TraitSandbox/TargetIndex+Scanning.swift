import CTruncation

extension TargetIndex {
  /// Whether any cell in `columns` of `rows` holds a grid body of the factions in `enemies`.
  ///
  /// A row's cells of one faction are one range of the grid, so this reads two cell starts per
  /// row and faction, and no body: a search whose box is empty, as most are while armies march
  /// towards each other, is answered without visiting its cells one ring at a time.
  /// - Complexity: O(rows x factions in `enemies`).
  @inlinable @inline(__always)
  internal func holdsAny(
    of enemies: UInt64, columns: ClosedRange<Int>, rows: ClosedRange<Int>,
    starts: UnsafeBufferPointer<Int32>
  ) -> Bool {
    var remaining = enemies
    while remaining != 0 {
      let enemy = remaining.trailingZeroBitCount
      remaining &= remaining &- 1
      for row in rows {
        let rowBase = enemy &* grid.cellCount &+ row &* grid.columns
        if starts[rowBase &+ columns.upperBound &+ 1] > starts[rowBase &+ columns.lowerBound] {
          return true
        }
      }
    }
    return false
  }

  /// Calls `body` with every grid body of the factions in `enemies` (a bit per faction) in
  /// cells `first...last` of `row`, faction by faction, until it returns `true`; returns
  /// whether it did.
  @inlinable @inline(__always)
  internal func scan(
    row: Int, from first: Int, through last: Int, of enemies: UInt64,
    starts: UnsafeBufferPointer<Int32>, bodies: UnsafeBufferPointer<CellBody>,
    until body: (CellBody) -> Bool
  ) -> Bool {
    var remaining = enemies
    while remaining != 0 {
      let enemy = remaining.trailingZeroBitCount
      remaining &= remaining &- 1
      // Within the grid's buckets: no overflow to check, and no range to form.
      let rowBase = enemy &* grid.cellCount &+ row &* grid.columns
      var slot = Int(starts[rowBase &+ first])
      let end = Int(starts[rowBase &+ last &+ 1])
      while slot < end {
        if body(bodies[slot]) { return true }
        slot &+= 1
      }
    }
    return false
  }

  /// Starts loading the first bodies of the cell below `row` in `column` for each faction in
  /// `factions`, and the cell starts of the row below that.
  ///
  /// The world keeps each pool in row-major cell order, so a system's queries sweep the grid a
  /// row at a time, and the cells below a query's are read next by the queries of the row
  /// below, a stretch of the sweep later. In a grid larger than the caches (a million entries)
  /// that first read was a miss to memory on most queries; started a row ahead, the load is
  /// done when the sweep gets there. The cell starts loaded now are what the queries a row down
  /// read to do the same for theirs.
  @inlinable @inline(__always)
  internal func prefetchBelow(
    row: Int, column: Int, of factions: UInt64, starts: UnsafeBufferPointer<Int32>,
    bodies: UnsafeBufferPointer<CellBody>
  ) {
    let below = row &+ 1
    // A grid whose bodies are all kept out of it (large ones only) may have no body buffer.
    guard below &+ 1 < grid.rows, let firstStart = starts.baseAddress,
      let firstBody = bodies.baseAddress
    else { return }
    let cellInRow = below &* grid.columns &+ column
    var remaining = factions
    while remaining != 0 {
      let faction = remaining.trailingZeroBitCount
      remaining &= remaining &- 1
      let cell = faction &* grid.cellCount &+ cellInRow
      traitsandbox_prefetch(firstStart + (cell &+ grid.columns))
      // Four lines of four bodies: this cell's and its neighbours' to the right, for the
      // columns the next few queries in the pool's order skip.
      let first = firstBody + Int(starts[cell])
      for line in 0..<4 { traitsandbox_prefetch(first + line &* 4) }
    }
  }
}
