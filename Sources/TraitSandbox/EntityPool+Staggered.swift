/// The pool's loops for work that only some entities do on a tick: a stagger by identity, or
/// by groups of neighbours in storage.
extension EntityPool {
  /// Runs `body` on the entities `isChosen` picks, in storage order, and keeps what it changes
  /// (only the words it changed): for work that only some entities do on a tick.
  ///
  /// `isChosen` sees each entity first and should read little of it (an identity, a flag):
  /// the compiler keeps, for every entity, only the loads of the words it reads.
  /// - Complexity: O(n).
  @_transparent @usableFromInline
  internal mutating func updateEach(
    where isChosen: (Entity) -> Bool, _ body: (inout Entity, Int) -> Void
  ) {
    guard EntityScratch.fits(Entity.self) else {
      return withLargeScratch { scratch, original in
        for index in indices {
          let entity = words + index
          take(entity, into: scratch, keeping: original, .changedWords)
          // Not chosen, the entity's words stay in its columns as they were.
          guard isChosen(scratch.assumingMemoryBound(to: Entity.self).pointee) else {
            continue
          }
          body(&scratch.assumingMemoryBound(to: Entity.self).pointee, index)
          put(scratch, into: entity, original: original, .changedWords)
        }
      }
    }
    // The choice reads its own copy, so that the rest of the entity is loaded inside the
    // branch, for the chosen entities alone.
    var peek = EntityScratch()
    var scratch = EntityScratch()
    var original = EntityScratch()
    for index in indices {
      let entity = words + index
      Columns.gather(from: entity, stride: stride, into: &peek)
      let chosen = withUnsafePointer(to: &peek) { peek in
        isChosen(UnsafeRawPointer(peek).assumingMemoryBound(to: Entity.self).pointee)
      }
      guard chosen else { continue }
      take(entity, into: &scratch, keeping: &original, .changedWords)
      withUnsafeMutablePointer(to: &scratch) { scratch in
        body(
          &UnsafeMutableRawPointer(scratch).assumingMemoryBound(to: Entity.self).pointee, index)
      }
      put(&scratch, into: entity, original: &original, .changedWords)
    }
  }

  /// Entities in a stagger group of `updateEach(staggeredBy:on:_:)`: a kilobyte of a column,
  /// a run long enough for the hardware prefetcher to stream (groups of 16, one cache line each,
  /// left it waiting on memory at every group).
  @inlinable
  internal static var staggerGroupSize: Int { 256 }

  /// The fewest entities of a type for which a stagger goes by groups in storage rather than
  /// by identity: a type big enough for its columns' reads to decide its speed.
  @inlinable
  internal static var groupStaggerMinimum: Int { 4096 }

  /// Runs `body` on the entities due on `tick` of a stagger of `interval` ticks (at least 1),
  /// in storage order, and keeps what it changes (only the words it changed): for work each
  /// entity does once every few ticks.
  ///
  /// In a type of fewer than `groupStaggerMinimum` entities, an entity is due when `tick` plus
  /// its identity is a multiple of `interval`, so its few entities take turns on different
  /// ticks. In a bigger one, groups of 256 neighbours in storage take turns (see
  /// `updateEach(inGroupsStaggeredBy:on:_:)`): a stagger by identity would read every entity's
  /// columns each tick to find the due ones, which in a big type cost as much as the work.
  /// - Complexity: O(n), and O(n / interval) in a big type.
  @_transparent @usableFromInline
  internal mutating func updateEach(
    staggeredBy interval: UInt64, on tick: UInt64, _ body: (inout Entity, Int) -> Void
  ) {
    if interval <= 1 {
      updateEach(body)
    } else if tableCount >= Self.groupStaggerMinimum {
      updateEach(inGroupsStaggeredBy: interval, on: tick, body)
    } else {
      updateEach(where: { $0.isDue(every: interval, on: tick) }, body)
    }
  }

  /// Runs `body` on the entities of the groups due on `tick` of a stagger of `interval` ticks
  /// (at least 1), and keeps what it changes (only the words it changed).
  ///
  /// The entities are taken in groups of 256 neighbours in storage (a kilobyte of each
  /// column), and the group at position `p` is due when `p / 256 + tick` is a multiple of
  /// `interval`, so a tick reads the columns of the due groups only. An entity that moves in
  /// storage (the world's spatial sort, a removal) may wait more or fewer ticks for its next
  /// turn.
  /// - Complexity: O(n / interval).
  @_transparent @usableFromInline
  internal mutating func updateEach(
    inGroupsStaggeredBy interval: UInt64, on tick: UInt64, _ body: (inout Entity, Int) -> Void
  ) {
    guard EntityScratch.fits(Entity.self) else {
      return withLargeScratch { scratch, original in
        for group in dueGroups(every: interval, on: tick) {
          for index in group {
            let entity = words + index
            take(entity, into: scratch, keeping: original, .changedWords)
            body(&scratch.assumingMemoryBound(to: Entity.self).pointee, index)
            put(scratch, into: entity, original: original, .changedWords)
          }
        }
      }
    }
    var scratch = EntityScratch()
    var original = EntityScratch()
    for group in dueGroups(every: interval, on: tick) {
      for index in group {
        let entity = words + index
        take(entity, into: &scratch, keeping: &original, .changedWords)
        withUnsafeMutablePointer(to: &scratch) { scratch in
          body(
            &UnsafeMutableRawPointer(scratch).assumingMemoryBound(to: Entity.self).pointee, index)
        }
        put(&scratch, into: entity, original: &original, .changedWords)
      }
    }
  }

  /// The positions of every group due on `tick` of a stagger of `interval` ticks, in storage
  /// order.
  @inlinable
  internal func dueGroups(every interval: UInt64, on tick: UInt64) -> DueGroups {
    DueGroups(indices: indices, interval: interval, tick: tick, size: Self.staggerGroupSize)
  }
}

/// The groups of a pool's entities due on one tick of a stagger: each a run of up to `size`
/// positions that starts at a multiple of `size`, due when its number plus the tick is a
/// multiple of the interval.
///
/// A sequence rather than a loop that takes a closure, so that the work on each entity is
/// written inside the caller's loop, where the compiler always inlines it. It steps from one
/// due group straight to the next, `interval` groups on.
@usableFromInline
internal struct DueGroups: Sequence, IteratorProtocol {
  /// The number of the next due group.
  @usableFromInline var group: Int
  @usableFromInline let indices: Range<Int>
  @usableFromInline let interval: Int
  @usableFromInline let size: Int

  @inlinable
  init(indices: Range<Int>, interval: UInt64, tick: UInt64, size: Int) {
    let first = indices.lowerBound / size
    // The first group from `first` on whose number plus the tick is a multiple of the
    // interval.
    let wait = (interval &- (UInt64(first) &+ tick) % interval) % interval
    group = first + Int(wait)
    self.indices = indices
    self.interval = Int(interval)
    self.size = size
  }

  @inlinable
  mutating func next() -> Range<Int>? {
    let start = Swift.max(group * size, indices.lowerBound)
    guard start < indices.upperBound else { return nil }
    let end = Swift.min((group + 1) * size, indices.upperBound)
    group += interval
    return start..<end
  }
}
