/// Right-aligned columns for the text reports.
extension String {
  /// The string right-aligned in a column of `width` characters.
  package func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}
