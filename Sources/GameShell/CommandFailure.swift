/// A failure that ends a command with a message and an exit code.
package struct CommandFailure: Error, Equatable {
  /// The message, printed as `Error: <message>`.
  package var message: String
  /// The process exit code.
  package var exitCode: Int32
  /// Whether the command's usage line follows the message.
  package var showsUsage = false

  /// A failure with `message` and `exitCode`, the usage line after it if `showsUsage`.
  package init(message: String, exitCode: Int32, showsUsage: Bool = false) {
    self.message = message
    self.exitCode = exitCode
    self.showsUsage = showsUsage
  }

  /// A command-line mistake: printed with the usage, exit 64.
  package static func usage(_ message: String) -> CommandFailure {
    CommandFailure(message: message, exitCode: ExitCode.usage, showsUsage: true)
  }
}
