import Dispatch

extension TargetIndex {
  /// Sorts the entries into per-faction grid cells; the world calls this once the index phase is
  /// done.
  ///
  /// A counting sort. On one thread: count the entries per bucket, turn the counts into
  /// cursors, place each entry at its bucket's cursor. On a few threads (when a count per
  /// bucket for each thread takes no more room than two per entry:
  /// `countsEveryBucket(parts:bucketCount:itemCount:)`), the same with a count per bucket for
  /// each part of the entries (a range of them, in order): each part counts its entries, the
  /// cursors are laid out a range of buckets per thread, each bucket's parts in order, and each
  /// part places its own entries, the one time an entry crosses from one core to another. On
  /// many, where those counts would outgrow the entries, the buckets are cut into one range
  /// per thread, of about equal numbers of entries, so that no two threads ever write one
  /// cell's bodies: each part finds its entries' buckets, then routes each entry to its
  /// range's list, and each range sorts its own list into its own stretch of the grid. An
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
    let split = GridSplit(
      grid: grid, parts: parts, bucketCount: bucketCount, shares: gridScratch.partShares)
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
    scratch.partShares = split.nextShares(after: scratch.totals)
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
  /// The radius of the part's largest grid body.
  @usableFromInline var largest: Float = 0
  /// Where the part's large bodies go in the index's list.
  @usableFromInline var firstLarge = 0
  /// How long the part took to find its buckets and, counting every bucket, to place its
  /// entries.
  @usableFromInline var nanoseconds: UInt64 = 0

  @usableFromInline
  init() {}
}

/// The buffers a grid build fills on its way, kept in the index from tick to tick; each only
/// grows. A reference, so that the copies of the index each chunk of a system gets retain one
/// object rather than each buffer: a build uses it only while the index holds the one
/// reference, and takes a fresh one otherwise.
final class GridScratch: @unchecked Sendable {
  /// Each entry's bucket; `largeMark` set for a large body, `noBody` for a body of no size.
  var buckets: [Int32] = []
  /// Each bucket's count, then its cursor.
  var counts: [Int32] = []
  /// Each part's count of its grid entries per coarse slot of buckets, part after part.
  var coarse: [Int32] = []
  /// The grid entries' bodies by range of buckets, each range's in entry order.
  var routed: ContiguousArray<CellBody> = []
  /// The bucket of each of `routed`.
  var routedBuckets: [Int32] = []
  /// Where each part's entries of each range go in `routed`, part after part.
  var offsets: [Int32] = []
  /// The range of buckets of each coarse slot.
  var rangeOfCoarse: [Int32] = []
  /// The first bucket of each range, and the bucket count after them.
  var bounds: [Int] = []
  /// What each part found.
  var totals: [PartTotals] = []
  /// The largest radii above the base of each part, `topCount` per part, each part's
  /// ascending.
  var top: [Float] = []
  /// The radius above which bodies stayed out of the grid on the last build.
  var largeRadius: Float?
  /// The share of the entries each part of the next build that counts every bucket takes,
  /// from how fast each part went on the last (`GridSplit.nextShares(after:)`); empty for
  /// equal shares.
  var partShares: [Double] = []

  /// How many of the largest radii each part keeps: one more than the grid may leave out.
  static let topCount = TargetIndex.maximumLargeItems + 1

  /// Makes every buffer long enough for the build `split` cuts.
  fileprivate func prepare(split: GridSplit) {
    let (parts, bucketCount, coarseCount) = (split.parts, split.bucketCount, split.coarseCount)
    buckets.grow(to: parts.itemCount, with: 0)
    counts.grow(to: split.countsEveryBucket ? parts.count * bucketCount : bucketCount, with: 0)
    totals.removeAll(keepingCapacity: true)
    totals.append(contentsOf: repeatElement(PartTotals(), count: parts.count))
    top.grow(to: parts.count * Self.topCount, with: 0)
    guard parts.count > 1 else { return }
    // Each range's sum of counts, for a build that counts every bucket; each part's count of
    // its grid entries per coarse slot, for one that routes.
    coarse.grow(to: max(parts.count * coarseCount, parts.count), with: 0)
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
  fileprivate mutating func grow(to count: Int, with filler: Element) {
    if self.count < count { append(contentsOf: repeatElement(filler, count: count - self.count)) }
  }
}

extension ContiguousArray<CellBody> {
  /// Makes room for `count` bodies; those past what is written next are stale, never read.
  fileprivate mutating func grow(to count: Int32) {
    grow(to: Int(count), with: CellBody(x: 0, y: 0, radius: 0, item: 0))
  }
}

/// How a grid build cuts its work: the entries into parts, one per thread, each a range in
/// order; and with more than one part, the buckets into as many ranges, each a run of coarse
/// slots of `1 << coarseShift` buckets.
private struct GridSplit: Sendable {
  let grid: SpatialGrid
  let parts: Parts
  let bucketCount: Int
  /// Buckets per coarse slot, as a shift: at most 256 slots per part, and 4,096 in all, so
  /// that cutting the ranges is a short pass on one thread, yet a range's share of the entries
  /// misses an even share by a slot's entries at most.
  let coarseShift: Int
  let coarseCount: Int
  /// Whether each part counts its entries per bucket (`TargetIndex.countsEveryBucket`).
  let countsEveryBucket: Bool
  /// Where each part's entries start, and the entry count after them.
  let bounds: [Int]

  /// A bucket's mark in `GridScratch.buckets` for a body kept out of the grid for its size.
  static let largeMark: Int32 = 1 << 30
  /// The mark of a body of no size (a NaN radius), in no bucket and within no reach.
  static let noBody: Int32 = -1

  /// A split of the entries `parts` cuts, each part taking its share of `shares` when the
  /// parts count every bucket and there is one for each, else an equal one.
  init(grid: SpatialGrid, parts: Parts, bucketCount: Int, shares: [Double] = []) {
    precondition(bucketCount < Int(Self.largeMark), "a grid has fewer than 2^30 buckets")
    self.grid = grid
    self.parts = parts
    self.bucketCount = bucketCount
    let most = min(256 * parts.count, 4_096)
    var shift = 0
    while (bucketCount - 1) >> shift >= most { shift += 1 }
    coarseShift = shift
    coarseCount = (bucketCount - 1) >> shift + 1
    countsEveryBucket = TargetIndex.countsEveryBucket(
      parts: parts.count, bucketCount: bucketCount, itemCount: parts.itemCount)
    if countsEveryBucket && shares.count == parts.count {
      var bounds = [0]
      var share = 0.0
      for part in 0..<(parts.count - 1) {
        share += shares[part]
        let bound = Int(Double(parts.itemCount) * share)
        bounds.append(min(max(bound, bounds[part]), parts.itemCount))
      }
      self.bounds = bounds + [parts.itemCount]
    } else {
      bounds = (0..<parts.count).map { parts.range(of: $0).lowerBound } + [parts.itemCount]
    }
  }

  /// The entries of one part.
  @inline(__always)
  func range(of part: Int) -> Range<Int> {
    bounds[part]..<bounds[part + 1]
  }

  /// The shares of the entries the parts of the next build take, from `totals`, this build's:
  /// where the parts count every bucket, each part's share moves halfway from its share now
  /// to the one its speed on this build (entries a nanosecond) gives it, so that the parts
  /// end together. (Whatever the shares, the grid is the same: an entry goes to its bucket
  /// after every entry before it.) Empty, for equal shares, otherwise.
  func nextShares(after totals: [PartTotals]) -> [Double] {
    guard countsEveryBucket, totals.count == parts.count, parts.itemCount > 0 else { return [] }
    let speeds = (0..<parts.count).map { part in
      Double(range(of: part).count) / Double(max(totals[part].nanoseconds, 1))
    }
    let allSpeeds = speeds.reduce(0, +)
    guard allSpeeds > 0 else { return [] }
    let count = Double(parts.count)
    let shares = (0..<parts.count).map { part in
      let now = Double(range(of: part).count) / Double(parts.itemCount)
      // No part below half an equal share, nor above one and a half.
      return min(max((now + speeds[part] / allSpeeds) / 2, 0.5 / count), 1.5 / count)
    }
    let total = shares.reduce(0, +)
    return shares.map { $0 / total }
  }

  func bucket(of entry: Target) -> Int {
    // Within the bucket count, which the index's buffers hold: no overflow to check.
    entry.faction.index &* grid.cellCount &+ Int(grid.cell(of: entry.position))
  }

  /// Keeps each entry's bucket (marked for large bodies, those above `threshold`, and for
  /// bodies of no size), and counts each part's grid entries: per bucket for one part, per
  /// coarse slot for more. Each part's totals say how many large bodies it has, how many
  /// above `base`, and its largest grid body; the largest radii above `base` go to `top`.
  func findBuckets(
    of entries: ContiguousArray<Target>, base: Float, threshold: Float,
    scratch: GridScratch
  ) {
    let fine = parts.count == 1 || countsEveryBucket
    let (coarseShift, coarseCount) = (coarseShift, coarseCount)
    scratch.withBuffers(entries: entries) { buffers in
      parts.forEach { part in
        let start = DispatchTime.now().uptimeNanoseconds
        // Each part clears its own counts: no pass over all of them on one thread.
        let counts =
          fine
          ? buffers.counts.baseAddress.unsafelyUnwrapped + part * bucketCount
          : buffers.coarse.baseAddress.unsafelyUnwrapped + part * coarseCount
        counts.update(repeating: 0, count: fine ? bucketCount : coarseCount)
        let shift = fine ? 0 : coarseShift
        let top = buffers.top.baseAddress.unsafelyUnwrapped + part * GridScratch.topCount
        var found = PartTotals()
        for item in range(of: part) {
          let entry = buffers.entries[item]
          let radius = entry.radius
          let bucket = Int32(truncatingIfNeeded: bucket(of: entry))
          // Most bodies are small: one comparison sends them to the grid. (A body of no size
          // fails it, as a large one does.)
          if !(radius <= base) {
            if radius.isNaN {
              // Within no reach: it stays out of the grid and out of the large bodies.
              buffers.buckets[item] = Self.noBody
              continue
            }
            found.aboveBase += 1
            Self.keep(radius, in: top, kept: &found.topKept)
            if radius > threshold {
              buffers.buckets[item] = bucket | Self.largeMark
              found.largeCount += 1
              continue
            }
          }
          buffers.buckets[item] = bucket
          counts[Int(bucket) &>> shift] &+= 1
          found.largest = max(found.largest, radius)
        }
        found.nanoseconds = DispatchTime.now().uptimeNanoseconds &- start
        buffers.totals[part] = found
      }
    }
  }

  /// Adds `radius` to the `kept` largest radii at `top`, ascending, if it is among the
  /// `GridScratch.topCount` largest so far.
  @inline(__always)
  private static func keep(_ radius: Float, in top: UnsafeMutablePointer<Float>, kept: inout Int) {
    let full = kept == GridScratch.topCount
    guard !full || radius > top[0] else { return }
    // Full: the smallest goes, and those below the new radius move down one.
    var slot = full ? 0 : kept
    if full {
      while slot + 1 < kept && top[slot + 1] < radius {
        top[slot] = top[slot + 1]
        slot += 1
      }
    } else {
      kept += 1
      while slot > 0 && top[slot - 1] > radius {
        top[slot] = top[slot - 1]
        slot -= 1
      }
    }
    top[slot] = radius
  }

  /// The radius above which bodies stay out of the grid, from what `findBuckets` found: `base`
  /// when there are at most `maximumLargeItems` bodies above it, else the radius of the
  /// largest body the grid keeps, so that at most that many stay out.
  /// - Complexity: O(parts x `maximumLargeItems`), on one thread.
  func largeRadius(above base: Float, scratch: GridScratch) -> Float {
    let maximum = TargetIndex.maximumLargeItems
    guard scratch.totals.reduce(0, { $0 + $1.aboveBase }) > maximum else { return base }
    var radii: [Float] = []
    for part in 0..<parts.count {
      let first = part * GridScratch.topCount
      radii += scratch.top[first..<(first + scratch.totals[part].topKept)]
    }
    radii.sort(by: >)
    return radii[maximum]
  }

  /// Sorts the entries into `bodies` and `large` and fills `starts`, after `findBuckets`: in
  /// one pass on one part, by each part's counts on a few, by routing them on many.
  func sort(
    _ entries: ContiguousArray<Target>, scratch: GridScratch, starts: inout [Int32],
    into bodies: inout ContiguousArray<CellBody>, large: inout [LargeBody]
  ) {
    if parts.count == 1 {
      let gridCount = placeCursors(scratch: scratch, starts: &starts)
      bodies.grow(to: gridCount)
      place(entries, scratch: scratch, into: &bodies, large: &large)
    } else if countsEveryBucket {
      let gridCount = placeCursorsOfParts(scratch: scratch, starts: &starts)
      bodies.grow(to: gridCount)
      placeByPart(entries, scratch: scratch, into: &bodies, large: &large)
    } else {
      let ranges = cutRanges(scratch: scratch)
      bodies.grow(to: ranges.last ?? 0)
      route(entries, ranges: ranges, scratch: scratch, large: &large)
      sortRanges(entries, ranges: ranges, scratch: scratch, starts: &starts, into: &bodies)
    }
  }

  /// Turns the counts of a build of one part into cursors, bucket by bucket, and fills
  /// `starts`; returns how many entries the grid holds.
  /// - Complexity: O(buckets).
  func placeCursors(scratch: GridScratch, starts: inout [Int32]) -> Int32 {
    scratch.counts.withUnsafeMutableBufferPointer { counts in
      starts.withUnsafeMutableBufferPointer { starts in
        // The totals fit: there are fewer entries than `Int32.max`.
        var running: Int32 = 0
        for bucket in 0..<bucketCount {
          starts[bucket] = running
          let count = counts[bucket]
          counts[bucket] = running
          running &+= count
        }
        starts[bucketCount] = running
        return running
      }
    }
  }

  /// Places the entries of a build of one part at their buckets' cursors, and its large bodies
  /// in `large`, after `findBuckets` and `placeCursors`.
  func place(
    _ entries: ContiguousArray<Target>, scratch: GridScratch,
    into bodies: inout ContiguousArray<CellBody>, large: inout [LargeBody]
  ) {
    scratch.withBuffers(entries: entries) { buffers in
      bodies.withUnsafeMutableBufferPointer { bodies in
        large.withUnsafeMutableBufferPointer { large in
          var nextLarge = 0
          for item in 0..<parts.itemCount {
            let bucket = buffers.buckets[item]
            guard bucket & Self.largeMark == 0 else {
              if bucket != Self.noBody {
                large[nextLarge] = Self.largeBody(buffers.entries[item], item: item)
                nextLarge += 1
              }
              continue
            }
            let entry = buffers.entries[item]
            let cursor = Int(buffers.counts[Int(bucket)])
            bodies[cursor] = CellBody(entry, item: item)
            buffers.counts[Int(bucket)] = Int32(cursor + 1)
          }
        }
      }
    }
  }

  /// Turns the counts of a build whose parts count every bucket into cursors, each bucket's
  /// parts in order, and fills `starts`; returns how many entries the grid holds. Each thread
  /// takes a range of buckets: it sums its counts, then, after the sums of the ranges before
  /// it, lays out its cursors.
  /// - Complexity: O(buckets x parts), on as many threads as parts.
  func placeCursorsOfParts(scratch: GridScratch, starts: inout [Int32]) -> Int32 {
    let (partCount, bucketCount) = (parts.count, bucketCount)
    let rangeSize = (bucketCount + partCount - 1) / partCount
    return scratch.withBuffers(entries: []) { buffers in
      // The totals fit: there are fewer entries than `Int32.max`.
      parts.forEach { range in
        let counts = buffers.counts.baseAddress.unsafelyUnwrapped
        let buckets =
          min(range * rangeSize, bucketCount)..<min((range + 1) * rangeSize, bucketCount)
        var sum: Int32 = 0
        for part in 0..<partCount {
          let first = counts + part * bucketCount
          for bucket in buckets { sum &+= first[bucket] }
        }
        buffers.coarse[range] = sum
      }
      var total: Int32 = 0
      for range in 0..<partCount {
        let sum = buffers.coarse[range]
        buffers.coarse[range] = total
        total &+= sum
      }
      starts.withUnsafeMutableBufferPointer { starts in
        let shared = RangeBuffers(
          starts: starts, bodies: UnsafeMutableBufferPointer(start: nil, count: 0))
        parts.forEach { range in
          let counts = buffers.counts.baseAddress.unsafelyUnwrapped
          let buckets =
            min(range * rangeSize, bucketCount)..<min((range + 1) * rangeSize, bucketCount)
          var running = buffers.coarse[range]
          for bucket in buckets {
            shared.starts[bucket] = running
            for part in 0..<partCount {
              let count = counts[part * bucketCount + bucket]
              // An odd part places its entries last first, from the end of its run.
              counts[part * bucketCount + bucket] = part & 1 == 0 ? running : running &+ count
              running &+= count
            }
          }
        }
        starts[bucketCount] = total
      }
      return total
    }
  }

  /// Places each part's grid entries at its own cursors, and its large bodies in its stretch
  /// of `large`, after `findBuckets` and `placeCursorsOfParts`. The odd parts place theirs
  /// last first, from the ends of their runs: parts sweep the arena alike (each type's pool is
  /// in cell order), and two sweeping one way would write neighbouring bodies, one cache line,
  /// from two cores all along; two sweeping opposite ways meet once.
  func placeByPart(
    _ entries: ContiguousArray<Target>, scratch: GridScratch,
    into bodies: inout ContiguousArray<CellBody>, large: inout [LargeBody]
  ) {
    let bucketCount = bucketCount
    scratch.withBuffers(entries: entries) { buffers in
      bodies.withUnsafeMutableBufferPointer { bodies in
        large.withUnsafeMutableBufferPointer { large in
          let shared = LargeBodies(large: large)
          let placed = RangeBuffers(
            starts: UnsafeMutableBufferPointer(start: nil, count: 0), bodies: bodies)
          parts.forEach { part in
            let start = DispatchTime.now().uptimeNanoseconds
            defer {
              buffers.totals[part].nanoseconds &+= DispatchTime.now().uptimeNanoseconds &- start
            }
            let cursors = buffers.counts.baseAddress.unsafelyUnwrapped + part * bucketCount
            guard part & 1 == 1 else {
              var nextLarge = buffers.totals[part].firstLarge
              for item in range(of: part) {
                let bucket = buffers.buckets[item]
                guard bucket & Self.largeMark == 0 else {
                  if bucket != Self.noBody {
                    shared.large[nextLarge] = Self.largeBody(buffers.entries[item], item: item)
                    nextLarge += 1
                  }
                  continue
                }
                let cursor = Int(cursors[Int(bucket)])
                placed.bodies[cursor] = CellBody(buffers.entries[item], item: item)
                cursors[Int(bucket)] = Int32(cursor + 1)
              }
              return
            }
            // Last first, so that neighbouring parts, which sweep the arena alike, meet once
            // instead of writing neighbouring bodies all along.
            var nextLarge = buffers.totals[part].firstLarge + buffers.totals[part].largeCount
            for item in range(of: part).reversed() {
              let bucket = buffers.buckets[item]
              guard bucket & Self.largeMark == 0 else {
                if bucket != Self.noBody {
                  nextLarge -= 1
                  shared.large[nextLarge] = Self.largeBody(buffers.entries[item], item: item)
                }
                continue
              }
              let cursor = Int(cursors[Int(bucket)]) - 1
              placed.bodies[cursor] = CellBody(buffers.entries[item], item: item)
              cursors[Int(bucket)] = Int32(cursor)
            }
          }
        }
      }
    }
  }

  /// Cuts the buckets of a build of more than one part into one range per part, each a run of
  /// coarse slots holding about an equal share of the grid entries; fills each range's first
  /// bucket, each coarse slot's range, and where each part's entries of each range go; returns
  /// where each range's entries start in the grid, and the grid's entry count after them.
  /// - Complexity: O(parts x coarse slots), on one thread.
  func cutRanges(scratch: GridScratch) -> [Int32] {
    let rangeCount = parts.count
    var totals = [Int32](repeating: 0, count: coarseCount)
    for part in 0..<parts.count {
      let first = part * coarseCount
      for slot in 0..<coarseCount { totals[slot] &+= scratch.coarse[first + slot] }
    }
    let gridCount = Int(totals.reduce(0, &+))
    // Range `r` starts at the first slot before which lie r / rangeCount of the entries.
    var starts = [Int32](repeating: 0, count: rangeCount + 1)
    var slotBounds = [Int](repeating: coarseCount, count: rangeCount + 1)
    slotBounds[0] = 0
    var range = 1
    var before = 0
    for slot in 0..<coarseCount {
      while range < rangeCount && before * rangeCount >= gridCount * range {
        slotBounds[range] = slot
        starts[range] = Int32(before)
        range += 1
      }
      scratch.rangeOfCoarse[slot] = Int32(range - 1)
      before += Int(totals[slot])
    }
    while range <= rangeCount {
      starts[range] = Int32(before)
      range += 1
    }
    for range in 0...rangeCount {
      scratch.bounds[range] = min(slotBounds[range] << coarseShift, bucketCount)
    }
    // Within a range, part after part.
    for range in 0..<rangeCount {
      var offset = starts[range]
      for part in 0..<parts.count {
        scratch.offsets[part * rangeCount + range] = offset
        let first = part * coarseCount
        for slot in slotBounds[range]..<slotBounds[range + 1] {
          offset &+= scratch.coarse[first + slot]
        }
      }
    }
    return starts
  }

  /// Sends each part's grid entries, in order, to its range's list at the part's offsets, and
  /// places its large bodies in its stretch of `large`.
  func route(
    _ entries: ContiguousArray<Target>, ranges: [Int32], scratch: GridScratch,
    large: inout [LargeBody]
  ) {
    let coarseShift = coarseShift
    let rangeCount = ranges.count - 1
    scratch.withBuffers(entries: entries) { buffers in
      large.withUnsafeMutableBufferPointer { large in
        let shared = LargeBodies(large: large)
        parts.forEach { part in
          withUnsafeTemporaryAllocation(of: Int32.self, capacity: rangeCount) { cursors in
            let cursors = cursors.baseAddress.unsafelyUnwrapped
            cursors.update(
              from: buffers.offsets.baseAddress.unsafelyUnwrapped + part * rangeCount,
              count: rangeCount)
            var nextLarge = buffers.totals[part].firstLarge
            for item in range(of: part) {
              let bucket = buffers.buckets[item]
              guard bucket & Self.largeMark == 0 else {
                if bucket != Self.noBody {
                  shared.large[nextLarge] = Self.largeBody(buffers.entries[item], item: item)
                  nextLarge += 1
                }
                continue
              }
              let range = Int(buffers.rangeOfCoarse[Int(bucket) &>> coarseShift])
              let cursor = Int(cursors[range])
              let entry = buffers.entries[item]
              buffers.routed[cursor] = CellBody(entry, item: item)
              buffers.routedBuckets[cursor] = bucket
              cursors[range] = Int32(cursor + 1)
            }
          }
        }
      }
    }
  }

  /// Sorts each range's list of entries into its stretch of the grid, one range per thread:
  /// counts per bucket, cursors and `starts` for its buckets, then the bodies, in list order.
  func sortRanges(
    _ entries: ContiguousArray<Target>, ranges: [Int32], scratch: GridScratch,
    starts: inout [Int32], into bodies: inout ContiguousArray<CellBody>
  ) {
    let bucketCount = bucketCount
    scratch.withBuffers(entries: entries) { buffers in
      starts.withUnsafeMutableBufferPointer { starts in
        bodies.withUnsafeMutableBufferPointer { bodies in
          let shared = RangeBuffers(starts: starts, bodies: bodies)
          parts.forEach { range in
            let counts = buffers.counts.baseAddress.unsafelyUnwrapped
            let list = Int(ranges[range])..<Int(ranges[range + 1])
            let buckets = buffers.bounds[range]..<buffers.bounds[range + 1]
            (counts + buckets.lowerBound).update(repeating: 0, count: buckets.count)
            for slot in list { counts[Int(buffers.routedBuckets[slot])] &+= 1 }
            var running = ranges[range]
            for bucket in buckets {
              shared.starts[bucket] = running
              let count = counts[bucket]
              counts[bucket] = running
              running &+= count
            }
            if range == parts.count - 1 { shared.starts[bucketCount] = running }
            for slot in list {
              let bucket = Int(buffers.routedBuckets[slot])
              let cursor = Int(counts[bucket])
              shared.bodies[cursor] = buffers.routed[slot]
              counts[bucket] = Int32(cursor + 1)
            }
          }
        }
      }
    }
  }

  /// The large body of entry `item`.
  static func largeBody(_ entry: Target, item: Int) -> LargeBody {
    LargeBody(
      body: CellBody(entry, item: item),
      faction: entry.faction)
  }
}

extension GridScratch {
  /// Calls `body` with the buffers, which its threads share: each writes only its own part's
  /// or range's elements through them.
  fileprivate func withBuffers<Result>(
    entries: ContiguousArray<Target>, _ body: (GridBuffers) -> Result
  ) -> Result {
    entries.withUnsafeBufferPointer { entries in
      buckets.withUnsafeMutableBufferPointer { buckets in
        counts.withUnsafeMutableBufferPointer { counts in
          coarse.withUnsafeMutableBufferPointer { coarse in
            routed.withUnsafeMutableBufferPointer { routed in
              routedBuckets.withUnsafeMutableBufferPointer { routedBuckets in
                offsets.withUnsafeMutableBufferPointer { offsets in
                  rangeOfCoarse.withUnsafeMutableBufferPointer { rangeOfCoarse in
                    bounds.withUnsafeMutableBufferPointer { bounds in
                      totals.withUnsafeMutableBufferPointer { totals in
                        top.withUnsafeMutableBufferPointer { top in
                          body(
                            GridBuffers(
                              entries: entries, buckets: buckets, counts: counts, coarse: coarse,
                              routed: routed, routedBuckets: routedBuckets,
                              offsets: offsets, rangeOfCoarse: rangeOfCoarse, bounds: bounds,
                              totals: totals, top: top))
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
}

/// `GridScratch`'s buffers, shared by the threads of a grid build; each part or range writes
/// only its own elements through them.
private struct GridBuffers: @unchecked Sendable {
  let entries: UnsafeBufferPointer<Target>
  let buckets: UnsafeMutableBufferPointer<Int32>
  let counts: UnsafeMutableBufferPointer<Int32>
  let coarse: UnsafeMutableBufferPointer<Int32>
  let routed: UnsafeMutableBufferPointer<CellBody>
  let routedBuckets: UnsafeMutableBufferPointer<Int32>
  let offsets: UnsafeMutableBufferPointer<Int32>
  let rangeOfCoarse: UnsafeMutableBufferPointer<Int32>
  let bounds: UnsafeMutableBufferPointer<Int>
  let totals: UnsafeMutableBufferPointer<PartTotals>
  let top: UnsafeMutableBufferPointer<Float>
}

/// The large bodies the parts of a grid build place, each in its own stretch.
private struct LargeBodies: @unchecked Sendable {
  let large: UnsafeMutableBufferPointer<LargeBody>
}

/// What the ranges of a grid build write, each only its own buckets' starts and bodies.
private struct RangeBuffers: @unchecked Sendable {
  let starts: UnsafeMutableBufferPointer<Int32>
  let bodies: UnsafeMutableBufferPointer<CellBody>
}
