extension Option {
  /// Declares a whole-number option that must lie in `range`, and is `defaultValue` when not
  /// given.
  static func integer(
    _ name: String, valueName: String = "n", help: String, in range: ClosedRange<Value>,
    default defaultValue: Value
  ) -> Option where Value: FixedWidthInteger {
    Option(name, valueName: valueName, help: help, default: defaultValue) {
      text throws(OptionValueError) in try integer(text, in: range)
    }
  }

  /// Declares a whole-number option that must lie in `range`, and is `nil` when not given.
  static func integer<Integer: FixedWidthInteger & Sendable>(
    _ name: String, valueName: String = "n", help: String, in range: ClosedRange<Integer>,
    defaultDescription: String? = nil
  ) -> Option where Value == Integer? {
    Option(name, valueName: valueName, help: help, defaultDescription: defaultDescription) {
      text throws(OptionValueError) in try integer(text, in: range)
    }
  }

  /// `text` as a decimal number in `range`.
  private static func integer<Integer: FixedWidthInteger>(
    _ text: String, in range: ClosedRange<Integer>
  ) throws(OptionValueError) -> Integer {
    guard let value = Integer(text, radix: 10) else {
      throw .invalid("expected a whole number")
    }
    guard range.contains(value) else {
      throw .invalid("expected \(range.lowerBound) to \(range.upperBound)")
    }
    return value
  }
}
