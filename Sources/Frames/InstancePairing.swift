import Dispatch

/// Which instance of an earlier frame shows the same entity as each instance of a later one:
/// what drawing between two ticks needs, found once per pair of frames and kept while the
/// frames between them are drawn.
///
/// An instance of the later frame whose entity the earlier frame does not show (it spawned)
/// has no partner and is drawn where it is; entities gone from the later frame are not drawn.
///
/// Consecutive frames of a world keep most entities at the same place in their kind (the
/// world re-sorts its storage every few ticks, and removals move a few), so each instance is
/// first compared with the one at its own place; only those that moved are looked up, in a
/// table of the earlier frame's moved instances by identity (after a re-sort, all of them, on
/// every thread).
public struct InstancePairing: Sendable {
  /// The earlier frame's instances.
  public let earlier: FrameInstances
  /// For each instance of the later frame, its entity's instance in `earlier`, or
  /// `FrameInstances.noIdentity` when it has none.
  public let earlierSprites: [UInt32]

  /// Instances at or above this many are paired on several threads.
  static let parallelThreshold = 65_536

  /// Pairs `later`'s instances with `earlier`'s, kind by kind: kinds at the same place with
  /// the same sprite, or else the first earlier kind with the same sprite and layer.
  ///
  /// - Complexity: O(n) in the two frames' instances, on up to `threads` threads (for kinds of
  ///   65,536 instances or more).
  public init(
    from earlier: FrameInstances, to later: FrameInstances, threads: Int = 1
  ) {
    self.earlier = earlier
    var slots = [UInt32](repeating: FrameInstances.noIdentity, count: later.count)
    var taken = Set<Int>()
    slots.withUnsafeMutableBufferPointer { slots in
      for (index, kind) in later.kinds.enumerated() {
        let partner: Int? =
          index < earlier.kinds.count && earlier.kinds[index].sprite == kind.sprite
            && !taken.contains(index)
          ? index
          : earlier.kinds.indices.first {
            !taken.contains($0) && earlier.kinds[$0].sprite == kind.sprite
              && earlier.kinds[$0].layer == kind.layer
          }
        guard let partner else { continue }
        taken.insert(partner)
        Self.pair(
          kind: kind, of: later, with: earlier.kinds[partner], of: earlier,
          into: UnsafeMutableBufferPointer(rebasing: slots[kind.sprites]), threads: threads)
      }
    }
    earlierSprites = slots
  }

  /// Fills `slots` (the later kind's part) with the earlier places of its instances.
  private static func pair(
    kind: InstanceKind, of later: FrameInstances, with earlierKind: InstanceKind,
    of earlier: FrameInstances, into slots: UnsafeMutableBufferPointer<UInt32>, threads: Int
  ) {
    later.identities.withUnsafeBufferPointer { laterIDs in
      earlier.identities.withUnsafeBufferPointer { earlierIDs in
        let pairing = KindPairing(
          now: UnsafeBufferPointer(rebasing: laterIDs[kind.sprites]),
          before: UnsafeBufferPointer(rebasing: earlierIDs[earlierKind.sprites]),
          start: UInt32(earlierKind.sprites.lowerBound),
          // An earlier stored identity `e` is the later one `e - shift`: both count from
          // their own kind's base.
          shift: Int64(bitPattern: kind.identityBase &- earlierKind.identityBase), slots: slots)
        // Pass 1: the instances still at their place; the rest marked for pass 2, and counted
        // when they lie where the earlier frame has an instance too.
        let mismatched = pairing.matchInPlace(threads: threads)
        let unmatched = mismatched + (pairing.before.count - pairing.common)
        guard unmatched > 0, mismatched + (pairing.now.count - pairing.common) > 0 else { return }
        // Pass 2: the earlier instances not matched at their place, by identity. After a
        // re-sort that is many of them, in a table over their stored identities shared out
        // between the threads; after a few removals, a few, in a dictionary.
        if unmatched > 1024, pairing.matchByTable(threads: threads) { return }
        pairing.matchByDictionary(unmatched: unmatched)
      }
    }
  }

  // MARK: - Drawing between the frames

  /// The later frame's instance at `index` moved `t` (0...1) of the way from its entity's
  /// earlier instance: position and rotation, the shorter way round; the rest as it is now.
  @inlinable
  public func sprite(_ index: Int, of later: FrameInstances, t: Float) -> SpriteInstance {
    var sprite = later.sprites[index]
    let slot = earlierSprites[index]
    guard slot != FrameInstances.noIdentity else { return sprite }
    let before = earlier.sprites[Int(slot)]
    sprite.x = before.x + (sprite.x - before.x) * t
    sprite.y = before.y + (sprite.y - before.y) * t
    if before.turns != sprite.turns {
      // The wrapped difference is the shorter signed turn.
      let difference = Float(Int16(bitPattern: sprite.turns &- before.turns))
      sprite.turns = before.turns &+ UInt16(bitPattern: Int16((difference * t).rounded()))
    }
    return sprite
  }
}

/// Work shared over threads in contiguous ranges, for frame work that writes apart.
enum Parallel {
  /// Calls `body` on `threads` contiguous ranges covering `0..<count` (one range, on the
  /// calling thread, when `count` is below `InstancePairing.parallelThreshold`) and sums what
  /// they return.
  static func sum(count: Int, threads: Int, _ body: (Range<Int>) -> Int) -> Int {
    let parts = count < InstancePairing.parallelThreshold ? 1 : max(1, min(threads, 64))
    guard parts > 1 else { return body(0..<count) }
    return withoutActuallyEscaping(body) { body in
      let results = UnsafeMutableBufferPointer<Int>.allocate(capacity: parts)
      defer { results.deallocate() }
      let shared = SharedResults(results: results, body: body)
      DispatchQueue.concurrentPerform(iterations: parts) { part in
        let lower = count * part / parts
        let upper = count * (part + 1) / parts
        shared.results[part] = shared.body(lower..<upper)
      }
      return results.reduce(0, +)
    }
  }
}

/// What the threads of `Parallel.sum` share: each writes only its own result.
private struct SharedResults: @unchecked Sendable {
  let results: UnsafeMutableBufferPointer<Int>
  let body: (Range<Int>) -> Int
}

/// One kind's instances of two frames, paired by identity into `slots`: the earlier place of
/// each later instance, or `FrameInstances.noIdentity`.
private struct KindPairing {
  /// The later frame's identities of the kind.
  let now: UnsafeBufferPointer<UInt32>
  /// The earlier frame's.
  let before: UnsafeBufferPointer<UInt32>
  /// The earlier frame's place of `before`'s first instance.
  let start: UInt32
  /// An earlier stored identity `e` is the later one `e - shift`.
  let shift: Int64
  /// The later kind's part of the pairing.
  let slots: UnsafeMutableBufferPointer<UInt32>
  /// The places both frames have.
  var common: Int { min(now.count, before.count) }
  private var none: UInt32 { FrameInstances.noIdentity }

  @inline(__always) private func same(_ earlierID: UInt32, _ laterID: UInt32) -> Bool {
    earlierID != none && laterID != none && Int64(earlierID) - shift == Int64(laterID)
  }

  @inline(__always) private func isUnmatched(_ index: Int) -> Bool {
    before[index] != none && (index >= common || !same(before[index], now[index]))
  }

  /// Pairs the instances still at their place and marks the rest; returns how many of those
  /// lie where the earlier frame has an instance too.
  func matchInPlace(threads: Int) -> Int {
    let common = self.common
    return Parallel.sum(count: now.count, threads: threads) { range in
      var count = 0
      for index in range {
        if index < common, same(before[index], now[index]) {
          slots[index] = start + UInt32(index)
        } else {
          slots[index] = none
          if index < common { count += 1 }
        }
      }
      return count
    }
  }

  /// Pairs the rest through a table over the earlier stored identities, shared out between
  /// the threads; `false` when the identities spread too far for one (they interleave with
  /// other kinds', counting across the world: a table a few times the kind's size is kept).
  func matchByTable(threads: Int) -> Bool {
    guard let highest = before.lazy.filter({ $0 != none }).max(),
      Int(highest) < before.count * 8 + 4096
    else { return false }
    var places = [UInt32](repeating: none, count: Int(highest) + 1)
    places.withUnsafeMutableBufferPointer { places in
      _ = Parallel.sum(count: before.count, threads: threads) { range in
        for index in range where isUnmatched(index) {
          places[Int(before[index])] = start + UInt32(index)
        }
        return 0
      }
      _ = Parallel.sum(count: now.count, threads: threads) { range in
        for index in range where slots[index] == none && now[index] != none {
          let stored = Int64(now[index]) + shift
          if stored >= 0, stored < Int64(places.count) { slots[index] = places[Int(stored)] }
        }
        return 0
      }
    }
    return true
  }

  /// Pairs the rest, `unmatched` earlier instances, through a dictionary.
  func matchByDictionary(unmatched: Int) {
    var places: [UInt32: UInt32] = [:]
    places.reserveCapacity(unmatched)
    for index in before.indices where isUnmatched(index) {
      places[before[index]] = start + UInt32(index)
    }
    for index in now.indices where slots[index] == none && now[index] != none {
      let stored = Int64(now[index]) + shift
      guard stored >= 0, stored < Int64(none), let place = places[UInt32(stored)] else {
        continue
      }
      slots[index] = place
    }
  }
}
