import Frames
import Testing

@testable import DesktopDemo

@Suite("Demo: F1's graph of recent frame times")
struct FrameTimeGraphTests {
  /// The graph's bars in `frame`'s overlay, by colour: their heights, oldest first.
  func bars(in frame: Frame, color: Color) -> [Float] {
    frame.overlay.compactMap { command in
      guard case .rect(let rect) = command.shape, rect.color == color, rect.width == 1 else {
        return nil
      }
      return rect.height
    }
  }

  @Test("each frame is a bar: drawing and presenting stacked, the simulation below")
  func barsPerFrame() throws {
    var state = DemoState(scenario: try duel(), seed: 1, autoplay: true)
    state.handle(.toggleDebugOverlay)
    var statistics = FrameStatistics()
    statistics.recent.record(draw: 10, present: 5, simulation: 20)
    statistics.recent.record(draw: 4, present: 1, simulation: 0)
    // Off the top of the graph: cut at its height, with presenting left no room.
    statistics.recent.record(draw: 90, present: 3, simulation: 60)
    let frame = state.decorate(state.match.makeFrame(), now: 0, statistics: statistics)
    let height = FrameTimeGraph.height
    // 40 ms is the graph's full height.
    #expect(bars(in: frame, color: FrameTimeGraph.draw) == [height / 4, height / 10, height])
    #expect(bars(in: frame, color: FrameTimeGraph.present) == [height / 8, height / 40])
    #expect(bars(in: frame, color: FrameTimeGraph.simulation) == [height / 2, height])
    #expect(overlayTexts(frame).contains("draw + present ms"))
    #expect(overlayTexts(frame).contains("simulation ms"))
  }

  @Test("the graph keeps the last three seconds of frames, oldest first")
  func window() {
    var recent = RecentFrameTimes()
    for frame in 0..<(RecentFrameTimes.capacity + 20) {
      recent.record(draw: Double(frame), present: 0, simulation: 0)
    }
    let kept = recent.inOrder.map(\.draw)
    #expect(kept.count == RecentFrameTimes.capacity)
    #expect(kept.first == 20 && kept.last == Double(RecentFrameTimes.capacity + 19))
    #expect(kept == kept.sorted())
  }
}
