/// An option that is either given or not, such as `--json`; it takes no value.
struct Flag: OptionDeclaration {
  /// The long name without dashes, e.g. `json`.
  let name: String
  /// One line of help.
  let help: String

  /// Declares a flag.
  init(_ name: String, help: String) {
    self.name = name
    self.help = help
  }

  /// Always `false`: a flag is its name alone.
  var takesValue: Bool { false }
  /// The flag as usage shows it, e.g. `--json`.
  var synopsis: String { "--\(name)" }
  /// Always `nil`: an absent flag needs no explanation.
  var defaultDescription: String? { nil }
}
