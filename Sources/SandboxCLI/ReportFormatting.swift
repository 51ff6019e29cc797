import GameShell

/// Small helpers the text reports share.
extension String {
  /// The string right-aligned in a column of `width` characters.
  func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}
