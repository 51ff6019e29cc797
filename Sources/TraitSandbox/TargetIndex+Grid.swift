extension TargetIndex {
  /// Sorts the entries into per-faction grid cells; the world calls this once the index phase is
  /// done.
  ///
  /// A counting sort: each part of the entries (one per thread, in order) counts its entries
  /// per bucket, the counts become each part's cursor in each bucket, and each part places its
  /// entries at its cursors. Parts take whole ranges in order, so the grid is the same for any
  /// thread count. The buffers keep their capacity from tick to tick.
  /// - Complexity: O(n + cells x threads), where the cell count grows with the number of
  ///   entries.
  internal mutating func buildGrid(arenaSize: Vector2, threads: Int = 1) {
    grid = Self.gridShape(arenaSize: arenaSize, entryCount: count)
    let parts = Parts(count: count, threads: threads)
    let split = GridSplit(grid: grid, parts: parts, bucketCount: factionCount * grid.cellCount)

    // The buffers are taken out of the index while they are filled, so filling never copies.
    var counts = cursorScratch
    cursorScratch = []
    var totals = partScratch
    partScratch = []
    totals.removeAll(keepingCapacity: true)
    totals.append(contentsOf: repeatElement(PartTotals(), count: parts.count))
    // A body over a quarter of a cell across is large: it stays out of the grid, unless there
    // are more than `maximumLargeItems` of them, when only the largest do.
    let base = grid.cellSize / 4
    split.countBuckets(of: entries, threshold: base, into: &counts, totals: &totals)
    let largeRadius = split.keepLargest(
      Self.maximumLargeItems, above: base, of: entries, counts: &counts, totals: &totals)
    let largeCount = totals.reduce(0) { $0 + $1.largeCount }

    // Each part's counts become its cursors: bucket by bucket, part after part.
    var starts = cellStart
    cellStart = []
    if starts.count < split.bucketCount + 1 {
      starts.append(contentsOf: repeatElement(0, count: split.bucketCount + 1 - starts.count))
    }
    let running = split.placeCursors(counts: &counts, starts: &starts)
    var firstLarge = 0
    for part in totals.indices {
      totals[part].firstLarge = firstLarge
      firstLarge += totals[part].largeCount
    }

    var bodies = cellBodies
    cellBodies = []
    if bodies.count < Int(running) {
      bodies.append(
        contentsOf: repeatElement(
          CellBody(x: 0, y: 0, radius: 0, item: 0), count: Int(running) - bodies.count))
    }
    var large = largeBodies
    largeBodies = []
    large.removeAll(keepingCapacity: true)
    large.append(
      contentsOf: repeatElement(
        LargeBody(body: CellBody(x: 0, y: 0, radius: 0, item: 0), faction: Faction(0)),
        count: largeCount))
    split.place(
      entries, threshold: largeRadius, cursors: &counts, totals: totals, into: &bodies,
      large: &large)
    cellStart = starts
    cellBodies = bodies
    largeBodies = large
    largestRadius = totals.reduce(0) { max($0, $1.largest) }
    measureBlockDistances(threads: threads)
    cursorScratch = counts
    partScratch = totals
  }

  /// The most entries kept out of the grid for their size.
  static let maximumLargeItems = 32

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

/// What one part of a grid build found: its large bodies and its largest grid body.
@usableFromInline
struct PartTotals: Sendable {
  @usableFromInline var largeCount = 0
  @usableFromInline var largest: Float = 0
  /// Where the part's large bodies go in the index's list.
  @usableFromInline var firstLarge = 0

  @usableFromInline
  init() {}
}

/// How a grid build cuts the entries into parts, one per thread, each a range in order.
private struct GridSplit: Sendable {
  let grid: SpatialGrid
  let parts: Parts
  let bucketCount: Int

  func bucket(of entry: Target) -> Int {
    // Within the bucket count, which the index's buffers hold: no overflow to check.
    entry.faction.index &* grid.cellCount &+ Int(grid.cell(of: entry.position))
  }

  /// The buckets whose cursors one part places (`placeCursors`): the `range`th of `parts.count`
  /// ranges of about equal length, in order.
  func buckets(ofRange range: Int) -> Range<Int> {
    (range * bucketCount / parts.count)..<((range + 1) * bucketCount / parts.count)
  }

  /// The range of buckets (`buckets(ofRange:)`) that holds `bucket`.
  func range(ofBucket bucket: Int) -> Int {
    ((bucket + 1) * parts.count - 1) / bucketCount
  }

  /// Counts each part's grid entries per bucket, and its large bodies; each entry's bucket is
  /// kept after the counts, for `place`, and with more than one part, after those each part's
  /// entries in each range of buckets, for `placeCursors`.
  func countBuckets(
    of entries: ContiguousArray<Target>, threshold: Float, into counts: inout [Int32],
    totals: inout [PartTotals]
  ) {
    let room = parts.count * bucketCount + parts.itemCount + parts.count * parts.count
    if counts.count < room {
      counts.append(contentsOf: repeatElement(0, count: room - counts.count))
    }
    entries.withUnsafeBufferPointer { entries in
      counts.withUnsafeMutableBufferPointer { counts in
        totals.withUnsafeMutableBufferPointer { totals in
          let shared = SharedBuffers(entries: entries, counts: counts, totals: totals)
          parts.forEach { part in
            let counts = shared.counts(of: part, bucketCount: bucketCount)
            let buckets = shared.buckets(parts: parts, bucketCount: bucketCount)
            // Each part clears its own counts: no pass over all of them on one thread.
            counts.update(repeating: 0)
            var found = PartTotals()
            for item in parts.range(of: part) {
              let entry = shared.entries[item]
              // Kept for placing, large bodies' too: the grid may take some of them back.
              let bucket = bucket(of: entry)
              buckets[item] = Int32(truncatingIfNeeded: bucket)
              guard entry.radius <= threshold else {
                // A body of no size (NaN) is within no reach: it stays out of the grid too.
                if !entry.radius.isNaN { found.largeCount += 1 }
                continue
              }
              counts[bucket] &+= 1
              found.largest = max(found.largest, entry.radius)
            }
            shared.totals[part] = found
            // Each part totals its own counts, still in its cache, so that turning counts into
            // cursors is one step in which no thread waits for another's totals.
            guard parts.count > 1 else { return }
            let rangeTotals = shared.rangeTotals(parts: parts, bucketCount: bucketCount)
            for range in 0..<parts.count {
              var total: Int32 = 0
              for bucket in self.buckets(ofRange: range) { total &+= counts[bucket] }
              rangeTotals[part * parts.count + range] = total
            }
          }
        }
      }
    }
  }

  /// Puts back into the grid's counts every large body but those larger than the radius it
  /// returns, so that at most `maximum` stay out: `base`, or if more than `maximum` bodies are
  /// larger than that, the radius of the largest body the grid keeps. Each part's
  /// `largeCount` and `largest` follow, and its entries per range of buckets.
  ///
  /// - Complexity: O(n) (two passes that read radii, made only when there are more than
  ///   `maximum` large bodies), plus O(large bodies x `maximum`) at worst.
  func keepLargest(
    _ maximum: Int, above base: Float, of entries: ContiguousArray<Target>,
    counts: inout [Int32], totals: inout [PartTotals]
  ) -> Float {
    guard totals.reduce(0, { $0 + $1.largeCount }) > maximum else { return base }
    // The `maximum + 1` largest radii, the smallest of them first. (Sorting every large
    // radius, and counting the grid again, cost a battle of 50,000 a tenth of its tick.)
    var largest: [Float] = []
    largest.reserveCapacity(maximum + 1)
    for entry in entries[..<parts.itemCount] where entry.radius > base {
      let radius = entry.radius
      guard largest.count <= maximum || radius > largest[0] else { continue }
      if largest.count > maximum { largest.removeFirst() }
      largest.insert(radius, at: largest.firstIndex { $0 >= radius } ?? largest.count)
    }
    let threshold = largest[0]
    // Each entry's bucket, kept by `countBuckets`.
    let kept = parts.count * bucketCount
    let rangeTotals = kept + parts.itemCount
    for part in 0..<parts.count {
      for item in parts.range(of: part) {
        let entry = entries[item]
        guard entry.radius > base, entry.radius <= threshold else { continue }
        let bucket = Int(counts[kept + item])
        counts[part * bucketCount + bucket] += 1
        if parts.count > 1 {
          counts[rangeTotals + part * parts.count + range(ofBucket: bucket)] += 1
        }
        totals[part].largeCount -= 1
        totals[part].largest = max(totals[part].largest, entry.radius)
      }
    }
    return threshold
  }

  /// How many buckets' cursors a build of three or more parts places at a time.
  static let cursorBlock = 256

  /// Turns each part's counts into its cursors, bucket by bucket and part after part, and
  /// fills `starts`; returns how many entries the grid holds.
  ///
  /// With more than one part, each part takes a range of buckets, which starts after the
  /// entries `countBuckets` counted in the ranges before it. The cursors are those of one pass
  /// over every bucket.
  /// - Complexity: O(buckets x parts).
  func placeCursors(counts: inout [Int32], starts: inout [Int32]) -> Int32 {
    let partCount = parts.count
    var firsts = [Int32](repeating: 0, count: partCount + 1)
    let rangeTotals = partCount * bucketCount + parts.itemCount
    if partCount > 1 {
      for range in 0..<partCount {
        var total = firsts[range]
        for part in 0..<partCount { total &+= counts[rangeTotals + part * partCount + range] }
        firsts[range + 1] = total
      }
    }
    counts.withUnsafeMutableBufferPointer { counts in
      starts.withUnsafeMutableBufferPointer { starts in
        firsts.withUnsafeMutableBufferPointer { firsts in
          let shared = CursorBuffers(counts: counts, starts: starts, firsts: firsts)
          let bucketCount = bucketCount
          parts.forEach { range in
            let counts = shared.counts.baseAddress.unsafelyUnwrapped
            let starts = shared.starts.baseAddress.unsafelyUnwrapped
            // The totals fit: there are fewer entries than `Int32.max`.
            var running = shared.firsts[range]
            if partCount == 1 {
              // One thread's build, as most are: the loop over parts costs this pass 5 times
              // the instructions (callgrind).
              for bucket in buckets(ofRange: range) {
                starts[bucket] = running
                let count = counts[bucket]
                counts[bucket] = running
                running &+= count
              }
            } else if partCount == 2 {
              // Two threads' build: the same pass, with the loop over parts written out.
              let second = counts + bucketCount
              for bucket in buckets(ofRange: range) {
                starts[bucket] = running
                let first = counts[bucket]
                let next = second[bucket]
                counts[bucket] = running
                second[bucket] = running &+ first
                running &+= first &+ next
              }
            } else {
              // More parts: a block of buckets at a time, each loop reading one part's counts
              // in order (a loop over parts for each bucket took 1.7 times the instructions on
              // four parts, callgrind). `next` holds each bucket's total, then its next cursor.
              let mine = buckets(ofRange: range)
              withUnsafeTemporaryAllocation(of: Int32.self, capacity: Self.cursorBlock) { next in
                let next = next.baseAddress.unsafelyUnwrapped
                for block in stride(
                  from: mine.lowerBound, to: mine.upperBound, by: Self.cursorBlock)
                {
                  let size = min(Self.cursorBlock, mine.upperBound - block)
                  next.update(from: counts + block, count: size)
                  for part in 1..<partCount {
                    let partCounts = counts + part * bucketCount + block
                    for bucket in 0..<size { next[bucket] &+= partCounts[bucket] }
                  }
                  for bucket in 0..<size {
                    starts[block + bucket] = running
                    let total = next[bucket]
                    next[bucket] = running
                    running &+= total
                  }
                  for part in 0..<partCount {
                    let partCounts = counts + part * bucketCount + block
                    for bucket in 0..<size {
                      let count = partCounts[bucket]
                      partCounts[bucket] = next[bucket]
                      next[bucket] &+= count
                    }
                  }
                }
              }
            }
            if range == partCount - 1 { starts[bucketCount] = running }
          }
        }
      }
    }
    return starts[bucketCount]
  }

  /// Places each part's entries at its cursors, and its large bodies in its stretch of `large`,
  /// after `countBuckets` and `placeCursors`.
  func place(
    _ entries: ContiguousArray<Target>, threshold: Float, cursors: inout [Int32],
    totals: [PartTotals], into bodies: inout ContiguousArray<CellBody>, large: inout [LargeBody]
  ) {
    entries.withUnsafeBufferPointer { entries in
      cursors.withUnsafeMutableBufferPointer { cursors in
        bodies.withUnsafeMutableBufferPointer { bodies in
          large.withUnsafeMutableBufferPointer { large in
            let shared = SharedBuffers(
              entries: entries, counts: cursors, bodies: bodies, large: large)
            parts.forEach { part in
              let cursors = shared.counts(of: part, bucketCount: bucketCount)
              let buckets = shared.buckets(parts: parts, bucketCount: bucketCount)
              var nextLarge = totals[part].firstLarge
              for item in parts.range(of: part) {
                let entry = shared.entries[item]
                let body = CellBody(
                  x: entry.position.x, y: entry.position.y, radius: entry.radius,
                  item: Int32(item))
                guard entry.radius <= threshold else {
                  if !entry.radius.isNaN {
                    shared.large[nextLarge] = LargeBody(body: body, faction: entry.faction)
                    nextLarge += 1
                  }
                  continue
                }
                let bucket = Int(buckets[item])
                shared.bodies[Int(cursors[bucket])] = body
                cursors[bucket] += 1
              }
            }
          }
        }
      }
    }
  }
}

/// The buffers the threads of a grid build share; each part writes only its own counts,
/// cursors, totals and slots through them.
private struct SharedBuffers: @unchecked Sendable {
  let entries: UnsafeBufferPointer<Target>
  let counts: UnsafeMutableBufferPointer<Int32>
  var totals = UnsafeMutableBufferPointer<PartTotals>(start: nil, count: 0)
  var bodies = UnsafeMutableBufferPointer<CellBody>(start: nil, count: 0)
  var large = UnsafeMutableBufferPointer<LargeBody>(start: nil, count: 0)

  /// Each entry's bucket, kept after every part's counts.
  func buckets(parts: Parts, bucketCount: Int) -> UnsafeMutablePointer<Int32> {
    counts.baseAddress.unsafelyUnwrapped + parts.count * bucketCount
  }

  /// Each part's count of its entries in each range of buckets, after the entries' buckets.
  func rangeTotals(parts: Parts, bucketCount: Int) -> UnsafeMutablePointer<Int32> {
    buckets(parts: parts, bucketCount: bucketCount) + parts.itemCount
  }

  /// One part's counts or cursors.
  func counts(of part: Int, bucketCount: Int) -> UnsafeMutableBufferPointer<Int32> {
    UnsafeMutableBufferPointer(rebasing: counts[(part * bucketCount)..<((part + 1) * bucketCount)])
  }
}

/// The buffers the threads turning counts into cursors share; each part writes only its own
/// range of buckets and its own total through them.
private struct CursorBuffers: @unchecked Sendable {
  let counts: UnsafeMutableBufferPointer<Int32>
  let starts: UnsafeMutableBufferPointer<Int32>
  let firsts: UnsafeMutableBufferPointer<Int32>
}
