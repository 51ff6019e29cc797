/// How a grid build cuts its work: the entries into parts, one per thread, each a range in
/// order; and with more than one part, the buckets into as many ranges, each a run of coarse
/// slots of `1 << coarseShift` buckets.
struct GridSplit: Sendable {
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

  /// A bucket's mark in `GridScratch.buckets` for a body kept out of the grid for its size.
  static let largeMark: Int32 = 1 << 30
  /// The mark of a body of no size (a NaN radius), in no bucket and within no reach.
  static let noBody: Int32 = -1

  /// A split of the entries `parts` cuts.
  init(grid: SpatialGrid, parts: Parts, bucketCount: Int) {
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
  }

  /// The entries of one part.
  @inline(__always)
  func range(of part: Int) -> Range<Int> {
    parts.range(of: part)
  }

  /// Whether the build is one pair of parts that count every bucket, each of which lays out
  /// its own cursors, from both parts' counts, in the step that places its entries
  /// (`placeByPair`): no step, and no barrier, for the cursors, and no cursor written on one
  /// core and moved on another.
  var laysOutOwnCursors: Bool { countsEveryBucket && parts.count == 2 }

  /// Whether the parts go in pairs, part `2k` with part `2k + 1` (the last of an odd count
  /// alone), each pair sharing its entries as they come (`forEachBlock`): where the parts
  /// count every bucket.
  var sharesInPairs: Bool { countsEveryBucket }

  /// The ranges of buckets whose cursors a build whose parts count every bucket lays out
  /// (`placeCursorsOfParts`), which the threads take as they come: one per part, and more, up
  /// to 16 per part, where there are 16,384 buckets a range.
  var cursorRanges: Int {
    min(max(parts.count, bucketCount / 16_384), 16 * parts.count)
  }

  /// The entries a part takes at a time from its pair's.
  static let blockSize = 4_096

  /// Calls `body` with each block of entries `part` takes, in the order the part visits them.
  /// Paired (`sharesInPairs`), the pair's entries are cut into blocks, which its even part
  /// takes first to last and its odd part last to first, one at a time, until none is left:
  /// the two end together whatever each one's speed, and the even part's entries all come
  /// before the odd one's. Otherwise, the part's own range in one block.
  @inline(__always)
  func forEachBlock(of part: Int, claims: [BlockClaims], _ body: (Range<Int>) -> Void) {
    let pair = part / 2
    guard pair < claims.count else {
      body(range(of: part))
      return
    }
    let entries = range(of: 2 * pair).lowerBound..<range(of: 2 * pair + 1).upperBound
    let blockCount = (entries.count + Self.blockSize - 1) / Self.blockSize
    let forward = part & 1 == 0
    var taken = 0
    while claims[pair].take(of: blockCount) {
      let block = forward ? taken : blockCount - 1 - taken
      taken += 1
      let first = entries.lowerBound + block * Self.blockSize
      body(first..<min(first + Self.blockSize, entries.upperBound))
    }
  }

  /// A fresh claim for each pair of parts, where they go in pairs; none otherwise.
  func claims() -> [BlockClaims] {
    sharesInPairs ? (0..<(parts.count / 2)).map { _ in BlockClaims() } : []
  }

  /// Runs `body` for each part: on as many threads as there are parts, or, where a test set
  /// `order`, one after another in that order on this thread.
  func forEachPart(order: [Int]?, _ body: @Sendable (Int) -> Void) {
    if let order {
      for part in order { body(part) }
    } else {
      parts.forEach(body)
    }
  }

  func bucket(of entry: Target) -> Int {
    // Within the bucket count, which the index's buffers hold: no overflow to check.
    entry.faction.index &* grid.cellCount &+ Int(grid.cell(of: entry.position))
  }

  /// Keeps each entry's bucket (marked for large bodies, those above `threshold`, and for
  /// bodies of no size), and counts each part's grid entries (those it took, where parts go in
  /// pairs): per bucket for one part or where parts count every bucket, per coarse slot for
  /// more. Each part's totals say how many large bodies it has, how many
  /// above `base`, and its largest grid body; the largest radii above `base` go to `top`.
  func findBuckets(
    of entries: ContiguousArray<Target>, base: Float, threshold: Float,
    scratch: GridScratch
  ) {
    let fine = parts.count == 1 || countsEveryBucket
    let (coarseShift, coarseCount) = (coarseShift, coarseCount)
    let claims = claims()
    scratch.withBuffers(entries: entries) { buffers in
      forEachPart(order: scratch.partOrders?.find) { part in
        // Each part clears its own counts: no pass over all of them on one thread.
        let counts =
          fine
          ? buffers.counts.baseAddress.unsafelyUnwrapped + part * bucketCount
          : buffers.coarse.baseAddress.unsafelyUnwrapped + part * coarseCount
        counts.update(repeating: 0, count: fine ? bucketCount : coarseCount)
        let shift = fine ? 0 : coarseShift
        let top = buffers.top.baseAddress.unsafelyUnwrapped + part * GridScratch.topCount
        var found = PartTotals()
        forEachBlock(of: part, claims: claims) { block in
          for item in block {
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
            found.gridCount &+= 1
            found.largest = max(found.largest, radius)
          }
        }
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
    } else if laysOutOwnCursors {
      bodies.grow(to: Int32(scratch.totals.reduce(0) { $0 + $1.gridCount }))
      placeByPair(entries, scratch: scratch, starts: &starts, into: &bodies, large: &large)
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
}
