import CSDL2

/// A failed SDL call: which function failed and what SDL said about it.
///
/// Built only right after a call reported failure, because `SDL_GetError()` keeps the last
/// message forever and is meaningless after a call that succeeded.
public struct SDLError: Error, Equatable, CustomStringConvertible {
  /// The SDL function that failed, e.g. `SDL_CreateRenderer`.
  public var function: String
  /// SDL's explanation, possibly prefixed with context such as the file being read.
  public var message: String

  /// Creates an error from its parts.
  public init(function: String, message: String) {
    self.function = function
    self.message = message
  }

  /// The error for a call to `function` that has just failed, with SDL's current message.
  init(failedCall function: String, context: String? = nil) {
    let reason = SDL_GetError().map { String(cString: $0) } ?? ""
    let explanation = reason.isEmpty ? "unknown error" : reason
    self.init(
      function: function, message: context.map { "\($0): \(explanation)" } ?? explanation)
  }

  /// "SDL_CreateRenderer: Couldn't find matching render driver".
  public var description: String { "\(function): \(message)" }
}
