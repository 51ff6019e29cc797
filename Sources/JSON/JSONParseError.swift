import Foundation

/// A JSON syntax error with a 1-based position (columns count Unicode scalars).
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The 1-based line of the offending input.
  public var line: Int
  /// The 1-based column of the offending input, in Unicode scalars.
  public var column: Int
  /// A short description such as "expected ',' or '}'".
  public var message: String

  /// Creates an error at the given position.
  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  /// The error as "line L, column C: message".
  public var description: String { "line \(line), column \(column): \(message)" }
}
