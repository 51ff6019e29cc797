/// Text broken into lines for the HUD's monospaced font, the one way every window breaks it.
package enum TextLines {
  /// `text` in lines of at most `width` characters, broken between words; a word longer than
  /// a line is broken where the line ends, or, unless `breaksLongWords`, left whole on a line
  /// of its own (a command line's help keeps an option or a path in one piece).
  package static func wrapped(
    _ text: String, width: Int, breaksLongWords: Bool = true
  ) -> [String] {
    var lines: [String] = []
    var line = ""
    for whole in text.split(separator: " ") {
      var word = Substring(whole)
      // A word longer than a line fills lines of its own.
      while breaksLongWords && word.count > width {
        if !line.isEmpty { lines.append(line) }
        line = ""
        lines.append(String(word.prefix(width)))
        word = word.dropFirst(width)
      }
      guard !word.isEmpty else { continue }
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }

  /// `text` in lines of at most `width` characters, broken between the double spaces that part
  /// a hint line's items where they can be, else between words (`wrapped(_:width:)`).
  package static func wrappedItems(_ text: String, width: Int) -> [String] {
    guard text.count > width else { return [text] }
    var lines: [String] = []
    var line = ""
    for item in text.components(separatedBy: "  ") {
      let joined = line.isEmpty ? item : line + "  " + item
      if joined.count <= width {
        line = joined
        continue
      }
      if !line.isEmpty { lines.append(line) }
      line = ""
      for piece in wrapped(item, width: width) {
        if !line.isEmpty { lines.append(line) }
        line = piece
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
