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
    #expect(overlayTexts(frame).contains("draw+present ms"))
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

@Suite("Demo: decorating a frame drawn between two ticks")
struct InterpolatedDecorationTests {
  @Test("the marker and a following camera go where the selection is drawn, between ticks")
  func selectionBetweenTicks() {
    let entity = AnyEntityID(rawValue: 7)
    func frame(x: Float) -> Frame {
      var instances = FrameInstances()
      instances.appendKind(
        sprite: SpriteID("quirk"), layer: 2,
        instances: [SpriteInstance(kind: 0, x: 300, y: 150, width: 20, height: 20)],
        entities: [AnyEntityID(rawValue: 3)])
      instances.appendKind(
        sprite: SpriteID("zap"), layer: 2,
        instances: [SpriteInstance(kind: 0, x: x, y: 50, width: 20, height: 20)],
        entities: [entity])
      return Frame(tick: 1, worldWidth: 400, worldHeight: 200, instances: instances)
    }
    let decoration = Decoration(
      overlay: [], camera: Camera(centreX: 0, centreY: 0, zoom: 2), isFollowing: true,
      selection: entity)
    let pairing = InstancePairing(from: frame(x: 60).instances, to: frame(x: 100).instances)
    let decorated = decoration.apply(to: frame(x: 100), pairedWith: pairing, alpha: 0.25)
    let marker = decorated.world.compactMap { command -> RectDraw? in
      if case .rect(let rect) = command.shape, !rect.isFilled { rect } else { nil }
    }
    // A quarter of the way from 60 to 100: drawn at 70, framed 2 pixels out.
    #expect(marker.map(\.x) == [70 - 10 - 2])
    #expect(decorated.camera?.centreX == 70 && decorated.camera?.centreY == 50)
    // Without an earlier frame, where the frame has it.
    #expect(decoration.apply(to: frame(x: 100)).camera?.centreX == 100)
  }
}
