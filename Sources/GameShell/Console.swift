import Foundation

/// Where a command writes: standard output for results, standard error for everything else.
public struct Console: Sendable {
  /// Writes text to standard output.
  public var writeOutput: @Sendable (String) -> Void
  /// Writes text to standard error.
  public var writeError: @Sendable (String) -> Void
  /// Whether standard error is a terminal (progress bars are drawn only then).
  public var errorIsTerminal: Bool
  /// What became of the writes to standard output.
  package let outputStatus: StreamStatus

  /// Creates a console from its writers.
  public init(
    writeOutput: @escaping @Sendable (String) -> Void,
    writeError: @escaping @Sendable (String) -> Void,
    errorIsTerminal: Bool
  ) {
    self.init(
      writeOutput: writeOutput, writeError: writeError, errorIsTerminal: errorIsTerminal,
      outputStatus: StreamStatus())
  }

  package init(
    writeOutput: @escaping @Sendable (String) -> Void,
    writeError: @escaping @Sendable (String) -> Void,
    errorIsTerminal: Bool, outputStatus: StreamStatus
  ) {
    self.writeOutput = writeOutput
    self.writeError = writeError
    self.errorIsTerminal = errorIsTerminal
    self.outputStatus = outputStatus
  }

  /// The process's own standard output and standard error.
  ///
  /// A write that fails (a full disk, a broken pipe, a closed stream) is recorded in
  /// `outputStatus` for standard output and dropped for standard error, where there is nowhere
  /// left to report it.
  public static var standard: Console {
    let streams = StandardStreams.shared
    return Console(
      writeOutput: { text in
        guard !streams.outputWasClosed else {
          streams.outputStatus.recordFailure(errno: EBADF)
          return
        }
        if let error = writeAll(text, to: STDOUT_FILENO) {
          streams.outputStatus.recordFailure(errno: error)
        }
      },
      writeError: { text in
        guard !streams.errorWasClosed else { return }
        _ = writeAll(text, to: STDERR_FILENO)
      },
      errorIsTerminal: !streams.errorWasClosed && isatty(STDERR_FILENO) == 1,
      outputStatus: streams.outputStatus)
  }

  /// Writes all of `text` to a file descriptor, retrying after interruptions and partial
  /// writes; returns the `errno` of a write that failed (a closed or full stream, a broken
  /// pipe) rather than trapping as `FileHandle.write(_:)` does.
  private static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
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
        return written < 0 ? errno : EIO
      }
    }
    return nil
  }

  /// Writes a line to standard output.
  package func print(_ line: String) {
    writeOutput(line + "\n")
  }

  /// Writes a line to standard error.
  package func printError(_ line: String) {
    writeError(line + "\n")
  }
}

/// The process's standard streams, checked once when the first console is made.
///
/// A stream that was closed when the process started gets `/dev/null` in its place, so that
/// no file the command opens can take its number and receive its output; writes meant for a
/// closed standard output still count as failed.
private final class StandardStreams: Sendable {
  package static let shared = StandardStreams()

  package let outputWasClosed: Bool
  package let errorWasClosed: Bool
  package let outputStatus = StreamStatus()

  private init() {
    var closed: Set<Int32> = []
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
    where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      closed.insert(descriptor)
    }
    // Lowest free numbers first, so each lands on a closed stream's own number.
    for _ in closed { _ = open("/dev/null", O_RDWR) }
    outputWasClosed = closed.contains(STDOUT_FILENO)
    errorWasClosed = closed.contains(STDERR_FILENO)
  }
}
