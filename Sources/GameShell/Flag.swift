/// An option that is either given or not, such as `--json`; it takes no value.
package struct Flag: OptionDeclaration {
  /// The long name without dashes, e.g. `json`.
  package let name: String
  /// One line of help.
  package let help: String

  /// Declares a flag.
  package init(_ name: String, help: String) {
    self.name = name
    self.help = help
  }

  /// Always `false`: a flag is its name alone.
  package var takesValue: Bool { false }
  /// The flag as usage shows it, e.g. `--json`.
  package var synopsis: String { "--\(name)" }
  /// Always `nil`: an absent flag needs no explanation.
  package var defaultDescription: String? { nil }
  /// Always `false`: a flag is a choice.
  package var isRequired: Bool { false }
}
