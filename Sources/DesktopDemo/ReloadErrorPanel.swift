import Frames

/// The scenario file's validation error, shown while the last good stats stay in force.
struct ReloadErrorPanel {
  var message: String

  func draw(into builder: inout FrameBuilder) {
    let lines =
      ["Scenario reload failed; keeping the last good stats:"] + Self.wrapped(message, width: 80)
    let top = Frame.overlayHeight - 40 - Float(lines.count) * 16
    builder.drawOverlay(
      .rect(
        RectDraw(
          x: 0, y: top - 8, width: Frame.overlayWidth, height: Float(lines.count) * 16 + 16,
          color: Color(red: 60, green: 0, blue: 0, alpha: 210))),
      layer: 98)
    for (index, line) in lines.enumerated() {
      DemoMessage(text: line, color: Color(red: 255, green: 120, blue: 110), size: 14)
        .draw(into: &builder, x: 12, y: top + Float(index) * 16)
    }
  }

  /// `text` in lines of at most `width` characters, broken between words; a word longer than
  /// a line is broken where the line ends.
  static func wrapped(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for whole in text.split(separator: " ") {
      var word = Substring(whole)
      // A word longer than a line fills lines of its own.
      while word.count > width {
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
}
