import Synchronization

extension GridSplit {
  /// Turns the counts of a build whose parts count every bucket into cursors, each bucket's
  /// parts in order, and fills `starts`; returns how many entries the grid holds. The buckets
  /// are cut into `cursorRanges` ranges, which the threads take as they come: each range's
  /// counts are summed, then, after the sums of the ranges before it, its cursors laid out.
  /// - Complexity: O(buckets x parts), on as many threads as parts.
  func placeCursorsOfParts(scratch: GridScratch, starts: inout [Int32]) -> Int32 {
    let (partCount, bucketCount, rangeCount) = (parts.count, bucketCount, cursorRanges)
    let rangeSize = (bucketCount + rangeCount - 1) / rangeCount
    return scratch.withBuffers(entries: []) { buffers in
      // The totals fit: there are fewer entries than `Int32.max`.
      WorkerPool.shared.forEach(rangeCount, threads: partCount) { range in
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
      for range in 0..<rangeCount {
        let sum = buffers.coarse[range]
        buffers.coarse[range] = total
        total &+= sum
      }
      starts.withUnsafeMutableBufferPointer { starts in
        let shared = RangeBuffers(
          starts: starts, bodies: UnsafeMutableBufferPointer(start: nil, count: 0))
        WorkerPool.shared.forEach(rangeCount, threads: partCount) { range in
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
  /// last first, from the ends of their runs: each odd part's run ends where its pair's does,
  /// so the pair's two parts fill it from both ends, and its entries may go to either part
  /// (`forEachBlock`), whichever is first to take them, wherever the counts had them. (Two
  /// parts sweeping the arena one way, as each type's pool in cell order has them, would also
  /// write neighbouring bodies, one cache line, from two cores all along; two sweeping opposite
  /// ways meet once.)
  func placeByPart(
    _ entries: ContiguousArray<Target>, scratch: GridScratch,
    into bodies: inout ContiguousArray<CellBody>, large: inout [LargeBody]
  ) {
    let bucketCount = bucketCount
    place(entries, scratch: scratch, into: &bodies, large: &large) { part, buffers in
      buffers.counts.baseAddress.unsafelyUnwrapped + part * bucketCount
    }
  }

  /// Places the entries of a build of one pair of parts, after `findBuckets`, and fills
  /// `starts`: each part first lays out its own cursors from both parts' counts (the even
  /// part's at the starts of the buckets' runs, the odd part's at their ends, where it places
  /// last first), then places its entries as `placeByPart` does. Each part adds up both counts
  /// of every bucket, a pass the other part also makes, instead of a step of its own.
  /// - Complexity: O(n + buckets) per part.
  func placeByPair(
    _ entries: ContiguousArray<Target>, scratch: GridScratch, starts: inout [Int32],
    into bodies: inout ContiguousArray<CellBody>, large: inout [LargeBody]
  ) {
    let bucketCount = bucketCount
    starts.withUnsafeMutableBufferPointer { starts in
      scratch.cursors.withUnsafeMutableBufferPointer { cursors in
        let laidOut = PairCursors(
          starts: starts.baseAddress.unsafelyUnwrapped,
          cursors: cursors.baseAddress.unsafelyUnwrapped)
        place(entries, scratch: scratch, into: &bodies, large: &large) { part, buffers in
          let even = buffers.counts.baseAddress.unsafelyUnwrapped
          let odd = even + bucketCount
          let cursors = laidOut.cursors + part * bucketCount
          // The totals fit: there are fewer entries than `Int32.max`.
          var running: Int32 = 0
          if part == 0 {
            // The even part writes the starts as well.
            let starts = laidOut.starts
            for bucket in 0..<bucketCount {
              starts[bucket] = running
              cursors[bucket] = running
              running &+= even[bucket] &+ odd[bucket]
            }
            starts[bucketCount] = running
          } else {
            for bucket in 0..<bucketCount {
              running &+= even[bucket] &+ odd[bucket]
              cursors[bucket] = running
            }
          }
          return cursors
        }
      }
    }
  }

  /// Places each part's grid entries at the cursors `cursorsOf` gives it (called once per
  /// part, on the thread that places the part's entries), and its large bodies in its stretch
  /// of `large`: even parts first to last from the starts of their runs, odd parts last to
  /// first from their ends.
  private func place(
    _ entries: ContiguousArray<Target>, scratch: GridScratch,
    into bodies: inout ContiguousArray<CellBody>, large: inout [LargeBody],
    cursorsOf: @Sendable (_ part: Int, GridBuffers) -> UnsafeMutablePointer<Int32>
  ) {
    let claims = claims()
    scratch.withBuffers(entries: entries) { buffers in
      bodies.withUnsafeMutableBufferPointer { bodies in
        large.withUnsafeMutableBufferPointer { large in
          let shared = LargeBodies(large: large)
          let placed = RangeBuffers(
            starts: UnsafeMutableBufferPointer(start: nil, count: 0), bodies: bodies)
          forEachPart(order: scratch.partOrders?.place) { part in
            let cursors = cursorsOf(part, buffers)
            // An even part goes first to last, writing at its cursors and moving them on; an
            // odd one last to first, moving its cursors back (from the ends of its runs) and
            // writing there.
            let forward = part & 1 == 0
            let (before, after) = forward ? (0, 1) : (1, 0)
            let totals = buffers.totals[part]
            var nextLarge = totals.firstLarge + (forward ? 0 : totals.largeCount)
            forEachBlock(of: part, claims: claims) { block in
              for item in stride(
                from: forward ? block.lowerBound : block.upperBound - 1,
                to: forward ? block.upperBound : block.lowerBound - 1, by: forward ? 1 : -1)
              {
                let bucket = buffers.buckets[item]
                guard bucket & Self.largeMark == 0 else {
                  if bucket != Self.noBody {
                    nextLarge -= before
                    shared.large[nextLarge] = Self.largeBody(buffers.entries[item], item: item)
                    nextLarge += after
                  }
                  continue
                }
                let cursor = Int(cursors[Int(bucket)]) &- before
                placed.bodies[cursor] = CellBody(buffers.entries[item], item: item)
                cursors[Int(bucket)] = Int32(cursor &+ after)
              }
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
  func withBuffers<Result>(
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
struct GridBuffers: @unchecked Sendable {
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

/// The blocks of a pair of parts' entries taken so far (`GridSplit.forEachBlock`).
final class BlockClaims: Sendable {
  private let taken = Atomic<Int>(0)

  /// Takes one more of `blockCount` blocks, if one is left.
  @inline(__always)
  func take(of blockCount: Int) -> Bool {
    // Only the count is shared; what the parts write is read after the step that waits for
    // both.
    taken.add(1, ordering: .relaxed).oldValue < blockCount
  }
}

/// Where the two parts of a pair lay out their cursors (`GridSplit.placeByPair`): the even
/// part writes the starts, and each part only its own cursors, part after part.
struct PairCursors: @unchecked Sendable {
  let starts: UnsafeMutablePointer<Int32>
  let cursors: UnsafeMutablePointer<Int32>
}

/// The large bodies the parts of a grid build place, each in its own stretch.
struct LargeBodies: @unchecked Sendable {
  let large: UnsafeMutableBufferPointer<LargeBody>
}

/// What the ranges of a grid build write, each only its own buckets' starts and bodies.
struct RangeBuffers: @unchecked Sendable {
  let starts: UnsafeMutableBufferPointer<Int32>
  let bodies: UnsafeMutableBufferPointer<CellBody>
}
