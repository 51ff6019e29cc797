import Synchronization

extension World {
  /// Entities a thread takes at a time when a spatial sort finds their cells.
  static let spatialSortBlock = 16_384

  /// Puts every pool back in `grid`'s cell order, each step shared among the world's threads:
  /// the pools' cells found a block of entities at a time; the pools' orders (a stable sort by
  /// cell) and directories worked out side by side, the largest pools first; then the columns
  /// of every pool moved, one at a time as the threads take them. A pool already in order is
  /// left as it is. Each pool's order is its own: the same for any thread count.
  ///
  /// - Complexity: O(n x words), with one counting pass per cell key digit.
  mutating func sortSpatially(by grid: SpatialGrid) {
    var scratch = sortScratch
    sortScratch = []
    scratch.grow(to: tables.count, with: SpatialSortScratch())
    var unsorted: [Int] = []
    for index in tables.indices where tables[index].entityCount > 1 {
      if !findCells(of: index, in: grid, into: &scratch[index]) { unsorted.append(index) }
    }
    if !unsorted.isEmpty {
      orderPools(unsorted, keyBits: grid.keyBits, scratch: &scratch)
      reorderColumns(of: unsorted, scratch: &scratch)
    }
    sortScratch = scratch
  }

  /// Finds the cell of every entity of table `index`, in storage order, into `scratch.keys`,
  /// a block at a time on the world's threads; returns whether they are in order already.
  private func findCells(
    of index: Int, in grid: SpatialGrid, into scratch: inout SpatialSortScratch
  ) -> Bool {
    guard let (columns, offset) = tables[index].positionWords else {
      scratch.keys.removeAll(keepingCapacity: true)
      tables[index].appendCells(in: grid, to: &scratch.keys)
      return zip(scratch.keys, scratch.keys.dropFirst()).allSatisfy { $0 <= $1 }
    }
    let size = Self.spatialSortBlock
    let count = columns.count
    let blocks = (count + size - 1) / size
    // Every key is written below: the buffer is only cut to length, never cleared.
    if scratch.keys.count > count {
      scratch.keys.removeLast(scratch.keys.count - count)
    } else {
      scratch.keys.grow(to: count, with: 0)
    }
    var ascending = [Bool](repeating: true, count: blocks)
    scratch.keys.withUnsafeMutableBufferPointer { keys in
      ascending.withUnsafeMutableBufferPointer { ascending in
        let shared = CellBlocks(columns: columns, offset: offset, keys: keys, ascending: ascending)
        if blocks == 1 {
          shared.find(block: 0, size: size, in: grid)
        } else {
          WorkerPool.shared.forEach(blocks, threads: tickThreadCount) { block in
            shared.find(block: block, size: size, in: grid)
          }
        }
      }
    }
    // In order: within each block, and from each block to the next.
    return ascending.allSatisfy { $0 }
      && (1..<blocks).allSatisfy { scratch.keys[$0 * size - 1] <= scratch.keys[$0 * size] }
  }

  /// Works out each pool's order from its cells and points its directory at where its
  /// entities go, a pool per thread at a time, the largest first.
  private mutating func orderPools(
    _ indices: [Int], keyBits: Int, scratch: inout [SpatialSortScratch]
  ) {
    let sizes = tables.map(\.entityCount)
    let largestFirst = indices.sorted { (sizes[$0], $1) > (sizes[$1], $0) }
    let threads = tickThreadCount
    tables.withUnsafeMutableBufferPointer { tables in
      scratch.withUnsafeMutableBufferPointer { scratch in
        let shared = PoolOrders(tables: tables, scratch: scratch, indices: largestFirst)
        WorkerPool.shared.forEach(largestFirst.count, threads: threads) { claim in
          shared.order(claim: claim, keyBits: keyBits)
        }
      }
    }
  }

  /// Moves the words of every column of the pools of `indices` into their pool's order: the
  /// threads take the columns as they come, the largest pool's first, each through a scratch
  /// column it holds while it moves one.
  private mutating func reorderColumns(of indices: [Int], scratch: inout [SpatialSortScratch]) {
    let columns = indices.map { tables[$0].columnsToReorder() }
    let largestFirst = columns.indices.sorted {
      (columns[$0].count, $1) > (columns[$1].count, $0)
    }
    var runs: [ColumnRun] = []
    for pool in largestFirst {
      runs += (0..<columns[pool].wordCount).map { ColumnRun(pool: pool, word: $0) }
    }
    // No fewer than 4,096 words a thread, and no more threads than the pool runs at once (each
    // holds a scratch column as long as the largest pool) nor scratch columns.
    let words = columns.reduce(0) { $0 + $1.count * $1.wordCount }
    let threads = max(
      1,
      min(
        tickThreadCount, WorkerPool.shared.maximumWorkers + 1, runs.count, words / 4_096,
        ScratchColumns.most))
    let longest = columns.map(\.count).max() ?? 0
    // The first pool's scratch lends the columns' room.
    var moved = scratch[0].columns
    scratch[0].columns = []
    // Every word a run reads from its scratch column it wrote first: only grown, never cleared.
    moved.grow(to: longest * threads, with: 0)
    let orders = indices.map { scratch[$0].order }
    moved.withUnsafeMutableBufferPointer { moved in
      let shared = ColumnRuns(
        columns: columns, orders: orders, runs: runs, moved: moved, longest: longest,
        free: ScratchColumns(count: threads))
      WorkerPool.shared.forEach(runs.count, threads: threads) { run in shared.reorder(run: run) }
    }
    scratch[0].columns = moved
  }
}

/// What the threads finding a spatial sort's cells share: each block writes only its own keys
/// and its own flag.
private struct CellBlocks: @unchecked Sendable {
  let columns: UntypedColumns
  /// The position's byte offset in an entity.
  let offset: Int
  let keys: UnsafeMutableBufferPointer<UInt32>
  /// Whether each block's cells are in order.
  let ascending: UnsafeMutableBufferPointer<Bool>

  /// Finds the cells of block `block` of `size` entities.
  func find(block: Int, size: Int, in grid: SpatialGrid) {
    var inOrder = true
    var previous: UInt32 = 0
    for index in (block * size)..<min((block + 1) * size, keys.count) {
      let key = grid.cell(
        of: Vector2(columns.float(offset, at: index), columns.float(offset + 4, at: index)))
      if key < previous { inOrder = false }
      previous = key
      keys[index] = key
    }
    ascending[block] = inOrder
  }
}

/// What the threads ordering the pools share: each claim changes only its own table and its
/// own scratch.
private struct PoolOrders: @unchecked Sendable {
  let tables: UnsafeMutableBufferPointer<any AnyEntityTable>
  let scratch: UnsafeMutableBufferPointer<SpatialSortScratch>
  /// The tables to order, by claim.
  let indices: [Int]

  /// Orders the table of claim `claim` by its keys and renumbers its directory.
  func order(claim: Int, keyBits: Int) {
    let index = indices[claim]
    scratch[index].sortOrder(count: scratch[index].keys.count, keyBits: keyBits)
    scratch[index].findDestinations()
    scratch[index].destination.withUnsafeBufferPointer { tables[index].renumber(movingTo: $0) }
  }
}

/// One column of one pool a spatial sort reorders.
private struct ColumnRun {
  /// The pool, by place in the sort's list.
  let pool: Int
  let word: Int
}

/// What the threads moving a spatial sort's columns share: each run moves only its own
/// column, through a scratch column no other run holds meanwhile.
private struct ColumnRuns: @unchecked Sendable {
  let columns: [UntypedColumns]
  /// Each pool's order: the storage position of the entity that goes to each position.
  let orders: [[Int32]]
  let runs: [ColumnRun]
  /// The scratch columns, `longest` words each.
  let moved: UnsafeMutableBufferPointer<UInt32>
  /// The largest pool's entities.
  let longest: Int
  /// Which scratch columns are free.
  let free: ScratchColumns

  /// Moves the column of run `run`.
  func reorder(run index: Int) {
    let run = runs[index]
    let slot = free.take()
    defer { free.giveBack(slot) }
    let through = moved.baseAddress.unsafelyUnwrapped + slot * longest
    orders[run.pool].withUnsafeBufferPointer { order in
      columns[run.pool].reorder(column: run.word, by: order, through: through)
    }
  }
}

/// Which of up to 64 scratch columns are free: a thread takes one for each column it moves,
/// and no more threads move columns at once than there are scratch columns.
private final class ScratchColumns: Sendable {
  /// The most scratch columns one set keeps track of.
  static let most = 64

  /// A bit per free scratch column.
  private let free: Atomic<UInt64>

  init(count: Int) {
    precondition(count > 0 && count <= Self.most, "1 to 64 scratch columns")
    free = Atomic(count == Self.most ? ~0 : (1 << UInt64(count)) - 1)
  }

  /// Takes a free scratch column.
  func take() -> Int {
    while true {
      let bits = free.load(ordering: .relaxed)
      precondition(bits != 0, "more threads than scratch columns")
      let slot = bits.trailingZeroBitCount
      if free.compareExchange(
        expected: bits, desired: bits & ~(1 << UInt64(slot)), ordering: .acquiring
      ).exchanged {
        return slot
      }
    }
  }

  /// Gives back a scratch column taken.
  func giveBack(_ slot: Int) {
    free.bitwiseOr(1 << UInt64(slot), ordering: .releasing)
  }
}
