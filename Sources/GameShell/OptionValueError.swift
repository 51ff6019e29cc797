/// Why an option's text is not a value it accepts; `ParsedOptions` adds which option it was.
package enum OptionValueError: Error, Equatable {
  /// The value is empty where the option needs one.
  case empty
  /// The value is not acceptable: `reason` says what would be (e.g. "expected 1 to 10"), and
  /// `part` names the offending part of a list when it is not the whole text.
  case invalid(_ reason: String, part: String? = nil)
}
