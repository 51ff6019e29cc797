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
      writeOutput: { text in writeAll(text, to: STDOUT_FILENO) },
      writeError: { text in writeAll(text, to: STDERR_FILENO) },
      errorIsTerminal: isatty(STDERR_FILENO) == 1)
  }

  /// Writes all of `text` to a file descriptor, retrying after interruptions and partial
  /// writes; gives up quietly when the stream is closed or full, rather than trapping as
  /// `FileHandle.write(_:)` does.
  private static func writeAll(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress, buffer.count)
      }
      if written > 0 {
        bytes = bytes.dropFirst(written)
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        return
      }
    }
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
