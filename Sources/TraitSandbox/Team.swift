/// The side an entity fights for.
public enum Team: UInt8, CaseIterable, Sendable, Hashable {
  /// The side whose castle stands at the arena's left edge.
  case left
  /// The side whose castle stands at the arena's right edge.
  case right

  /// The other side.
  @inlinable
  public var opponent: Team { self == .left ? .right : .left }

  /// The team as an array index (0 or 1).
  @inlinable
  public var index: Int { Int(rawValue) }

  /// The team's name as the command line and JSON reports spell it.
  public var name: String { self == .left ? "left" : "right" }
}

/// A pair of values, one for each team.
public struct PerTeam<Value: Sendable & Equatable>: Sendable, Equatable {
  /// The left team's value.
  public var left: Value
  /// The right team's value.
  public var right: Value

  /// Creates a pair from both values.
  @inlinable
  public init(left: Value, right: Value) {
    self.left = left
    self.right = right
  }

  /// Creates a pair with the same value for both teams.
  @inlinable
  public init(repeating value: Value) {
    self.init(left: value, right: value)
  }

  /// The value for one team.
  @inlinable
  public subscript(team: Team) -> Value {
    get { team == .left ? left : right }
    set {
      if team == .left { left = newValue } else { right = newValue }
    }
  }
}
