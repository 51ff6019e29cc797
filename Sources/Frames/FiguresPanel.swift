/// F1's panel in every window: lines of figures on a dark panel, and beside or under it, where
/// there is room, a graph of the last frames' times.
package struct FiguresPanel {
  /// The figures, a line each.
  package var lines: [String]
  /// The graph, if the window keeps its frames' times.
  package var graph: FrameTimeGraph?

  /// A panel of `lines` and, if given, `graph`.
  package init(lines: [String], graph: FrameTimeGraph? = nil) {
    self.lines = lines
    self.graph = graph
  }

  /// Draws the figures where `layout` places them near the first of `places` with room, and
  /// the graph likewise after them; what finds no room is not drawn.
  package func draw(
    layout: inout HUDLayout, near places: [HUDLayout.Place], into builder: inout FrameBuilder
  ) {
    let labels = lines.map(FigureLabel.init(text:))
    // Widened in steps of 40 pixels, so that the panel does not jitter with the figures.
    let widest = (labels.map(\.width).max() ?? 0) + 16
    let width = max(320, (widest / 40).rounded(.up) * 40)
    if !labels.isEmpty,
      let panel = layout.place(width: width, height: Float(labels.count) * 16 + 10, near: places)
    {
      builder.drawOverlay(
        .rect(
          RectDraw(panel, color: Color(red: 0, green: 0, blue: 0, alpha: 170))),
        layer: 98)
      for (index, label) in labels.enumerated() {
        label.draw(into: &builder, x: panel.x + 8, y: panel.y + 6 + Float(index) * 16)
      }
    }
    if let graph,
      let place = layout.place(
        width: FrameTimeGraph.width, height: FrameTimeGraph.totalHeight, near: places)
    {
      graph.draw(into: &builder, x: place.x, y: place.y)
    }
  }

  /// `value` with `decimals` (1 or 2) decimals, rounded: `12.35`.
  package static func figure(_ value: Double, decimals: Int = 2) -> String {
    let scale = decimals == 1 ? 10.0 : 100.0
    let scaled = Int((value * scale).rounded())
    let whole = scaled / Int(scale)
    let fraction = abs(scaled % Int(scale))
    let digits = String(fraction)
    return "\(whole)." + String(repeating: "0", count: decimals - digits.count) + digits
  }

  /// A line for each of `times`, indented: `  movement 1.52 ms`.
  package static func timeLines(_ times: [(name: String, seconds: Double)]) -> [String] {
    times.map { "  \($0.name) \(figure($0.seconds * 1000)) ms" }
  }
}

/// One line of figures: light green, 13 pixels.
private struct FigureLabel: HUDLabel {
  var text: String
  var textColor: Color { Color(red: 160, green: 255, blue: 160) }
  var fontSize: Float { 13 }
}
