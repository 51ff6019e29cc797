extension Option {
  /// Declares a whole-number option that must lie in `range`, and is `defaultValue` when not
  /// given.
  package static func integer(
    _ name: String, valueName: String = "n", help: String, in range: ClosedRange<Value>,
    default defaultValue: Value
  ) -> Option where Value: FixedWidthInteger {
    Option(name, valueName: valueName, help: help, default: defaultValue) {
      text throws(OptionValueError) in try integer(text, in: range)
    }
  }

  /// Declares a whole-number option that must lie in `range`, and is `nil` when not given.
  package static func integer<Integer: FixedWidthInteger & Sendable>(
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
    let expected = "expected a whole number from \(range.lowerBound) to \(range.upperBound)"
    guard let value = Integer(text, radix: 10) else {
      // A whole number the type cannot hold (-1 for an unsigned count, 2^64) is out of range.
      let digits = text.drop { $0 == "-" || $0 == "+" }
      let isWhole =
        !digits.isEmpty && digits.count + 1 >= text.count && digits.allSatisfy(\.isASCII)
        && digits.allSatisfy(\.isNumber)
      throw .invalid(isWhole ? expected : "expected a whole number")
    }
    guard range.contains(value) else { throw .invalid(expected) }
    return value
  }
}
