import Frames

/// The scenario file's validation error, shown while the last good stats stay in force.
struct ReloadErrorPanel {
  var message: String

  func draw(into builder: inout FrameBuilder) {
    let lines = ["Scenario reload failed; keeping the last good stats:"] + wrapped(message, 80)
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

  private func wrapped(_ text: String, _ width: Int) -> [String] {
    var lines: [String] = []
    var rest = Substring(text)
    while rest.count > width {
      lines.append(String(rest.prefix(width)))
      rest = rest.dropFirst(width)
    }
    lines.append(String(rest))
    return lines
  }
}
