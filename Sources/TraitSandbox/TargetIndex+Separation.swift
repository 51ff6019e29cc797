extension TargetIndex {
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
}
