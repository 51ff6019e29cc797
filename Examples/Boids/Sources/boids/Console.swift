import Foundation

/// Where the command writes: standard output for results, standard error for everything else.
struct Console: Sendable {
  /// Writes text to standard output.
  var writeOutput: @Sendable (String) -> Void
  /// Writes text to standard error.
  var writeError: @Sendable (String) -> Void

  /// The process's own standard output and standard error.
  static var standard: Console {
    Console(
      writeOutput: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
      writeError: { text in FileHandle.standardError.write(Data(text.utf8)) })
  }

  /// Writes a line to standard output.
  func print(_ line: String) {
    writeOutput(line + "\n")
  }

  /// Writes a line to standard error.
  func printError(_ line: String) {
    writeError(line + "\n")
  }
}
