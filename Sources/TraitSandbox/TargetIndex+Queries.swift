import CTruncation

extension TargetIndex {
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
    let best = nearestEnemyBody(of: faction, near: point, within: reach)
    return best.item >= 0 ? TargetRef(index: best.item) : nil
  }

  /// Where the enemy `nearestEnemy(of:near:within:)` finds stood at the start of the tick, if
  /// there is one: what a chase heads for.
  ///
  /// The same answer as `self[nearestEnemy(...)].position`, read from the grid cell the search
  /// has just scanned instead of from the entry, which in a world larger than the caches is a
  /// load from memory.
  /// - Complexity: As `nearestEnemy(of:near:within:)`.
  @inlinable
  public func nearestEnemyPosition(
    of faction: Faction, near point: Vector2, within reach: Float
  ) -> Vector2? {
    let best = nearestEnemyBody(of: faction, near: point, within: reach)
    return best.item >= 0 ? best.position : nil
  }

  /// The item `nearestEnemy(of:near:within:)` finds, or -1, and where its body is.
  @inlinable @inline(__always)
  internal func nearestEnemyBody(
    of faction: Faction, near point: Vector2, within reach: Float
  ) -> (item: Int, position: Vector2) {
    // A negative reach (only damaged data has one) reaches nothing.
    guard count > 0, reach >= 0 else { return (-1, .zero) }
    let enemies = enemyMasks[faction.index]
    guard enemies != 0 else { return (-1, .zero) }
    return cellStart.withUnsafeBufferPointer { starts in
      cellBodies.withUnsafeBufferPointer { bodies in
        entries.withUnsafeBufferPointer { entries in
          nearestEnemy(
            of: faction, enemies: enemies, near: point, within: reach, starts: starts,
            bodies: bodies, entries: entries)
        }
      }
    }
  }

  /// `nearestEnemy(of:near:within:)` on the index's buffers: the item found, or -1, and where
  /// its body is.
  @inlinable
  internal func nearestEnemy(
    of faction: Faction, enemies: UInt64, near point: Vector2, within reach: Float,
    starts: UnsafeBufferPointer<Int32>, bodies: UnsafeBufferPointer<CellBody>,
    entries: UnsafeBufferPointer<Target>
  ) -> (item: Int, position: Vector2) {
    // Most queries while armies march have no grid body near enough: only large ones remain.
    if !blockDistances.isEmpty, gridCannotReach(faction, near: point, within: reach) {
      return nearestLargeEnemy(enemies: enemies, near: point, within: reach)
    }
    let (firstColumn, lastColumn, firstRow, lastRow) = searchBox(around: point, reach: reach)
    // This query may read its whole box (a ring at a time for a long reach): what the queries
    // a row down read first is the row below the box.
    prefetchBelow(
      row: lastRow, column: column(of: point.x), of: enemies, starts: starts, bodies: bodies)
    var best = -1
    var bestDistance = Float.infinity
    var bestPosition = Vector2.zero

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
        bestPosition = Vector2(x, y)
      } else if candidate == bestDistance && candidate < .infinity {
        // Identities are read only to break exact ties, which are rare: reading one for every
        // new best would cost a cache miss per query in a big battle.
        if entries[item].id < entries[best].id {
          best = item
          bestPosition = Vector2(x, y)
        }
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
    } else if holdsAny(
      of: enemies, columns: firstColumn...lastColumn, rows: firstRow...lastRow, starts: starts)
    {
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
    return (best, bestPosition)
  }

  /// The large body of the factions in `enemies` nearest `point` within `reach`, ties to the
  /// smaller identity, or -1, and where it is: what `nearestEnemy` finds when no grid body can
  /// be in reach.
  ///
  /// Kept out of line, as `gridCannotReach` is: both sit in front of every search, and a query
  /// that calls this skips the grid.
  @inlinable @inline(never)
  internal func nearestLargeEnemy(
    enemies: UInt64, near point: Vector2, within reach: Float
  ) -> (item: Int, position: Vector2) {
    var best = -1
    var bestDistance = Float.infinity
    var bestPosition = Vector2.zero
    for large in largeBodies where enemies & (UInt64(1) << UInt64(large.faction.index)) != 0 {
      // The same arithmetic as `nearestEnemy`'s, so the two never disagree at the edge.
      let limit = reach + large.body.radius
      let dx = large.body.x - point.x
      let dy = large.body.y - point.y
      let distance = dx * dx + dy * dy
      guard distance <= limit * limit else { continue }
      let item = Int(large.body.item)
      if distance < bestDistance
        || (distance == bestDistance && entries[item].id < entries[best].id)
      {
        best = item
        bestDistance = distance
        bestPosition = Vector2(large.body.x, large.body.y)
      }
    }
    return (best, bestPosition)
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
        hasEnemy(
          of: faction, enemies: enemies, near: point, within: reach, starts: starts,
          bodies: bodies)
      }
    }
  }

  /// `hasEnemy(of:near:within:)` on the index's buffers.
  @inlinable
  internal func hasEnemy(
    of faction: Faction, enemies: UInt64, near point: Vector2, within reach: Float,
    starts: UnsafeBufferPointer<Int32>, bodies: UnsafeBufferPointer<CellBody>
  ) -> Bool {
    if !blockDistances.isEmpty, gridCannotReach(faction, near: point, within: reach) {
      return nearestLargeEnemy(enemies: enemies, near: point, within: reach).item >= 0
    }
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
    // Most of these queries end in the point's own cell: the ones one row down, in theirs.
    prefetchBelow(
      row: centreRow, column: centreColumn, of: enemies, starts: starts, bodies: bodies)
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
  /// - Complexity: O(bodies in the cells the circle covers), and O(1) for an empty index.
  @inlinable @inline(__always)
  public func separation(
    at point: Vector2, radius: Float, excluding own: TargetRef?, among faction: Faction? = nil
  ) -> Vector2 {
    // Answered in the caller's loop, where the compiler sees that an index without entries (a
    // world without the targets system) pushes nothing, and drops the search.
    guard count > 0, radius > 0 else { return .zero }
    return separationInGrid(at: point, radius: radius, excluding: own, among: faction)
  }

  /// `separation(at:radius:excluding:among:)` for an index with entries and a body with a
  /// radius: the search of the grid.
  @inlinable
  internal func separationInGrid(
    at point: Vector2, radius: Float, excluding own: TargetRef?, among faction: Faction?
  ) -> Vector2 {
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

  /// Whether any cell in `columns` of `rows` holds a grid body of the factions in `enemies`.
  ///
  /// A row's cells of one faction are one range of the grid, so this reads two cell starts per
  /// row and faction, and no body: a search whose box is empty, as most are while armies march
  /// towards each other, is answered without visiting its cells one ring at a time.
  /// - Complexity: O(rows x factions in `enemies`).
  @inlinable @inline(__always)
  internal func holdsAny(
    of enemies: UInt64, columns: ClosedRange<Int>, rows: ClosedRange<Int>,
    starts: UnsafeBufferPointer<Int32>
  ) -> Bool {
    var remaining = enemies
    while remaining != 0 {
      let enemy = remaining.trailingZeroBitCount
      remaining &= remaining &- 1
      for row in rows {
        let rowBase = enemy &* grid.cellCount &+ row &* grid.columns
        if starts[rowBase &+ columns.upperBound &+ 1] > starts[rowBase &+ columns.lowerBound] {
          return true
        }
      }
    }
    return false
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
      // Within the grid's buckets: no overflow to check, and no range to form.
      let rowBase = enemy &* grid.cellCount &+ row &* grid.columns
      var slot = Int(starts[rowBase &+ first])
      let end = Int(starts[rowBase &+ last &+ 1])
      while slot < end {
        if body(bodies[slot]) { return true }
        slot &+= 1
      }
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

  /// Starts loading the first bodies of the cell below `row` in `column` for each faction in
  /// `factions`, and the cell starts of the row below that.
  ///
  /// The world keeps each pool in row-major cell order, so a system's queries sweep the grid a
  /// row at a time, and the cells below a query's are read next by the queries of the row
  /// below, a stretch of the sweep later. In a grid larger than the caches (a million entries)
  /// that first read was a miss to memory on most queries; started a row ahead, the load is
  /// done when the sweep gets there. The cell starts loaded now are what the queries a row down
  /// read to do the same for theirs.
  @inlinable @inline(__always)
  internal func prefetchBelow(
    row: Int, column: Int, of factions: UInt64, starts: UnsafeBufferPointer<Int32>,
    bodies: UnsafeBufferPointer<CellBody>
  ) {
    let below = row &+ 1
    // A grid whose bodies are all kept out of it (large ones only) may have no body buffer.
    guard below &+ 1 < grid.rows, let firstStart = starts.baseAddress,
      let firstBody = bodies.baseAddress
    else { return }
    let cellInRow = below &* grid.columns &+ column
    var remaining = factions
    while remaining != 0 {
      let faction = remaining.trailingZeroBitCount
      remaining &= remaining &- 1
      let cell = faction &* grid.cellCount &+ cellInRow
      traitsandbox_prefetch(firstStart + (cell &+ grid.columns))
      // Four lines of four bodies: this cell's and its neighbours' to the right, for the
      // columns the next few queries in the pool's order skip.
      let first = firstBody + Int(starts[cell])
      for line in 0..<4 { traitsandbox_prefetch(first + line &* 4) }
    }
  }
}
