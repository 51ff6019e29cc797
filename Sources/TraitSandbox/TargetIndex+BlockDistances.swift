/// How far each block of the grid is from the nearest body hostile to each faction: a bound
/// that lets a query with nothing in reach answer without visiting a cell.
extension TargetIndex {
  /// Fills `blockDistances` from the grid's cell starts: which blocks hold a body hostile to
  /// each faction, then a two-pass chessboard distance transform per faction. Going down, each row
  /// of blocks takes the least of the three blocks above it plus one, then a sweep to the right
  /// and one to the left carry distances along the row; going up, the same from below.
  ///
  /// Left empty for fewer than `fewestForBlockDistances` entries, a grid of more than four
  /// cells per entry, and when every block has an enemy of every faction in it or next to it
  /// (a melee of mixed sides): queries then visit their cells, paying one comparison for the
  /// blocks.
  /// - Complexity: O(cells x factions / 16), the factions side by side on up to `threads`
  ///   threads.
  internal mutating func measureBlockDistances(threads: Int = 1) {
    // The last build's buffer, cut to length and cleared: no allocation a tick.
    var distances = blockDistances.isEmpty ? spareBlockDistances : blockDistances
    blockDistances = []
    spareBlockDistances = []
    distances.removeAll(keepingCapacity: true)
    guard count >= Self.fewestForBlockDistances, grid.cellCount <= max(4 * count, 4_096) else {
      spareBlockDistances = distances
      return
    }
    let side = 1 << Self.blockShift
    let (columns, rows) = ((grid.columns + side - 1) / side, (grid.rows + side - 1) / side)
    let blocks = columns * rows
    distances.append(contentsOf: repeatElement(0, count: factionCount * blocks))
    let index = self
    cellStart.withUnsafeBufferPointer { starts in
      distances.withUnsafeMutableBufferPointer { distances in
        let shared = BlockBuffers(starts: starts, distances: distances)
        // Each faction's blocks are its own: factions are measured side by side once there are
        // enough blocks to be worth a thread.
        WorkerPool.shared.forEach(factionCount, threads: blocks >= 1_024 ? threads : 1) {
          faction in
          index.measureBlocks(
            of: faction, columns: columns, rows: rows, starts: shared.starts,
            into: shared.distances)
        }
      }
    }
    // A query is answered from the blocks only when its enemies are two blocks away or more:
    // when they are nowhere, queries need not look.
    if distances.contains(where: { $0 >= 2 }) {
      blockDistances = distances
    } else {
      spareBlockDistances = distances
    }
  }

  /// The fewest entries whose grid gets block distances: a few dozen bodies' queries visit
  /// their few cells sooner than the blocks are measured.
  static let fewestForBlockDistances = 64

  /// Fills the distances of `faction`'s blocks, `columns` by `rows` of them.
  private func measureBlocks(
    of faction: Int, columns: Int, rows: Int, starts: UnsafeBufferPointer<Int32>,
    into distances: UnsafeMutableBufferPointer<UInt8>
  ) {
    let side = 1 << Self.blockShift
    let first = faction * columns * rows
    // A faction without enemies never queries: its blocks stay at 0.
    let enemies = enemyMasks[faction]
    guard enemies != 0 else { return }
    var anyEmpty = false
    for row in 0..<rows {
      for column in 0..<columns {
        let cells = (column * side)...min(column * side + side - 1, grid.columns - 1)
        let cellRows = (row * side)...min(row * side + side - 1, grid.rows - 1)
        let isEmpty = !holdsAny(of: enemies, columns: cells, rows: cellRows, starts: starts)
        distances[first + row * columns + column] = isEmpty ? Self.farBlocks : 0
        anyEmpty = anyEmpty || isEmpty
      }
    }
    // Enemies in every block (a melee of mixed sides): every distance is 0 already.
    guard anyEmpty else { return }
    for row in 0..<rows {
      let block = first + row * columns
      if row > 0 {
        Self.relax(distances, row: block, from: block - columns, columns: columns)
      }
      Self.sweep(distances, row: block, columns: columns)
    }
    for row in (0..<rows).reversed() {
      let block = first + row * columns
      if row + 1 < rows {
        Self.relax(distances, row: block, from: block + columns, columns: columns)
      }
      Self.sweep(distances, row: block, columns: columns)
    }
  }

  /// The side of a block of `blockDistances` is `1 << blockShift` cells: a field of single
  /// cells cost as much as the rest of the grid's build, and a block's bound is nearly as tight.
  @inlinable static var blockShift: Int { 2 }

  /// The distance of a block with no body of the faction anywhere near: what distances start
  /// at. One step more still fits a byte, so the transform needs no saturating arithmetic.
  static let farBlocks: UInt8 = 250

  /// Lowers each block of the row starting at `row` to one more than the least of the three
  /// blocks next to it in the row starting at `neighbour`.
  @inline(__always)
  private static func relax(
    _ distances: UnsafeMutableBufferPointer<UInt8>, row: Int, from neighbour: Int, columns: Int
  ) {
    for column in 0..<columns {
      var through = distances[neighbour + column]
      if column > 0 { through = min(through, distances[neighbour + column - 1]) }
      if column + 1 < columns { through = min(through, distances[neighbour + column + 1]) }
      distances[row + column] = min(distances[row + column], through &+ 1)
    }
  }

  /// Carries distances along the row starting at `row`: to the right, then to the left.
  @inline(__always)
  private static func sweep(_ distances: UnsafeMutableBufferPointer<UInt8>, row: Int, columns: Int)
  {
    for column in 1..<max(columns, 1) {
      distances[row + column] = min(distances[row + column], distances[row + column - 1] &+ 1)
    }
    for column in (0..<max(columns - 1, 0)).reversed() {
      distances[row + column] = min(distances[row + column], distances[row + column + 1] &+ 1)
    }
  }

  /// Whether no grid body hostile to `faction` can lie within `reach` of `point`, by
  /// `blockDistances` alone: `false` when it cannot tell (and when they are empty).
  ///
  /// A body in a block `n` blocks away lies at least `n - 1` whole blocks from the point, in
  /// one axis or the other.
  @inlinable @inline(never)
  internal func gridCannotReach(_ faction: Faction, near point: Vector2, within reach: Float)
    -> Bool
  {
    guard !blockDistances.isEmpty else { return false }
    let side = 1 &<< Self.blockShift
    let columns = (grid.columns &+ side &- 1) &>> Self.blockShift
    let blocks = columns &* ((grid.rows &+ side &- 1) &>> Self.blockShift)
    let block =
      (row(of: point.y) &>> Self.blockShift) &* columns &+ (column(of: point.x) &>> Self.blockShift)
    let nearest = blockDistances[faction.index &* blocks &+ block]
    // A thousandth of a block is left for the rounding of finding cells.
    let gap = Float(Int(nearest) &- 1) * Float(side) * grid.cellSize
    return gap * 0.999 > reach + largestRadius
  }
}

/// The buffers the threads measuring blocks share; each faction writes only its own blocks.
private struct BlockBuffers: @unchecked Sendable {
  let starts: UnsafeBufferPointer<Int32>
  let distances: UnsafeMutableBufferPointer<UInt8>
}
