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
        for block in blocks {
          for offset in 0..<block.count {
            let entity = block.first + offset
            take(entity, into: scratch, keeping: original, .changedWords)
            // Not chosen, the entity's words stay in its columns as they were.
            guard isChosen(scratch.assumingMemoryBound(to: Entity.self).pointee) else {
              continue
            }
            body(&scratch.assumingMemoryBound(to: Entity.self).pointee, block.start + offset)
            put(scratch, into: entity, original: original, .changedWords)
          }
        }
      }
    }
    // The choice reads its own copy, so that the rest of the entity is loaded inside the
    // branch, for the chosen entities alone.
    var peek = EntityScratch()
    var scratch = EntityScratch()
    var original = EntityScratch()
    for block in blocks {
      for offset in 0..<block.count {
        let entity = block.first + offset
        Columns.gather(from: entity, into: &peek)
        let chosen = withUnsafePointer(to: &peek) { peek in
          isChosen(UnsafeRawPointer(peek).assumingMemoryBound(to: Entity.self).pointee)
        }
        guard chosen else { continue }
        take(entity, into: &scratch, keeping: &original, .changedWords)
        withUnsafeMutablePointer(to: &scratch) { scratch in
          body(
            &UnsafeMutableRawPointer(scratch).assumingMemoryBound(to: Entity.self).pointee,
            block.start + offset)
        }
        put(&scratch, into: entity, original: &original, .changedWords)
      }
    }
  }

  /// Entities in a stagger group of `updateEach(staggeredBy:on:_:)`: 64 bytes of a column.
  @inlinable
  internal static var staggerGroupSize: Int { 16 }

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
  /// ticks. In a bigger one, groups of 16 neighbours in storage take turns (see
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
      updateEach(where: { (tick &+ $0.id.rawValue) % interval == 0 }, body)
    }
  }

  /// Runs `body` on the entities of the groups due on `tick` of a stagger of `interval` ticks
  /// (at least 1), and keeps what it changes (only the words it changed).
  ///
  /// The entities are taken in groups of 16 neighbours in storage (64 bytes of each column),
  /// and the group at position `p` is due when `p / 16 + tick` is a multiple of `interval`, so
  /// a tick reads the columns of the due groups only. An entity that moves in storage (the
  /// world's spatial sort, a removal) may wait more or fewer ticks for its next turn.
  /// - Complexity: O(n / interval).
  @_transparent @usableFromInline
  internal mutating func updateEach(
    inGroupsStaggeredBy interval: UInt64, on tick: UInt64, _ body: (inout Entity, Int) -> Void
  ) {
    guard EntityScratch.fits(Entity.self) else {
      return withLargeScratch { scratch, original in
        forEachDueGroup(every: interval, on: tick) { block, group in
          for due in group {
            let entity = block.first + due
            take(entity, into: scratch, keeping: original, .changedWords)
            body(&scratch.assumingMemoryBound(to: Entity.self).pointee, block.start + due)
            put(scratch, into: entity, original: original, .changedWords)
          }
        }
      }
    }
    var scratch = EntityScratch()
    var original = EntityScratch()
    forEachDueGroup(every: interval, on: tick) { block, group in
      for due in group {
        let entity = block.first + due
        take(entity, into: &scratch, keeping: &original, .changedWords)
        withUnsafeMutablePointer(to: &scratch) { scratch in
          body(
            &UnsafeMutableRawPointer(scratch).assumingMemoryBound(to: Entity.self).pointee,
            block.start + due)
        }
        put(&scratch, into: entity, original: &original, .changedWords)
      }
    }
  }

  /// Calls `visit` with each block and the offsets in it of every group due on `tick` of a
  /// stagger of `interval` ticks, in storage order.
  @_transparent @usableFromInline
  internal func forEachDueGroup(
    every interval: UInt64, on tick: UInt64,
    _ visit: (PoolBlocks<Entity>.Block, Range<Int>) -> Void
  ) {
    let groupSize = Self.staggerGroupSize
    for block in blocks {
      var offset = 0
      while offset < block.count {
        let position = block.start + offset
        let end = Swift.min(block.count, offset + groupSize - (position & (groupSize - 1)))
        if (UInt64(position / groupSize) &+ tick) % interval == 0 { visit(block, offset..<end) }
        offset = end
      }
    }
  }
}
