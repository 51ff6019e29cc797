/// Why `AtomicFile.write(_:to:)` failed, naming the file and the operating system's reason.
public struct AtomicFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The destination path that could not be written.
  public let path: String
  /// What went wrong, in words a user can act on.
  public let reason: String
  /// The `errno` value behind the failure, or 0 if there was none.
  public let code: Int32

  /// Creates an error for `path`.
  public init(path: String, reason: String, code: Int32 = 0) {
    self.path = path
    self.reason = reason
    self.code = code
  }

  /// A sentence naming the path and the reason.
  public var description: String {
    "cannot write '\(path)': \(reason)"
  }
}
