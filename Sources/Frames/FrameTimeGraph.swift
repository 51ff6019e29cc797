/// Bars of the last frames' times: drawing (green) and presenting (blue) stacked for the main
/// thread, the simulation's steps (orange) below, each against a line at one frame of the
/// window's frame rate: F1's graph in every window.
package struct FrameTimeGraph {
  /// The frames, oldest first.
  package var samples: [RecentFrameTimes.Sample]
  /// Milliseconds a frame has at the window's frame rate, which a line across each graph marks.
  package var budgetMilliseconds: Double

  /// A graph of `samples` against a frame's `budgetMilliseconds`.
  package init(samples: [RecentFrameTimes.Sample], budgetMilliseconds: Double) {
    self.samples = samples
    self.budgetMilliseconds = budgetMilliseconds
  }

  /// Milliseconds the full height of a graph stands for.
  package static let range = 40.0
  /// The height of each of the two graphs, in overlay pixels.
  package static let height: Float = 48
  package static let draw = Color(red: 110, green: 220, blue: 110)
  package static let present = Color(red: 100, green: 160, blue: 255)
  package static let simulation = Color(red: 255, green: 160, blue: 70)

  /// Overlay pixels for `milliseconds`, clipped to the graph.
  package static func barHeight(_ milliseconds: Double) -> Float {
    Float(min(max(milliseconds, 0), range) / range) * height
  }

  /// The height of a graph's label.
  package static let labelHeight: Float = 14
  /// The panel's width: a bar for each frame kept, and a margin each side.
  package static let width = Float(RecentFrameTimes.capacity) + 12
  /// The panel's height: both graphs with their labels.
  package static let totalHeight = 2 * (labelHeight + height) + 14

  package func draw(into builder: inout FrameBuilder, x: Float, y: Float) {
    let width = Float(RecentFrameTimes.capacity)
    let labelHeight = Self.labelHeight
    builder.drawOverlay(
      .rect(
        RectDraw(
          x: x, y: y, width: Self.width, height: Self.totalHeight,
          color: Color(red: 0, green: 0, blue: 0, alpha: 170))),
      layer: 98)
    let graphs:
      [(label: String, top: Float, parts: [(Color, KeyPath<RecentFrameTimes.Sample, Double>)])] = [
        (
          "draw+present ms", y + 4 + labelHeight,
          [(Self.draw, \.draw), (Self.present, \.present)]
        ),
        (
          "simulation ms", y + 10 + 2 * labelHeight + Self.height, [(Self.simulation, \.simulation)]
        ),
      ]
    let budget = budgetMilliseconds
    for graph in graphs {
      GraphLabel(text: graph.label).draw(into: &builder, x: x + 6, y: graph.top - labelHeight + 2)
      let bottom = graph.top + Self.height
      // Newest on the right, so the graph fills from the right as frames come in.
      let left = x + 6 + width - Float(samples.count)
      for (index, sample) in samples.enumerated() {
        var base = bottom
        for (color, part) in graph.parts {
          let height = min(Self.barHeight(sample[keyPath: part]), base - graph.top)
          guard height > 0 else { continue }
          base -= height
          builder.drawOverlay(
            .rect(
              RectDraw(x: left + Float(index), y: base, width: 1, height: height, color: color)),
            layer: 99)
        }
      }
      builder.drawOverlay(
        .rect(
          RectDraw(
            x: x + 6, y: bottom - Self.barHeight(budget), width: width, height: 1,
            color: Color(red: 255, green: 255, blue: 255, alpha: 140))),
        layer: 99)
    }
  }
}

/// A graph's label: small and grey.
private struct GraphLabel: HUDLabel {
  var text: String
  var textColor: Color { Color(red: 200, green: 200, blue: 200) }
  var fontSize: Float { 12 }
}
