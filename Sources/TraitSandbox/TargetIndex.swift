import Frames

/// Every entity with health, as it stood at the start of the tick, in a uniform grid so that
/// "nearest enemy within range" costs a few cells instead of a scan of the world.
///
/// Rebuilt in the `index` phase of every tick; damage dealt during the tick accumulates here and
/// is applied in the `resolve` phase.
public struct TargetIndex: Sendable {
  /// For each faction, a bit per faction it is hostile to: a query walks the set bits, which
  /// costs no array traffic in the hot loop.
  @usableFromInline internal let enemyMasks: [UInt64]
  /// The number of factions, and so of bucket sets in the grid.
  ///
  /// Not stored: the trait systems copy the tick's context, this index in it, for each query
  /// they make, and one more word here turned that copy into a call to `memcpy` (2 % more
  /// instructions in a swarm of 100,000, `valgrind --tool=callgrind`).
  @inlinable internal var factionCount: Int { enemyMasks.count }
  /// The entries, in the order the health system indexed them: the first `count` of them.
  ///
  /// This buffer and the others below keep their length from tick to tick, and only grow:
  /// filling a buffer before writing it would be a pass over a big battle's index that one
  /// thread makes alone. What lies past the live part is stale and never read.
  @usableFromInline internal var entries: ContiguousArray<Target> = []
  /// The damage dealt to each entry by the systems that have finished this tick.
  @usableFromInline internal var damage: ContiguousArray<Float> = []
  /// The number of entries indexed this tick.
  @usableFromInline internal var entryCount = 0
  /// Damage dealt by the running system (or chunk), in the order dealt; the world adds it to
  /// `damage` when the system finishes, in the order one thread would have dealt it.
  @usableFromInline internal var pendingDamage: ContiguousArray<DamageRecord> = []

  /// The grid's cells (without factions), as of the last `buildGrid`.
  @usableFromInline internal var grid = SpatialGrid(cellSize: 64, columns: 1, rows: 1)
  /// Where each (faction, cell) bucket starts in `cellBodies`: faction 0's cells first, then
  /// faction 1's, and so on, so a query for enemies reads only enemy buckets.
  @usableFromInline internal var cellStart: [Int32] = [0, 0, 0]
  /// What a query reads of each grid entry, in cell order: 16 bytes each, so a scan reads
  /// contiguous memory and a big battle's grid stays in the caches.
  @usableFromInline internal var cellBodies: ContiguousArray<CellBody> = []
  /// Scratch for `buildGrid`.
  internal var gridScratch = GridScratch.placeholder
  /// The largest body in the grid: how far past its reach a query must look.
  @usableFromInline internal var largestRadius: Float = 0
  /// Entries whose bodies are large for the grid (a building among small units), kept out of
  /// it so they do not widen every query's search; each query checks them one by one.
  @usableFromInline internal var largeBodies: [LargeBody] = []
  /// For each faction and block of `1 << blockShift` cells a side (faction 0's blocks first,
  /// row-major), how many blocks away the nearest block holding a grid body hostile to that
  /// faction is, counting diagonal steps as one, up to 250; empty for a few dozen entries, a
  /// grid much larger than its entries, or one with no block two away from every enemy. A
  /// query whose reach cannot span that gap finds nothing in the grid without visiting a cell:
  /// most queries while armies march.
  @usableFromInline internal var blockDistances: [UInt8] = []
  /// The buffer of the last distances measured, while `blockDistances` is empty.
  internal var spareBlockDistances: [UInt8] = []

  /// Creates an empty index for a world's factions; only the world builds one, so every index
  /// has its grid.
  internal init(hostility: Hostility) {
    enemyMasks = hostility.enemyMasks
  }

  /// The number of entries.
  @inlinable
  public var count: Int { entryCount }

  /// The entry `target` refers to.
  @inlinable
  public subscript(target: TargetRef) -> Target { entries[target.index] }

  /// The damage dealt to an entry this tick by the systems that have finished.
  @inlinable
  public func damage(to target: TargetRef) -> Float { damage[target.index] }

  internal mutating func removeAll() {
    entryCount = 0
    pendingDamage.removeAll(keepingCapacity: true)
  }

  /// Adds the running system's damage to the entries, in the order it was dealt.
  internal mutating func applyPendingDamage() {
    guard !pendingDamage.isEmpty else { return }
    for record in pendingDamage { damage[Int(record.target)] += record.amount }
    pendingDamage.removeAll(keepingCapacity: true)
  }

  /// Adds an entry; the health system calls this for every living entity in the index phase.
  @inlinable
  internal mutating func insert(
    id: AnyEntityID, faction: Faction, position: Vector2, radius: Float
  ) {
    // A negative radius (only damaged data has one) is a point: reach is never negative.
    let entry = Target(id: id, faction: faction, position: position, radius: max(radius, 0))
    if entryCount < entries.count {
      entries[entryCount] = entry
      damage[entryCount] = 0
    } else {
      entries.append(entry)
      damage.append(0)
    }
    entryCount += 1
  }

  /// Adds an entry for every entity of `pool`, in order. On one thread they are written now;
  /// on several they are reserved, to be written from the pool by `writePendingEntries`: the
  /// world writes every type's in one parallel step once the system that reserved them is
  /// done, instead of a step, and a barrier, per type. The entries are the same, in the same
  /// order, for any thread count.
  ///
  /// - Complexity: O(n) in the pool's entities; O(1) now, on several threads.
  @inlinable
  internal mutating func insertAll<Entity: HealthTrait>(
    from pool: EntityPool<Entity>, threads: Int
  ) {
    let count = pool.count
    guard count > 0 else { return }
    let start = entryCount
    let end = start + count
    if entries.count < end {
      entries.append(
        contentsOf: repeatElement(
          Target(id: AnyEntityID(rawValue: 0), faction: Faction(0), position: .zero, radius: 0),
          count: end - entries.count))
      damage.append(contentsOf: repeatElement(0, count: end - damage.count))
    }
    entryCount = end
    let columns = PoolColumns(
      words: pool.words, stride: pool.stride, first: pool.indices.lowerBound)
    guard threads > 1 else {
      entries.withUnsafeMutableBufferPointer { entries in
        damage.withUnsafeMutableBufferPointer { damage in
          Self.writeEntries(
            of: Entity.self, from: columns, range: 0..<count, at: start,
            entries: entries.baseAddress.unsafelyUnwrapped,
            damage: damage.baseAddress.unsafelyUnwrapped)
        }
      }
      return
    }
    addPendingEntries(
      EntryFill(base: start, count: count) { range, entries, damage in
        Self.writeEntries(
          of: Entity.self, from: columns, range: range, at: start, entries: entries,
          damage: damage)
      })
  }

  /// Writes the entries of the entities `range` (counted from the pool's first) of a pool
  /// whose entries start at `base`, and clears their damage.
  @inlinable @inline(__always)
  internal static func writeEntries<Entity: HealthTrait>(
    of type: Entity.Type, from columns: PoolColumns, range: Range<Int>, at base: Int,
    entries: UnsafeMutablePointer<Target>, damage: UnsafeMutablePointer<Float>
  ) {
    (damage + base + range.lowerBound).update(repeating: 0, count: range.count)
    let first = columns.first
    let slice = EntityPool<Entity>(
      words: columns.words, stride: columns.stride,
      indices: (first + range.lowerBound)..<(first + range.upperBound),
      targetBase: 0, indexedTick: 0)
    // The entry of the entity at `index` in the pool's storage.
    let entries = entries + base - first
    @inline(__always) func enter(_ entity: Entity, _ index: Int) {
      (entries + index).pointee = Target(
        id: entity.id.erased, faction: entity.faction, position: entity.position,
        radius: max(entity.health.radius, 0))
    }
    slice.forEach(enter)
  }

  /// Deals damage to an entry; it is taken in the resolve phase.
  @inlinable
  public mutating func addDamage(_ amount: Float, to target: TargetRef) {
    pendingDamage.append(DamageRecord(target: Int32(target.index), amount: amount))
  }
}

/// Damage dealt to one target-index entry, waiting to be added up.
@usableFromInline
struct DamageRecord: Sendable {
  @usableFromInline var target: Int32
  @usableFromInline var amount: Float

  @usableFromInline
  init(target: Int32, amount: Float) {
    self.target = target
    self.amount = amount
  }
}

/// Where a pool's columns are, for the entries written from them once the system that
/// reserved them is done (no entity moves in between).
@usableFromInline
internal struct PoolColumns: @unchecked Sendable {
  @usableFromInline let words: UnsafeMutablePointer<UInt32>
  @usableFromInline let stride: Int
  /// The pool's first entity in its storage.
  @usableFromInline let first: Int

  @usableFromInline
  init(words: UnsafeMutablePointer<UInt32>, stride: Int, first: Int) {
    self.words = words
    self.stride = stride
    self.first = first
  }
}

/// Entries of the target index reserved for one pool and not yet written: entries `base`
/// through `base + count - 1`, written by `write` a range of the pool's entities at a time.
@usableFromInline
internal struct EntryFill: @unchecked Sendable {
  @usableFromInline let base: Int
  @usableFromInline let count: Int
  /// Writes the entries of the pool's entities `range` (from the pool's first) given the
  /// index's first entry and first damage, and clears their damage.
  @usableFromInline let write:
    (
      _ range: Range<Int>, _ entries: UnsafeMutablePointer<Target>,
      _ damage: UnsafeMutablePointer<Float>
    ) -> Void

  @usableFromInline
  init(
    base: Int, count: Int,
    write: @escaping (Range<Int>, UnsafeMutablePointer<Target>, UnsafeMutablePointer<Float>) -> Void
  ) {
    self.base = base
    self.count = count
    self.write = write
  }
}

/// The entries reserved and not yet written, with the index's buffers to write them into.
struct EntryWriter: @unchecked Sendable {
  let fills: [EntryFill]
  let entries: UnsafeMutablePointer<Target>
  let damage: UnsafeMutablePointer<Float>

  /// Writes the entries of `items` (indices in the index) that are waiting, and clears their
  /// damage.
  /// - Complexity: O(items + fills).
  func write(_ items: Range<Int>) {
    for fill in fills
    where fill.base < items.upperBound && fill.base + fill.count > items.lowerBound {
      let lower = max(items.lowerBound, fill.base) - fill.base
      let upper = min(items.upperBound, fill.base + fill.count) - fill.base
      fill.write(lower..<upper, entries, damage)
    }
  }
}

extension TargetIndex {
  /// Keeps entries reserved by `insertAll` to be written later.
  @usableFromInline
  internal mutating func addPendingEntries(_ fill: EntryFill) {
    // Kept in the index's own scratch: never in the shared placeholder, nor one a copy holds.
    if !isKnownUniquelyReferenced(&gridScratch) { gridScratch = GridScratch() }
    gridScratch.pendingFills.append(fill)
  }

  /// The entries a thread writes at a time, in `writePendingEntries`.
  static let entriesPerPiece = 8_192

  /// Whether entries are reserved and not yet written.
  internal var hasPendingEntries: Bool { !gridScratch.pendingFills.isEmpty }

  /// Writes the entries reserved and not yet written, every type's in one parallel step on
  /// up to `threads` threads.
  ///
  /// - Complexity: O(n) in the entries waiting.
  internal mutating func writePendingEntries(threads: Int) {
    // The placeholder scratch never holds any, and is never written.
    guard let firstFill = gridScratch.pendingFills.first,
      let lastFill = gridScratch.pendingFills.last
    else { return }
    let first = firstFill.base
    let end = lastFill.base + lastFill.count
    entries.withUnsafeMutableBufferPointer { entries in
      damage.withUnsafeMutableBufferPointer { damage in
        let writer = EntryWriter(
          fills: gridScratch.pendingFills, entries: entries.baseAddress.unsafelyUnwrapped,
          damage: damage.baseAddress.unsafelyUnwrapped)
        // Pieces of 8,192 entries, taken in turn by as many threads as the entries are worth.
        let pieces = Parts(count: end - first, atMostPerPart: Self.entriesPerPiece)
        let threads = Parts(count: end - first, threads: threads).count
        pieces.forEach(threads: threads) { piece in
          let range = pieces.range(of: piece)
          writer.write((first + range.lowerBound)..<(first + range.upperBound))
        }
      }
    }
    // Emptied once no copy of the list is left, so that it keeps its buffer.
    gridScratch.pendingFills.removeAll(keepingCapacity: true)
  }
}
