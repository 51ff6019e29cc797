/// A failure that ends a command with a message and an exit code.
struct CommandFailure: Error, Equatable {
  /// The message, printed as `Error: <message>`.
  var message: String
  /// The process exit code.
  var exitCode: Int32
  /// Whether the command's usage line follows the message.
  var showsUsage = false

  /// A command-line mistake: printed with the usage, exit 64.
  static func usage(_ message: String) -> CommandFailure {
    CommandFailure(message: message, exitCode: ExitCode.usage, showsUsage: true)
  }
}
