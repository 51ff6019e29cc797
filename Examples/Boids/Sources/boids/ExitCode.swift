/// The exit codes `boids` uses, from BSD's `sysexits.h` where one fits.
enum ExitCode {
  /// Success.
  static let success: Int32 = 0
  /// A run that failed for a reason other than its input, e.g. an SDL call.
  static let failure: Int32 = 1
  /// A wrong flag, a missing value or an out-of-range number on the command line.
  static let usage: Int32 = 64
  /// A `--replay` file that is not a recording of this game, or does not replay to its hash.
  static let dataError: Int32 = 65
  /// A `--replay` file that cannot be read.
  static let noInput: Int32 = 66
  /// No display for `--window`.
  static let unavailable: Int32 = 69
  /// The `--png` file could not be written.
  static let cannotCreate: Int32 = 73
}

/// A failure that ends the command with a message and an exit code.
struct CommandFailure: Error, Equatable {
  /// The message, printed as `Error: <message>`.
  var message: String
  /// The process exit code.
  var exitCode: Int32

  /// A command-line mistake: printed with the usage, exit 64.
  static func usage(_ message: String) -> CommandFailure {
    CommandFailure(message: message, exitCode: ExitCode.usage)
  }
}
