/// How a match ended.
public enum MatchOutcome: Sendable, Equatable, Codable {
  /// One side destroyed the other's castle.
  case victory(Side)
  /// The tick limit came first, or both castles fell on the same tick.
  case draw

  /// The winning side, or `nil` for a draw.
  public var winner: Side? {
    if case .victory(let side) = self { side } else { nil }
  }
}
