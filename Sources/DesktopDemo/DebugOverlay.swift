import Frames
import TraitSandbox

/// F1's overlay: frame and tick timings, entity count and time per system, and a graph of the
/// last few seconds of frame times beside them.
struct DebugOverlay {
  var statistics: FrameStatistics
  var world: World
  /// What a match over the network costs, after the timings.
  var network: [String] = []

  /// Draws the figures and, beside or under them where there is room, the graph, each where
  /// `layout` places it: left of the player's castle's side first.
  func draw(layout: inout HUDLayout, into builder: inout FrameBuilder) {
    func figure(_ value: Double, _ decimals: Int = 2) -> String {
      let scale = decimals == 1 ? 10.0 : 100.0
      let scaled = Int((value * scale).rounded())
      let whole = scaled / Int(scale)
      let fraction = abs(scaled % Int(scale))
      let digits = String(fraction)
      return "\(whole)." + String(repeating: "0", count: decimals - digits.count) + digits
    }
    var lines = [
      "fps \(figure(statistics.framesPerSecond, 1))  frame \(figure(statistics.frameMilliseconds)) ms",
      "draw \(figure(statistics.drawMilliseconds)) ms  simulation \(figure(statistics.simulationMilliseconds)) ms",
      "tick \(figure(statistics.tickMilliseconds, 2)) ms  entities \(world.entityCount)",
    ]
    for (system, seconds) in zip(world.systems, world.lastSystemTimes) {
      lines.append("  \(system.name) \(figure(seconds * 1000, 2)) ms")
    }
    if !world.lastSystemTimes.isEmpty {
      // The end of the tick, after its systems.
      let end = world.lastTickEndTimes
      for (name, seconds) in [
        ("despawns", end.despawns), ("spawns", end.spawns), ("spatialSort", end.spatialSort),
      ] {
        lines.append("  \(name) \(figure(seconds * 1000, 2)) ms")
      }
    }
    lines += network
    let messages = lines.map {
      DemoMessage(text: $0, color: Color(red: 160, green: 255, blue: 160), size: 13)
    }
    // Widened in steps of 40 pixels, so that the panel does not jitter with the figures.
    let widest = (messages.map(\.width).max() ?? 0) + 16
    let width = max(320, (widest / 40).rounded(.up) * 40)
    let places: [HUDLayout.Place] = [.topLeft, .topRight, .bottomLeft, .left, .right, .top]
    guard
      let panel = layout.place(
        width: width, height: Float(lines.count) * 16 + 10, near: places)
    else { return }
    builder.drawOverlay(
      .rect(
        RectDraw(
          x: panel.x, y: panel.y, width: panel.width, height: panel.height,
          color: Color(red: 0, green: 0, blue: 0, alpha: 170))),
      layer: 98)
    for (index, message) in messages.enumerated() {
      message.draw(into: &builder, x: panel.x + 8, y: panel.y + 6 + Float(index) * 16)
    }
    if let graph = layout.place(
      width: FrameTimeGraph.width, height: FrameTimeGraph.totalHeight, near: places)
    {
      FrameTimeGraph(samples: statistics.recent.inOrder).draw(
        into: &builder, x: graph.x, y: graph.y)
    }
  }
}

/// Bars of the last frames' times: drawing (green) and presenting (blue) stacked for the main
/// thread, the simulation's steps (orange) below, each against a line at one frame of the
/// demo's frame rate.
struct FrameTimeGraph {
  var samples: [RecentFrameTimes.Sample]

  /// Milliseconds the full height of a graph stands for.
  static let range = 40.0
  /// The height of each of the two graphs, in overlay pixels.
  static let height: Float = 48
  static let draw = Color(red: 110, green: 220, blue: 110)
  static let present = Color(red: 100, green: 160, blue: 255)
  static let simulation = Color(red: 255, green: 160, blue: 70)

  /// Overlay pixels for `milliseconds`, clipped to the graph.
  static func barHeight(_ milliseconds: Double) -> Float {
    Float(min(max(milliseconds, 0), range) / range) * height
  }

  /// The height of a graph's label.
  static let labelHeight: Float = 14
  /// The panel's width: a bar for each frame kept, and a margin each side.
  static let width = Float(RecentFrameTimes.capacity) + 12
  /// The panel's height: both graphs with their labels.
  static let totalHeight = 2 * (labelHeight + height) + 14

  func draw(into builder: inout FrameBuilder, x: Float, y: Float) {
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
    let budget = 1000 / DesktopDemo.targetFramesPerSecond
    for graph in graphs {
      DemoMessage(text: graph.label, color: Color(red: 200, green: 200, blue: 200), size: 12)
        .draw(into: &builder, x: x + 6, y: graph.top - labelHeight + 2)
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
