extension TargetIndex {
  /// Sorts the entries into per-faction grid cells; the world calls this once the index phase is
  /// done.
  ///
  /// A counting sort. On one thread: count the entries per bucket, turn the counts into
  /// cursors, place each entry at its bucket's cursor. On a few threads (when a count per
  /// bucket for each thread takes no more room than two per entry:
  /// `countsEveryBucket(parts:bucketCount:itemCount:)`), the same with a count per bucket for
  /// each part, the parts in pairs that share a range of the entries, taking blocks of it from
  /// both ends until they meet (so that a slower core takes fewer): each part counts the
  /// entries it takes, the cursors are laid out a range of buckets per thread, each bucket's
  /// parts in order (on two threads, each part lays out its own from both parts' counts, in
  /// the step that places its entries), and each pair fills each bucket's run from both ends
  /// with the entries each part takes then, the one time an entry crosses from one core to
  /// another. On many, where those counts would outgrow the entries, the buckets are cut into
  /// one range per thread, of about equal numbers of entries, so that no two threads ever
  /// write one cell's bodies: each part finds its entries' buckets, then routes each entry to
  /// its range's list, and each range sorts its own list into its own stretch of the grid. An
  /// entry goes to its bucket after every entry before it, whatever the thread count, so the
  /// grid is the same for any. The buffers keep their capacity from tick to tick.
  /// - Complexity: O(n + cells x threads) on a few threads, O(n + cells) plus
  ///   O(threads^2 x 256) to cut the ranges on many.
  internal mutating func buildGrid(arenaSize: Vector2, threads: Int = 1) {
    grid = Self.gridShape(arenaSize: arenaSize, entryCount: count)
    let parts = Parts(count: count, threads: threads)
    let bucketCount = factionCount * grid.cellCount
    // The buffers are taken out of the index while they are filled, so filling never copies;
    // the scratch is the index's own unless a copy of the index shares it.
    if !isKnownUniquelyReferenced(&gridScratch) { gridScratch = GridScratch() }
    let scratch = gridScratch
    var starts = cellStart
    cellStart = []
    if starts.count < bucketCount + 1 {
      starts.append(contentsOf: repeatElement(0, count: bucketCount + 1 - starts.count))
    }
    let split = GridSplit(grid: grid, parts: parts, bucketCount: bucketCount)
    // A body over a quarter of a cell across is large: it stays out of the grid, unless there
    // are more than `maximumLargeItems` of them, when only the largest do.
    let base = grid.cellSize / 4
    scratch.prepare(split: split)
    // The radius above which bodies stay out: as on the last tick, most likely; if this tick's
    // bodies say otherwise, the buckets are found again with the right one.
    let guess = max(scratch.largeRadius ?? base, base)
    split.findBuckets(of: entries, base: base, threshold: guess, scratch: scratch)
    let threshold = split.largeRadius(above: base, scratch: scratch)
    if threshold != guess {
      split.findBuckets(of: entries, base: base, threshold: threshold, scratch: scratch)
    }
    scratch.largeRadius = threshold
    var firstLarge = 0
    for part in scratch.totals.indices {
      scratch.totals[part].firstLarge = firstLarge
      firstLarge += scratch.totals[part].largeCount
    }
    var bodies = cellBodies
    cellBodies = []
    var large = largeBodies
    largeBodies = []
    large.removeAll(keepingCapacity: true)
    large.append(
      contentsOf: repeatElement(
        LargeBody(body: CellBody(x: 0, y: 0, radius: 0, item: 0), faction: Faction(0)),
        count: firstLarge))
    split.sort(entries, scratch: scratch, starts: &starts, into: &bodies, large: &large)
    cellStart = starts
    cellBodies = bodies
    largeBodies = large
    largestRadius = scratch.totals.reduce(0) { max($0, $1.largest) }
    measureBlockDistances(threads: threads)
  }

  /// The most entries kept out of the grid for their size.
  static let maximumLargeItems = 32

  /// Whether a grid build of `itemCount` entries in `parts` parts into `bucketCount` buckets
  /// counts each part's entries per bucket (a few parts), rather than routing them to ranges
  /// of buckets first (many): when those counts number at most two per entry.
  static func countsEveryBucket(parts: Int, bucketCount: Int, itemCount: Int) -> Bool {
    parts > 1 && parts * bucketCount <= 2 * itemCount
  }

  /// The grid for `entryCount` entries in an arena: cells twice as wide as the spacing that
  /// gives each entry an equal share of the area, and at least 48 units.
  @usableFromInline
  internal static func gridShape(arenaSize: Vector2, entryCount: Int) -> SpatialGrid {
    let area = max(arenaSize.x * arenaSize.y, 1)
    let spacing = (area / Float(max(entryCount, 1))).squareRoot()
    var cellSize = max(48, spacing * 2)
    // Keep the grid small even for huge, sparse arenas.
    while (arenaSize.x / cellSize) * (arenaSize.y / cellSize) > 4_000_000 { cellSize *= 2 }
    return SpatialGrid(
      cellSize: cellSize, columns: max(1, Int((arenaSize.x / cellSize).rounded(.up))),
      rows: max(1, Int((arenaSize.y / cellSize).rounded(.up))))
  }

  /// The cell size, for tests and reports.
  internal var cellSize: Float { grid.cellSize }

  @inlinable @inline(__always)
  internal func column(of x: Float) -> Int { grid.column(of: x) }

  @inlinable @inline(__always)
  internal func row(of y: Float) -> Int { grid.row(of: y) }

  /// The cells a search for bodies within `reach` of `point` must visit: the reach widened by
  /// the largest body in the grid, clamped to the grid. A negative reach (from a damaged save,
  /// say) searches as a reach of 0 would: the box is never turned inside out.
  @inlinable @inline(__always)
  internal func searchBox(
    around point: Vector2, reach: Float
  ) -> (firstColumn: Int, lastColumn: Int, firstRow: Int, lastRow: Int) {
    let search = max(reach + largestRadius, 0)
    return (
      column(of: point.x - search), column(of: point.x + search), row(of: point.y - search),
      row(of: point.y + search)
    )
  }
}

/// What a grid query reads of one entry: where its body is, how large, and which entry it is.
@usableFromInline
struct CellBody: Sendable {
  @usableFromInline var x: Float
  @usableFromInline var y: Float
  @usableFromInline var radius: Float
  @usableFromInline var item: Int32

  @usableFromInline
  init(x: Float, y: Float, radius: Float, item: Int32) {
    self.x = x
    self.y = y
    self.radius = radius
    self.item = item
  }

  /// The body of entry `item`.
  init(_ entry: Target, item: Int) {
    self.init(x: entry.position.x, y: entry.position.y, radius: entry.radius, item: Int32(item))
  }
}

/// A body kept out of the grid for its size, with what a query checks of it.
@usableFromInline
struct LargeBody: Sendable {
  @usableFromInline var body: CellBody
  @usableFromInline var faction: Faction

  @usableFromInline
  init(body: CellBody, faction: Faction) {
    self.body = body
    self.faction = faction
  }
}

/// What one part of a grid build found: its large bodies, its bodies above a quarter of a
/// cell, and its largest grid body.
@usableFromInline
struct PartTotals: Sendable {
  /// How many bodies the part keeps out of the grid for their size.
  @usableFromInline var largeCount = 0
  /// How many bodies are larger than a quarter of a cell, and how many of the largest of
  /// them the part keeps in `GridScratch.top`.
  @usableFromInline var aboveBase = 0
  @usableFromInline var topKept = 0
  /// How many bodies the part counted into the grid's buckets.
  @usableFromInline var gridCount = 0
  /// The radius of the part's largest grid body.
  @usableFromInline var largest: Float = 0
  /// Where the part's large bodies go in the index's list.
  @usableFromInline var firstLarge = 0

  @usableFromInline
  init() {}
}

/// The buffers a grid build fills on its way, kept in the index from tick to tick; each only
/// grows. A reference, so that the copies of the index each chunk of a system gets retain one
/// object rather than each buffer: a build uses it only while the index holds the one
/// reference, and takes a fresh one otherwise. Its buffers go unchecked for exclusive access
/// (each build holds the one reference, and its threads write apart): the run-time checks took
/// about 4 % of a duel's tick.
final class GridScratch: @unchecked Sendable {
  /// Each entry's bucket; `largeMark` set for a large body, `noBody` for a body of no size.
  @exclusivity(unchecked) var buckets: [Int32] = []
  /// Each bucket's count, then its cursor.
  @exclusivity(unchecked) var counts: [Int32] = []
  /// Each part's cursor per bucket, part after part, for a build of one pair of parts, each
  /// of which lays out its own from both parts' counts (`GridSplit.placeByPair`).
  @exclusivity(unchecked) var cursors: [Int32] = []
  /// Each part's count of its grid entries per coarse slot of buckets, part after part.
  @exclusivity(unchecked) var coarse: [Int32] = []
  /// The grid entries' bodies by range of buckets, each range's in entry order.
  @exclusivity(unchecked) var routed: ContiguousArray<CellBody> = []
  /// The bucket of each of `routed`.
  @exclusivity(unchecked) var routedBuckets: [Int32] = []
  /// Where each part's entries of each range go in `routed`, part after part.
  @exclusivity(unchecked) var offsets: [Int32] = []
  /// The range of buckets of each coarse slot.
  @exclusivity(unchecked) var rangeOfCoarse: [Int32] = []
  /// The first bucket of each range, and the bucket count after them.
  @exclusivity(unchecked) var bounds: [Int] = []
  /// What each part found.
  @exclusivity(unchecked) var totals: [PartTotals] = []
  /// The largest radii above the base of each part, `topCount` per part, each part's
  /// ascending.
  @exclusivity(unchecked) var top: [Float] = []
  /// The radius above which bodies stayed out of the grid on the last build.
  @exclusivity(unchecked) var largeRadius: Float?
  /// The order in which the parts of each build run one after another on one thread, where a
  /// test sets it: how a test gives the two parts of a pair any share of their entries.
  @exclusivity(unchecked) var partOrders: (find: [Int], place: [Int])?
  /// The entries reserved this tick and not yet written (`TargetIndex.insertAll`).
  @exclusivity(unchecked) var pendingFills: [EntryFill] = []

  /// The scratch of an index that has built no grid yet: shared by all of them, so never
  /// uniquely referenced, and a first build takes a scratch of its own (an index made every
  /// tick, and thrown away unbuilt, allocates none).
  static let placeholder = GridScratch()

  /// How many of the largest radii each part keeps: one more than the grid may leave out.
  static let topCount = TargetIndex.maximumLargeItems + 1

  /// Makes every buffer long enough for the build `split` cuts.
  func prepare(split: GridSplit) {
    let (parts, bucketCount, coarseCount) = (split.parts, split.bucketCount, split.coarseCount)
    buckets.grow(to: parts.itemCount, with: 0)
    counts.grow(to: split.countsEveryBucket ? parts.count * bucketCount : bucketCount, with: 0)
    totals.removeAll(keepingCapacity: true)
    totals.append(contentsOf: repeatElement(PartTotals(), count: parts.count))
    top.grow(to: parts.count * Self.topCount, with: 0)
    guard parts.count > 1 else { return }
    // Each range's sum of counts, for a build that counts every bucket; each part's count of
    // its grid entries per coarse slot, for one that routes.
    coarse.grow(to: max(parts.count * coarseCount, split.cursorRanges), with: 0)
    if split.laysOutOwnCursors { cursors.grow(to: 2 * bucketCount, with: 0) }
    guard !split.countsEveryBucket else { return }
    routed.grow(to: Int32(parts.itemCount))
    routedBuckets.grow(to: parts.itemCount, with: 0)
    offsets.grow(to: parts.count * parts.count, with: 0)
    rangeOfCoarse.grow(to: coarseCount, with: 0)
    bounds.grow(to: parts.count + 1, with: 0)
  }
}

extension RangeReplaceableCollection {
  /// Appends `filler` until there are `count` elements: a buffer that only grows.
  mutating func grow(to count: Int, with filler: Element) {
    if self.count < count { append(contentsOf: repeatElement(filler, count: count - self.count)) }
  }
}

extension ContiguousArray<CellBody> {
  /// Makes room for `count` bodies; those past what is written next are stale, never read.
  mutating func grow(to count: Int32) {
    grow(to: Int(count), with: CellBody(x: 0, y: 0, radius: 0, item: 0))
  }
}
