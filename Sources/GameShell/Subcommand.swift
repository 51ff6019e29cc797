/// A subcommand of a command line: `sandbox`'s, or the one any game gets.
///
/// A subcommand declares its options and help once, in `spec`; `sandbox` parses the command
/// line against it, makes the command from the parsed options (where each option's value is
/// checked) and runs it.
package protocol Subcommand {
  /// The subcommand's name, options and help.
  static var spec: CommandSpec { get }

  /// Reads the parsed options; a value that is wrong for this command is a usage error.
  init(options: ParsedOptions, invocation: Invocation) throws(CommandFailure)

  /// Runs the command and returns its exit code.
  func run(console: Console) throws(CommandFailure) -> Int32
}
