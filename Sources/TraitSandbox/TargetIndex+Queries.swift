extension TargetIndex {
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
