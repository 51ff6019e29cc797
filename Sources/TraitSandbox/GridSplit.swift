import Dispatch

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
}
