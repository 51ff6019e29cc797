import Frames

/// The scenario file's validation error, shown while the last good stats stay in force.
struct ReloadErrorPanel {
  var message: String

  /// Draws the message, its lines broken to the canvas's width, on a dark red band across the
  /// bottom of the window, above the hints, where `layout` places it.
  func draw(layout: inout HUDLayout, into builder: inout FrameBuilder) {
    let size: Float = 14
    let width = layout.canvas.width - 2 * layout.margin
    let lines =
      ["Scenario reload failed; keeping the last good stats:"]
      + TextLines.wrapped(message, width: max(Int((width - 16) / size), 20))
    let height = Float(lines.count) * 16 + 16
    guard let rect = layout.place(width: width, height: height, near: [.bottom, .top]) else {
      return
    }
    builder.drawOverlay(
      .rect(
        RectDraw(rect, color: Color(red: 60, green: 0, blue: 0, alpha: 210))),
      layer: 98)
    for (index, line) in lines.enumerated() {
      DemoMessage(text: line, color: Color(red: 255, green: 120, blue: 110), size: size)
        .draw(into: &builder, x: rect.x + 8, y: rect.y + 8 + Float(index) * 16)
    }
  }
}
