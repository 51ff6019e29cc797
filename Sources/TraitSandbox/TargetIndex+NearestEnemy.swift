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
    var search = NearestSearch(point: point, reach: reach)

    @inline(__always)
    func visit(row: Int, from first: Int, through last: Int) {
      _ = scan(row: row, from: first, through: last, of: enemies, starts: starts, bodies: bodies) {
        body in
        search.consider(
          x: body.x, y: body.y, radius: body.radius, item: Int(body.item), entries: entries)
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
      visitRings(
        aroundColumn: column(of: point.x), row: row(of: point.y),
        columns: firstColumn...lastColumn, rows: firstRow...lastRow, visit: visit
      ) { ring in
        // Every cell of the next ring lies at least `ring` whole cells from the point.
        let nextRingDistance = Float(ring) * grid.cellSize
        return search.best >= 0 && search.bestDistance < nextRingDistance * nextRingDistance
      }
    }
    for large in largeBodies where enemies & (UInt64(1) << UInt64(large.faction.index)) != 0 {
      search.consider(
        x: large.body.x, y: large.body.y, radius: large.body.radius, item: Int(large.body.item),
        entries: entries)
    }
    return (search.best, search.bestPosition)
  }

  /// Visits the cells of `columns` by `rows` a ring at a time outward from the cell at
  /// `centreColumn`, `centreRow`, a row's run of cells a call, until `isDone(ring)` says no
  /// cell of the rings after `ring` can hold anything nearer.
  @inlinable @inline(__always)
  internal func visitRings(
    aroundColumn centreColumn: Int, row centreRow: Int, columns: ClosedRange<Int>,
    rows: ClosedRange<Int>, visit: (_ row: Int, _ first: Int, _ last: Int) -> Void,
    isDone: (_ ring: Int) -> Bool
  ) {
    let (firstColumn, lastColumn) = (columns.lowerBound, columns.upperBound)
    let (firstRow, lastRow) = (rows.lowerBound, rows.upperBound)
    let rings = max(
      centreColumn - firstColumn, lastColumn - centreColumn, centreRow - firstRow,
      lastRow - centreRow)
    for ring in 0...rings {
      let top = centreRow - ring
      let bottom = centreRow + ring
      let left = max(centreColumn - ring, firstColumn)
      let right = min(centreColumn + ring, lastColumn)
      if top >= firstRow { visit(top, left, right) }
      if ring > 0 && bottom <= lastRow { visit(bottom, left, right) }
      if ring > 0 {
        let innerTop = max(top + 1, firstRow)
        let innerBottom = min(bottom - 1, lastRow)
        if innerTop <= innerBottom {
          for row in innerTop...innerBottom {
            if centreColumn - ring >= firstColumn {
              visit(row, centreColumn - ring, centreColumn - ring)
            }
            if centreColumn + ring <= lastColumn {
              visit(row, centreColumn + ring, centreColumn + ring)
            }
          }
        }
      }
      if isDone(ring) { break }
    }
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
    // The same search as `nearestEnemy`'s, so the two never disagree at the edge.
    var search = NearestSearch(point: point, reach: reach)
    entries.withUnsafeBufferPointer { entries in
      for large in largeBodies where enemies & (UInt64(1) << UInt64(large.faction.index)) != 0 {
        search.consider(
          x: large.body.x, y: large.body.y, radius: large.body.radius,
          item: Int(large.body.item), entries: entries)
      }
    }
    return (search.best, search.bestPosition)
  }
}

/// The nearest body a search for an enemy has seen so far, ties to the smaller identity.
@usableFromInline
struct NearestSearch {
  /// Where the search is from.
  @usableFromInline let point: Vector2
  /// How far it reaches past a body's radius.
  @usableFromInline let reach: Float
  /// The item of the nearest body so far, or -1.
  @usableFromInline var best = -1
  /// Its squared distance from `point`.
  @usableFromInline var bestDistance = Float.infinity
  /// Where it is.
  @usableFromInline var bestPosition = Vector2.zero

  /// A search from `point` within `reach` that has seen nothing.
  @inlinable
  init(point: Vector2, reach: Float) {
    self.point = point
    self.reach = reach
  }

  /// Takes the body of `item` at `x`, `y` if it is in reach and nearer than the best so far
  /// (or as near, with a smaller identity in `entries`).
  @inlinable @inline(__always)
  mutating func consider(
    x: Float, y: Float, radius: Float, item: Int, entries: UnsafeBufferPointer<Target>
  ) {
    let limit = reach + radius
    let dx = x - point.x
    let dy = y - point.y
    let distance = dx * dx + dy * dy
    // Out of reach counts as infinitely far: one comparison decides, and it is mostly false,
    // which a branch predictor learns.
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
}
