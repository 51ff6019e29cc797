/// A key that gives a game's input in a window, and what it does: `GameKey("b", "buy a bee")`.
public struct GameKey: Sendable, Hashable {
  /// The key: a lowercase letter or a digit.
  public var key: Character
  /// What it does, as the window's help says it.
  public var help: String

  /// Declares a key.
  public init(_ key: Character, _ help: String) {
    self.key = key
    self.help = help
  }

  /// The window's own keys, which a game's cannot be: following, help, restarting and the
  /// timeline.
  static let reserved: Set<Character> = ["f", "h", "r", "t"]

  /// Whether `key` can be a game's: a lowercase ASCII letter or a digit, not one of `reserved`.
  static func isAllowed(_ key: Character) -> Bool {
    guard key.isASCII, key.isLowercase || key.isNumber else { return false }
    return !reserved.contains(key)
  }
}
