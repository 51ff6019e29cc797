import Frames
import TraitSandbox

/// A pair of values, one for each side.
public struct PerSide<Value: Sendable & Equatable>: Sendable, Equatable {
  /// The left side's value.
  public var left: Value
  /// The right side's value.
  public var right: Value

  /// Creates a pair from both values.
  public init(left: Value, right: Value) {
    self.left = left
    self.right = right
  }

  /// Creates a pair with the same value for both sides.
  public init(repeating value: Value) {
    self.init(left: value, right: value)
  }

  /// The value for one side.
  public subscript(side: Side) -> Value {
    get { side == .left ? left : right }
    set {
      if side == .left { left = newValue } else { right = newValue }
    }
  }
}

extension PerSide: Codable where Value: Codable {}
