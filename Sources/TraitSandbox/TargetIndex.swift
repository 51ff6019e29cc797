import Dispatch
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
  @usableFromInline internal let factionCount: Int
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
  /// Scratch for `buildGrid`: each part's count, then cursor, per bucket.
  @usableFromInline internal var cursorScratch: [Int32] = []
  /// Scratch for `buildGrid`: what each part found.
  @usableFromInline internal var partScratch: [PartTotals] = []
  /// The largest body in the grid: how far past its reach a query must look.
  @usableFromInline internal var largestRadius: Float = 0
  /// Entries whose bodies are large for the grid (castles among small monsters), kept out of
  /// it so they do not widen every query's search; each query checks them one by one.
  @usableFromInline internal var largeBodies: [LargeBody] = []

  /// Creates an empty index for a world's factions; only the world builds one, so every index
  /// has its grid.
  internal init(hostility: Hostility) {
    factionCount = hostility.factionCount
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
          words: pool.words, first: pool.indices.lowerBound,
          entries: entries.baseAddress.unsafelyUnwrapped + start,
          damage: damage.baseAddress.unsafelyUnwrapped + start)
        parts.forEach { part in
          let range = parts.range(of: part)
          (shared.damage + range.lowerBound).update(repeating: 0, count: range.count)
          let slice = EntityPool<Entity>(
            words: shared.words,
            indices: (shared.first + range.lowerBound)..<(shared.first + range.upperBound),
            targetBase: 0, indexedTick: 0)
          let entries = shared.entries - shared.first
          slice.forEach { entity, index in
            (entries + index).pointee = Target(
              id: entity.id.erased, faction: entity.faction, position: entity.position,
              radius: max(entity.health.radius, 0))
          }
        }
      }
    }
  }

  /// Deals damage to an entry; it is taken in the resolve phase.
  @inlinable
  public mutating func addDamage(_ amount: Float, to target: TargetRef) {
    pendingDamage.append(DamageRecord(target: Int32(target.index), amount: amount))
  }

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
    var largeRadius = grid.cellSize / 4
    split.countBuckets(of: entries, threshold: largeRadius, into: &counts, totals: &totals)
    var largeCount = totals.reduce(0) { $0 + $1.largeCount }
    if largeCount > Self.maximumLargeItems {
      // Every query checks each large body: keep only the largest few out of the grid.
      let radii = entries[..<count].lazy.map(\.radius).filter { $0 > largeRadius }.sorted(
        by: >)
      // Entries with exactly the threshold's radius stay in the grid.
      largeRadius = radii[Self.maximumLargeItems]
      split.countBuckets(of: entries, threshold: largeRadius, into: &counts, totals: &totals)
      largeCount = totals.reduce(0) { $0 + $1.largeCount }
    }

    // Each part's counts become its cursors: bucket by bucket, part after part.
    var starts = cellStart
    cellStart = []
    if starts.count < split.bucketCount + 1 {
      starts.append(contentsOf: repeatElement(0, count: split.bucketCount + 1 - starts.count))
    }
    var running: Int32 = 0
    starts.withUnsafeMutableBufferPointer { starts in
      counts.withUnsafeMutableBufferPointer { counts in
        for bucket in 0..<split.bucketCount {
          starts[bucket] = running
          var slot = bucket
          for _ in 0..<parts.count {
            let count = counts[slot]
            counts[slot] = running
            running += count
            slot += split.bucketCount
          }
        }
      }
      starts[split.bucketCount] = running
    }
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

  /// The nearest enemy of `faction` whose body lies within `reach` of `point`, if any.
  ///
  /// A short reach (a melee strike) scans the few cells it covers row by row; a long one (a
  /// gun) searches rings of cells outward from the point's cell and stops as soon as no
  /// unvisited cell can hold anything nearer. The few large bodies kept out of the grid are
  /// checked last. Ties go to the smaller identity, so the answer depends neither on the order
  /// cells are visited nor on the order entities were indexed.
  /// - Complexity: O(entries in the cells between the point and its nearest enemy), at most
  ///   O(entries in the cells the reach covers), plus O(large bodies), of which there are at
  ///   most `maximumLargeItems`.
  @inlinable
  public func nearestEnemy(
    of faction: Faction, near point: Vector2, within reach: Float
  ) -> TargetRef? {
    // A negative reach (only damaged data has one) reaches nothing.
    guard count > 0, reach >= 0 else { return nil }
    let enemies = enemyMasks[faction.index]
    guard enemies != 0 else { return nil }
    let best = cellStart.withUnsafeBufferPointer { starts in
      cellBodies.withUnsafeBufferPointer { bodies in
        entries.withUnsafeBufferPointer { entries in
          nearestEnemy(
            enemies: enemies, near: point, within: reach, starts: starts, bodies: bodies,
            entries: entries)
        }
      }
    }
    return best >= 0 ? TargetRef(index: best) : nil
  }

  /// `nearestEnemy(of:near:within:)` on the index's buffers: the item found, or -1.
  @inlinable
  internal func nearestEnemy(
    enemies: UInt64, near point: Vector2, within reach: Float,
    starts: UnsafeBufferPointer<Int32>, bodies: UnsafeBufferPointer<CellBody>,
    entries: UnsafeBufferPointer<Target>
  ) -> Int {
    let (firstColumn, lastColumn, firstRow, lastRow) = searchBox(around: point, reach: reach)
    var best = -1
    var bestDistance = Float.infinity

    @inline(__always)
    func consider(x: Float, y: Float, radius: Float, item: Int) {
      let limit = reach + radius
      let dx = x - point.x
      let dy = y - point.y
      let distance = dx * dx + dy * dy
      // Out of reach counts as infinitely far: one comparison decides, and it is mostly
      // false, which a branch predictor learns.
      let candidate = distance <= limit * limit ? distance : Float.infinity
      if candidate < bestDistance {
        best = item
        bestDistance = candidate
      } else if candidate == bestDistance && candidate < .infinity {
        // Identities are read only to break exact ties, which are rare: reading one for every
        // new best would cost a cache miss per query in a big battle.
        if entries[item].id < entries[best].id { best = item }
      }
    }

    @inline(__always)
    func visit(row: Int, from first: Int, through last: Int) {
      _ = scan(row: row, from: first, through: last, of: enemies, starts: starts, bodies: bodies) {
        body in
        consider(x: body.x, y: body.y, radius: body.radius, item: Int(body.item))
        return false
      }
    }

    // A small search box (a melee reach) is scanned whole, row by row: each row of a
    // faction's cells is one contiguous range. Rings pay off only for long reaches.
    if (lastColumn - firstColumn + 1) * (lastRow - firstRow + 1) <= 9 {
      for row in firstRow...lastRow { visit(row: row, from: firstColumn, through: lastColumn) }
    } else {
      let centreColumn = column(of: point.x)
      let centreRow = row(of: point.y)
      let rings = max(
        centreColumn - firstColumn, lastColumn - centreColumn, centreRow - firstRow,
        lastRow - centreRow)
      for ring in 0...rings {
        let top = centreRow - ring
        let bottom = centreRow + ring
        let left = max(centreColumn - ring, firstColumn)
        let right = min(centreColumn + ring, lastColumn)
        if top >= firstRow { visit(row: top, from: left, through: right) }
        if ring > 0 && bottom <= lastRow { visit(row: bottom, from: left, through: right) }
        if ring > 0 {
          let innerTop = max(top + 1, firstRow)
          let innerBottom = min(bottom - 1, lastRow)
          if innerTop <= innerBottom {
            for row in innerTop...innerBottom {
              if centreColumn - ring >= firstColumn {
                visit(row: row, from: centreColumn - ring, through: centreColumn - ring)
              }
              if centreColumn + ring <= lastColumn {
                visit(row: row, from: centreColumn + ring, through: centreColumn + ring)
              }
            }
          }
        }
        // Every cell of the next ring lies at least `ring` whole cells from the point.
        let nextRingDistance = Float(ring) * grid.cellSize
        if best >= 0 && bestDistance < nextRingDistance * nextRingDistance { break }
      }
    }
    for large in largeBodies where enemies & (UInt64(1) << UInt64(large.faction.index)) != 0 {
      consider(
        x: large.body.x, y: large.body.y, radius: large.body.radius, item: Int(large.body.item))
    }
    return best
  }

  /// Whether any enemy of `faction` has its body within `reach` of `point`: exactly when
  /// `nearestEnemy(of:near:within:)` finds one, at the cost of stopping at the first.
  ///
  /// Something that only needs to know whether it is in a fight (a fighter recovering from a
  /// strike, a gun reloading) asks this instead; the cells are visited nearest first.
  /// - Complexity: O(entries in the cells between the point and the first enemy found), at
  ///   most O(entries in the cells the reach covers), plus O(large bodies).
  @inlinable
  public func hasEnemy(of faction: Faction, near point: Vector2, within reach: Float) -> Bool {
    // A negative reach (only damaged data has one) reaches nothing.
    guard count > 0, reach >= 0 else { return false }
    let enemies = enemyMasks[faction.index]
    guard enemies != 0 else { return false }
    return cellStart.withUnsafeBufferPointer { starts in
      cellBodies.withUnsafeBufferPointer { bodies in
        hasEnemy(enemies: enemies, near: point, within: reach, starts: starts, bodies: bodies)
      }
    }
  }

  /// `hasEnemy(of:near:within:)` on the index's buffers.
  @inlinable
  internal func hasEnemy(
    enemies: UInt64, near point: Vector2, within reach: Float,
    starts: UnsafeBufferPointer<Int32>, bodies: UnsafeBufferPointer<CellBody>
  ) -> Bool {
    @inline(__always)
    func isWithinReach(_ body: CellBody) -> Bool {
      // The same arithmetic as `nearestEnemy`, so the two never disagree at the edge.
      let limit = reach + body.radius
      let dx = body.x - point.x
      let dy = body.y - point.y
      return dx * dx + dy * dy <= limit * limit
    }

    @inline(__always)
    func visit(row: Int, from first: Int, through last: Int) -> Bool {
      scan(
        row: row, from: first, through: last, of: enemies, starts: starts, bodies: bodies,
        until: isWithinReach)
    }

    // The point's own cell first: most fights are close, and most answers are found there.
    let centreColumn = column(of: point.x)
    let centreRow = row(of: point.y)
    if visit(row: centreRow, from: centreColumn, through: centreColumn) { return true }
    // Then the rest of the reach, the point's row first and the rows above and below it
    // nearest first (the point's cell is read again, which costs only a miss).
    let (firstColumn, lastColumn, firstRow, lastRow) = searchBox(around: point, reach: reach)
    if visit(row: centreRow, from: firstColumn, through: lastColumn) { return true }
    var offset = 1
    while centreRow - offset >= firstRow || centreRow + offset <= lastRow {
      if centreRow - offset >= firstRow,
        visit(row: centreRow - offset, from: firstColumn, through: lastColumn)
      {
        return true
      }
      if centreRow + offset <= lastRow,
        visit(row: centreRow + offset, from: firstColumn, through: lastColumn)
      {
        return true
      }
      offset += 1
    }
    for large in largeBodies
    where enemies & (UInt64(1) << UInt64(large.faction.index)) != 0 && isWithinReach(large.body) {
      return true
    }
    return false
  }

  /// The push that keeps a body of `radius` at `point` apart from the grid bodies of `faction`
  /// (of every faction if `nil`) it overlaps, `own` (its own entry) excepted: for each, the
  /// direction away from it scaled by how deep the overlap is (1 when the centres meet, 0 when
  /// the bodies touch).
  ///
  /// Bodies whose centres meet exactly are pushed apart along x, the later entry to the right,
  /// so even a stack of units spawned on one spot spreads, the same way in every run.
  /// - Complexity: O(bodies in the cells the circle covers).
  @inlinable
  public func separation(
    at point: Vector2, radius: Float, excluding own: TargetRef?, among faction: Faction? = nil
  ) -> Vector2 {
    guard count > 0, radius > 0 else { return .zero }
    let everyone: UInt64 =
      if let faction {
        faction.index < factionCount ? UInt64(1) << UInt64(faction.index) : 0
      } else {
        factionCount >= 64 ? .max : (UInt64(1) << UInt64(factionCount)) - 1
      }
    guard everyone != 0 else { return .zero }
    let ownItem = Int32(truncatingIfNeeded: own?.index ?? -1)
    var push = Vector2.zero
    let (firstColumn, lastColumn, firstRow, lastRow) = searchBox(around: point, reach: radius)
    cellStart.withUnsafeBufferPointer { starts in
      cellBodies.withUnsafeBufferPointer { bodies in
        var row = firstRow
        while row <= lastRow {
          _ = scan(
            row: row, from: firstColumn, through: lastColumn, of: everyone, starts: starts,
            bodies: bodies
          ) { body in
            guard body.item != ownItem else { return false }
            let dx = point.x - body.x
            let dy = point.y - body.y
            let reach = radius + body.radius
            let distanceSquared = dx * dx + dy * dy
            guard distanceSquared < reach * reach else { return false }
            if distanceSquared > 0 {
              let distance = distanceSquared.squareRoot()
              let depth = (reach - distance) / (reach * distance)
              push.x += dx * depth
              push.y += dy * depth
            } else {
              push.x += ownItem > body.item ? 1 : -1
            }
            return false
          }
          row += 1
        }
      }
    }
    return push
  }

  /// Calls `body` with every grid body of the factions in `enemies` (a bit per faction) in
  /// cells `first...last` of `row`, faction by faction, until it returns `true`; returns
  /// whether it did.
  @inlinable @inline(__always)
  internal func scan(
    row: Int, from first: Int, through last: Int, of enemies: UInt64,
    starts: UnsafeBufferPointer<Int32>, bodies: UnsafeBufferPointer<CellBody>,
    until body: (CellBody) -> Bool
  ) -> Bool {
    var remaining = enemies
    while remaining != 0 {
      let enemy = remaining.trailingZeroBitCount
      remaining &= remaining &- 1
      let rowBase = enemy * grid.cellCount + row * grid.columns
      let start = Int(starts[rowBase + first])
      let end = Int(starts[rowBase + last + 1])
      for slot in start..<end where body(bodies[slot]) { return true }
    }
    return false
  }

  /// Deals `amount` to every enemy of `faction` whose body lies within `radius` of `point`.
  ///
  /// - Returns: How many entries were hit.
  @inlinable
  @discardableResult
  public mutating func damageEnemies(
    of faction: Faction, around point: Vector2, radius: Float, amount: Float
  ) -> Int {
    // A negative radius (only damaged data has one) reaches nothing.
    guard count > 0, radius >= 0 else { return 0 }
    let enemies = enemyMasks[faction.index]
    // Taken out while the grid is read, so appending never copies it.
    var records = pendingDamage
    pendingDamage = []
    let before = records.count
    let (firstColumn, lastColumn, firstRow, lastRow) = searchBox(around: point, reach: radius)
    cellStart.withUnsafeBufferPointer { starts in
      cellBodies.withUnsafeBufferPointer { bodies in
        for row in firstRow...lastRow {
          _ = scan(
            row: row, from: firstColumn, through: lastColumn, of: enemies, starts: starts,
            bodies: bodies
          ) { body in
            let limit = radius + body.radius
            if point.distanceSquared(to: Vector2(body.x, body.y)) <= limit * limit {
              records.append(DamageRecord(target: body.item, amount: amount))
            }
            return false
          }
        }
      }
    }
    for large in largeBodies where enemies & (UInt64(1) << UInt64(large.faction.index)) != 0 {
      let limit = radius + large.body.radius
      if point.distanceSquared(to: Vector2(large.body.x, large.body.y)) <= limit * limit {
        records.append(DamageRecord(target: large.body.item, amount: amount))
      }
    }
    let hits = records.count - before
    pendingDamage = records
    return hits
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
    entry.faction.index * grid.cellCount + Int(grid.cell(of: entry.position))
  }

  /// Counts each part's grid entries per bucket, and its large bodies.
  func countBuckets(
    of entries: ContiguousArray<Target>, threshold: Float, into counts: inout [Int32],
    totals: inout [PartTotals]
  ) {
    if counts.count < parts.count * bucketCount {
      counts.append(
        contentsOf: repeatElement(0, count: parts.count * bucketCount - counts.count))
    }
    entries.withUnsafeBufferPointer { entries in
      counts.withUnsafeMutableBufferPointer { counts in
        totals.withUnsafeMutableBufferPointer { totals in
          let shared = SharedBuffers(entries: entries, counts: counts, totals: totals)
          parts.forEach { part in
            let counts = shared.counts(of: part, bucketCount: bucketCount)
            // Each part clears its own counts: no pass over all of them on one thread.
            counts.update(repeating: 0)
            var found = PartTotals()
            for item in parts.range(of: part) {
              let entry = shared.entries[item]
              guard entry.radius <= threshold else {
                // A body of no size (NaN) is within no reach: it stays out of the grid too.
                if !entry.radius.isNaN { found.largeCount += 1 }
                continue
              }
              counts[bucket(of: entry)] += 1
              found.largest = max(found.largest, entry.radius)
            }
            shared.totals[part] = found
          }
        }
      }
    }
  }

  /// Places each part's entries at its cursors, and its large bodies in its stretch of `large`.
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
                let bucket = bucket(of: entry)
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

/// A range of items cut into one part per thread, each a range in order, so work split this
/// way gives the same result for any thread count.
@usableFromInline
internal struct Parts: Sendable {
  /// How many parts.
  @usableFromInline let count: Int
  @usableFromInline let itemCount: Int
  @usableFromInline let partSize: Int

  /// Parts for `itemCount` items on up to `threads` threads; below 32,768 items a part, a
  /// thread costs more than it saves.
  @usableFromInline
  init(count itemCount: Int, threads: Int) {
    self.itemCount = itemCount
    count = max(1, min(threads, itemCount / 32_768))
    partSize = (itemCount + count - 1) / count
  }

  /// The items of one part.
  @inlinable
  func range(of part: Int) -> Range<Int> {
    (part * partSize)..<min((part + 1) * partSize, itemCount)
  }

  /// Runs `body` for each part, on as many threads as there are parts.
  @inlinable
  func forEach(_ body: @Sendable (Int) -> Void) {
    if count == 1 {
      body(0)
    } else {
      DispatchQueue.concurrentPerform(iterations: count, execute: body)
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

  /// One part's counts or cursors.
  func counts(of part: Int, bucketCount: Int) -> UnsafeMutableBufferPointer<Int32> {
    UnsafeMutableBufferPointer(rebasing: counts[(part * bucketCount)..<((part + 1) * bucketCount)])
  }
}

/// A pool's columns and the target entries being written for them, shared by the threads of
/// `insertAll`, each of which reads and writes only its own range.
@usableFromInline
internal struct IndexingBuffers: @unchecked Sendable {
  @usableFromInline let words: UnsafeMutablePointer<UInt32>
  @usableFromInline let first: Int
  @usableFromInline let entries: UnsafeMutablePointer<Target>
  @usableFromInline let damage: UnsafeMutablePointer<Float>

  @usableFromInline
  init(
    words: UnsafeMutablePointer<UInt32>, first: Int, entries: UnsafeMutablePointer<Target>,
    damage: UnsafeMutablePointer<Float>
  ) {
    self.words = words
    self.first = first
    self.entries = entries
    self.damage = damage
  }
}
