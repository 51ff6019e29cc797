extension Option where Value == String {
  /// Declares a text option that is `defaultValue` when not given; an empty value is missing.
  package static func text(
    _ name: String, valueName: String, help: String, default defaultValue: String
  ) -> Option {
    Option(name, valueName: valueName, help: help, default: defaultValue) {
      text throws(OptionValueError) in try nonEmpty(text)
    }
  }
}

extension Option where Value == String? {
  /// Declares a text option that is `nil` when not given.
  ///
  /// - Parameters:
  ///   - allowsEmpty: Whether an empty value is passed on; otherwise it is missing.
  ///   - check: Throws for a value the option cannot use, e.g. a file of the wrong type.
  package static func text(
    _ name: String, valueName: String, help: String, allowsEmpty: Bool = false,
    check: @escaping @Sendable (String) throws(OptionValueError) -> Void = { _ in }
  ) -> Option {
    Option(name, valueName: valueName, help: help) { text throws(OptionValueError) in
      let value = allowsEmpty ? text : try nonEmpty(text)
      try check(value)
      return value
    }
  }
}

/// `text`, unless it is empty.
private func nonEmpty(_ text: String) throws(OptionValueError) -> String {
  guard !text.isEmpty else { throw .empty }
  return text
}
