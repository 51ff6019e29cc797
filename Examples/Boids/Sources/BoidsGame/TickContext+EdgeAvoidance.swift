import TraitSandbox

extension TickContext {
  /// Which way to turn to stay inside the arena: per axis, 0 further than `margin` from the
  /// edges, growing to 1 (pointing inward) at an edge.
  public func edgeAvoidance(at position: Vector2, margin: Float) -> Vector2 {
    guard margin > 0 else { return .zero }
    func push(_ value: Float, extent: Float) -> Float {
      if value < margin { return min((margin - value) / margin, 1) }
      if value > extent - margin { return -min((value - (extent - margin)) / margin, 1) }
      return 0
    }
    return Vector2(push(position.x, extent: arenaSize.x), push(position.y, extent: arenaSize.y))
  }
}
