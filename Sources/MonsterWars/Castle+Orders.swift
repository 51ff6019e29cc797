extension Castle {
  /// The castle's waiting orders as a player's HUD shows them: kinds with their counts in the
  /// order they were first placed, and what the next one waits for, if it cannot be paid yet:
  /// "Orders 2/10: Zap, Munch; Zap next, needs $45", or "Orders: none".
  public var ordersSummary: String {
    guard let next = orders.first else { return "Orders: none" }
    var counts: [(kind: UnitKind, count: Int)] = []
    for kind in orders {
      if let index = counts.firstIndex(where: { $0.kind == kind }) {
        counts[index].count += 1
      } else {
        counts.append((kind, 1))
      }
    }
    let list = counts.map {
      $0.count > 1 ? "\($0.kind.displayName) x\($0.count)" : $0.kind.displayName
    }
    let cost = armory.cost(of: next) ?? 0
    let wait = cost > spawner.budget ? "; \(next.displayName) next, needs $\(Int(cost))" : ""
    return "Orders \(orders.count)/\(Self.maximumOrders): " + list.joined(separator: ", ") + wait
  }
}

extension Castle {
  /// The castle and the ground before its gate where its monsters come out, in world units:
  /// what a player's panels keep clear of.
  public var keptInSight: (left: Float, top: Float, right: Float, bottom: Float) {
    let size = appearance.size
    let forward: Float = side == .left ? 1 : -1
    // The gate's side reaches as far as its monsters appear.
    let gate = position.x + forward * (size.x / 2 + health.radius * 1.5)
    return (
      min(position.x - size.x / 2, gate), position.y - size.y / 2,
      max(position.x + size.x / 2, gate), position.y + size.y / 2
    )
  }
}
