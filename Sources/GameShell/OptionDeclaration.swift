/// What parsing and help need to know of an option, whatever the type of its value.
package protocol OptionDeclaration: Sendable {
  /// The long name without dashes, e.g. `seed`.
  var name: String { get }
  /// Whether a value follows the name (`--seed 3`), or the name alone is the option (`--json`).
  var takesValue: Bool { get }
  /// The option as usage shows it: `--seed <n>` or `--json`.
  var synopsis: String { get }
  /// One line of help.
  var help: String { get }
  /// What an absent option means, as help shows it after `default:`, if anything.
  var defaultDescription: String? { get }
  /// Whether the command cannot do without it: usage shows it without brackets.
  var isRequired: Bool { get }
}

extension OptionDeclaration {
  /// The help text with the default appended, as the `OPTIONS:` column shows it.
  package var helpWithDefault: String {
    help + (defaultDescription.map { " (default: \($0))" } ?? "")
  }
}
