import Frames

/// Two-column help rows, wrapped like swift-argument-parser's.
package enum HelpLayout {
  /// The width of the label column, indentation included.
  package static let labelWidth = 26
  /// The width help text is wrapped to.
  package static let lineWidth = 80

  /// Formats `(label, text)` rows with the text in a column of its own.
  package static func columns(_ rows: [(String, String)]) -> [String] {
    var lines: [String] = []
    let indent = String(repeating: " ", count: labelWidth)
    for (label, text) in rows {
      let wrapped = wrap(text, width: lineWidth - labelWidth)
      var first = "  " + label
      if first.count >= labelWidth {
        lines.append(first)
        first = indent
      } else {
        first += String(repeating: " ", count: labelWidth - first.count)
      }
      for (index, line) in wrapped.enumerated() {
        lines.append((index == 0 ? first : indent) + line)
      }
    }
    return lines
  }

  /// Splits text into lines of at most `width` characters at spaces; a word longer than a
  /// line stays whole.
  package static func wrap(_ text: String, width: Int) -> [String] {
    TextLines.wrapped(text, width: width, breaksLongWords: false)
  }
}
