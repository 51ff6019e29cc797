/// An option that takes a value, declared once: how help shows it, what it is when not given,
/// and how its text becomes a `Value` (or a usage error that says what was expected).
///
/// Commands read it with `try options[GameOptions.seed]`. An option with no default has an
/// optional `Value` and reads as `nil` when not given.
package struct Option<Value: Sendable>: OptionDeclaration {
  /// The long name without dashes, e.g. `seed`.
  package let name: String
  /// The value's placeholder, e.g. `n`.
  package let valueName: String
  /// One line of help.
  package let help: String
  /// The value when the option is not given.
  package let defaultValue: Value
  /// The default as help shows it, if any.
  package let defaultDescription: String?
  /// Whether the command cannot do without it (`required`): usage shows it without brackets.
  package private(set) var isRequired = false
  private let convert: @Sendable (String) throws(OptionValueError) -> Value

  /// Declares an option that is `defaultValue` when not given; help shows the default as
  /// `defaultDescription`, or as the value's own description.
  package init(
    _ name: String, valueName: String, help: String, default defaultValue: Value,
    defaultDescription: String? = nil,
    parse: @escaping @Sendable (String) throws(OptionValueError) -> Value
  ) {
    self.name = name
    self.valueName = valueName
    self.help = help
    self.defaultValue = defaultValue
    self.defaultDescription = defaultDescription ?? String(describing: defaultValue)
    convert = parse
  }

  /// Always `true`: an option's value follows its name.
  package var takesValue: Bool { true }
  /// The option as usage shows it, e.g. `--seed <n>`.
  package var synopsis: String { "--\(name) <\(valueName)>" }

  /// The option as a command that cannot do without it declares it: its usage shows it
  /// without brackets, and the command reads it with `ParsedOptions.required(_:)`.
  package var required: Option {
    var option = self
    option.isRequired = true
    return option
  }

  /// The value the command line's `text` stands for.
  package func value(from text: String) throws(OptionValueError) -> Value {
    try convert(text)
  }
}

extension Option where Value: ExpressibleByNilLiteral {
  /// Declares an option that is `nil` when not given; help shows `defaultDescription`, if any,
  /// as what its absence means.
  package init(
    _ name: String, valueName: String, help: String, defaultDescription: String? = nil,
    parse: @escaping @Sendable (String) throws(OptionValueError) -> Value
  ) {
    self.name = name
    self.valueName = valueName
    self.help = help
    defaultValue = nil
    self.defaultDescription = defaultDescription
    convert = parse
  }
}
