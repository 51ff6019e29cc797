import Synchronization

/// What became of a command's writes to a stream: the error of the first that failed, if any.
///
/// A full disk, a closed stream or a reader that went away (a broken pipe) make writes fail;
/// the command goes on or stops early, and `sandbox` then says so and exits with
/// `ExitCode.ioError` rather than pretending its report was delivered.
package final class StreamStatus: Sendable {
  private let firstError = Mutex<Int32?>(nil)

  /// A stream no write has failed on yet.
  package init() {}

  /// Records a failed write's `errno`; only the first is kept.
  package func recordFailure(errno code: Int32) {
    firstError.withLock { error in
      if error == nil { error = code }
    }
  }

  /// The `errno` of the first failed write, or `nil` while every write has succeeded.
  package var failure: Int32? { firstError.withLock { $0 } }

  /// Whether a write has failed.
  package var hasFailed: Bool { failure != nil }
}
