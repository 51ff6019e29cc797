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
      FiguresPanel.figure(value, decimals: decimals)
    }
    let lines =
      [
        "fps \(figure(statistics.framesPerSecond, 1))  frame \(figure(statistics.frameMilliseconds)) ms",
        "draw \(figure(statistics.drawMilliseconds)) ms  simulation \(figure(statistics.simulationMilliseconds)) ms",
        "tick \(figure(statistics.tickMilliseconds, 2)) ms  entities \(world.entityCount)",
      ] + FiguresPanel.timeLines(world.lastTickTimes) + network
    let graph = FrameTimeGraph(
      samples: statistics.recent.inOrder,
      budgetMilliseconds: 1000 / DesktopDemo.targetFramesPerSecond)
    FiguresPanel(lines: lines, graph: graph).draw(
      layout: &layout, near: [.topLeft, .topRight, .bottomLeft, .left, .right, .top],
      into: &builder)
  }
}
