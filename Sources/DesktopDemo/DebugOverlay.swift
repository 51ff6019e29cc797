import Frames
import TraitSandbox

/// F1's overlay: frame and tick timings, entity count and time per system.
struct DebugOverlay {
  var statistics: FrameStatistics
  var world: World

  func draw(into builder: inout FrameBuilder) {
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
    let top: Float = 56
    builder.drawOverlay(
      .rect(
        RectDraw(
          x: 4, y: top - 6, width: 360, height: Float(lines.count) * 16 + 10,
          color: Color(red: 0, green: 0, blue: 0, alpha: 170))),
      layer: 98)
    for (index, line) in lines.enumerated() {
      DemoMessage(text: line, color: Color(red: 160, green: 255, blue: 160), size: 13)
        .draw(into: &builder, x: 12, y: top + Float(index) * 16)
    }
  }
}
