import TraitSandbox

extension Vector2 {
  /// This vector with its length clamped into `range`; `fallback` if it has no length.
  @inlinable
  public func clampedLength(to range: ClosedRange<Float>, fallback: Vector2) -> Vector2 {
    let length = self.length
    guard length > 0, length.isFinite else { return fallback }
    let clamped = Swift.min(Swift.max(length, range.lowerBound), range.upperBound)
    return clamped == length ? self : self * (clamped / length)
  }
}
