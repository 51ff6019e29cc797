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

  /// Adds an entry for every entity of `pool`, in order; a big pool is split into one range
  /// per thread, each written in place, so the entries are the same for any thread count.
  ///
  /// - Complexity: O(n) in the pool's entities.
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
    // Reading a big pool is what costs: two threads read it at twice the speed.
    let parts = Parts(count: count, threads: threads)
    entries.withUnsafeMutableBufferPointer { entries in
      damage.withUnsafeMutableBufferPointer { damage in
        let shared = IndexingBuffers(
          words: pool.words, stride: pool.stride, first: pool.indices.lowerBound,
          entries: entries.baseAddress.unsafelyUnwrapped + start,
          damage: damage.baseAddress.unsafelyUnwrapped + start)
        parts.forEach { part in
          let range = parts.range(of: part)
          (shared.damage + range.lowerBound).update(repeating: 0, count: range.count)
          let slice = EntityPool<Entity>(
            words: shared.words, stride: shared.stride,
            indices: (shared.first + range.lowerBound)..<(shared.first + range.upperBound),
            targetBase: 0, indexedTick: 0)
          let entries = shared.entries - shared.first
          @inline(__always) func enter(_ entity: Entity, _ index: Int) {
            (entries + index).pointee = Target(
              id: entity.id.erased, faction: entity.faction, position: entity.position,
              radius: max(entity.health.radius, 0))
          }
          slice.forEach(enter)
        }
      }
    }
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

/// A pool's columns and the target entries being written for them, shared by the threads of
/// `insertAll`, each of which reads and writes only its own range.
@usableFromInline
internal struct IndexingBuffers: @unchecked Sendable {
  @usableFromInline let words: UnsafeMutablePointer<UInt32>
  @usableFromInline let stride: Int
  @usableFromInline let first: Int
  @usableFromInline let entries: UnsafeMutablePointer<Target>
  @usableFromInline let damage: UnsafeMutablePointer<Float>

  @usableFromInline
  init(
    words: UnsafeMutablePointer<UInt32>, stride: Int, first: Int,
    entries: UnsafeMutablePointer<Target>, damage: UnsafeMutablePointer<Float>
  ) {
    self.words = words
    self.stride = stride
    self.first = first
    self.entries = entries
    self.damage = damage
  }
}
