/// Why the demo could not run.
public struct DemoError: Error, Equatable, CustomStringConvertible {
  /// What kind of trouble it was, for choosing an exit code.
  public enum Kind: Equatable, Sendable {
    /// No display to open a window on, or only one that shows no window.
    case missingDisplay
    /// A file the demo was asked to write (a screenshot) could not be written.
    case unwritableFile
    /// Anything else.
    case other
  }

  /// What went wrong, for the user.
  public var message: String
  /// What kind of trouble it was.
  public var kind: Kind

  /// Creates an error.
  public init(message: String, kind: Kind) {
    self.message = message
    self.kind = kind
  }

  /// Whether the cause is that no display is available.
  public var isMissingDisplay: Bool { kind == .missingDisplay }

  /// The message.
  public var description: String { message }
}
