import Foundation

/// Where a command writes: standard output for results, standard error for everything else.
public struct Console: Sendable {
  /// Writes text to standard output.
  public var writeOutput: @Sendable (String) -> Void
  /// Writes text to standard error.
  public var writeError: @Sendable (String) -> Void
  /// Whether standard error is a terminal (progress bars are drawn only then).
  public var errorIsTerminal: Bool

  /// Creates a console from its writers.
  public init(
    writeOutput: @escaping @Sendable (String) -> Void,
    writeError: @escaping @Sendable (String) -> Void,
    errorIsTerminal: Bool
  ) {
    self.writeOutput = writeOutput
    self.writeError = writeError
    self.errorIsTerminal = errorIsTerminal
  }

  /// The process's own standard output and standard error.
  public static var standard: Console {
    Console(
      writeOutput: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
      writeError: { text in FileHandle.standardError.write(Data(text.utf8)) },
      errorIsTerminal: isatty(STDERR_FILENO) == 1)
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
