import Gameplay
import Testing

@testable import GameShell

@Suite("GameShell: the window's timeline")
struct GameTimelineTests {
  /// A drift of step 2 from seed 5, and its timeline, after `ticks` ticks with an input of
  /// 100 on every 45th; the drift's value after each tick, by tick.
  func played(_ ticks: Int) -> (Drift, GameTimeline<Drift>, [UInt64: UInt64]) {
    var drift = Drift(seed: 5, settings: GameSettings(Drift.settings))
    var timeline = GameTimeline(drift)
    var values: [UInt64: UInt64] = [0: drift.value]
    for _ in 0..<ticks {
      let given = drift.tick % 45 == 0 ? [SeatInput(seat: 1, input: 100)] : []
      let tick = drift.tick
      drift.advance(with: given)
      timeline.record(given, ranAt: tick, then: drift)
      values[drift.tick] = drift.value
    }
    return (drift, timeline, values)
  }

  @Test("a copy at every whole second; the past replays with the inputs it had")
  func lookBack() throws {
    var (drift, timeline, values) = played(300)
    #expect(timeline.copies.map(\.tick) == [0, 60, 120, 180, 240, 300])
    timeline.toggle()
    #expect(timeline.isOpen && timeline.shown?.tick == 300)
    _ = timeline.handle(.keyDown(.left))
    _ = timeline.handle(.keyDown(.up))
    #expect(timeline.shown?.tick == 0)
    _ = timeline.handle(.keyDown(.down))
    #expect(timeline.shown?.tick == 300)
    _ = timeline.handle(.keyDown(.left))
    _ = timeline.handle(.keyDown(.left))
    _ = timeline.handle(.keyDown(.space))
    timeline.play(40, upTo: drift.tick)
    let shown = try #require(timeline.shown)
    #expect(shown.tick == 220 && shown.value == values[220])
    #expect(timeline.line(now: 300, ticksPerSecond: 60).hasPrefix("the past: 1 s ago (playing)"))
    // Played to the present, it stops there.
    timeline.play(500, upTo: drift.tick)
    #expect(timeline.shown?.value == drift.value && !timeline.isPlaying)
    _ = timeline.handle(.keyDown(.left))
    let travel = timeline.handle(.keyDown(.enter))
    let back = try #require(travel)
    #expect(back.tick == 240 && !timeline.isOpen)
    #expect(timeline.copies.map(\.tick) == [0, 60, 120, 180, 240])
    drift = back
    #expect(drift.value == values[240])
  }

  @Test("a click or a drag on the bar seeks to the copy nearest that point of the past")
  func seekOnTheBar() throws {
    var (drift, timeline, values) = played(300)
    timeline.toggle()
    #expect(timeline.fraction(now: 300) == 1)
    timeline.seek(to: 0.45, now: drift.tick)
    #expect(timeline.shown?.tick == 120 && timeline.fraction(now: 300) == 0.4)
    timeline.seek(to: 0, now: drift.tick)
    #expect(timeline.shown?.value == values[0])
    // Through the window: the bar the view drew takes the click.
    var play = GamePlay(try Recorder(drift), tickLimit: nil, replaying: nil)
    for _ in 0..<3 { _ = play.step(60) }
    drift = play.recorder.game
    play.take([.keyDown(.character("t"))], width: 1280, height: 720)
    _ = play.frame(alpha: 1)
    let bar = try #require(play.view.bar)
    play.take(
      [.mouseDown(x: Int(bar.x + 8), y: Int(bar.y + bar.height / 2))], width: 1280, height: 720)
    #expect(play.timeline?.shown?.tick == drift.tick - 180)
    play.take(
      [.mouseDragged(x: Int(bar.right - 8), y: Int(bar.y + bar.height / 2))], width: 1280,
      height: 720)
    #expect(play.timeline?.shown?.tick == drift.tick)
  }

  @Test("the copies kept fit the byte budget, judged by a snapshot's size")
  func bounded() {
    var drift = Drift(seed: 1, settings: GameSettings(Drift.settings))
    // A drift's snapshot is 16 bytes: 64 bytes hold four copies.
    var timeline = GameTimeline(drift, budgetBytes: 64)
    #expect(timeline.limit == 4)
    for _ in 0..<600 {
      let tick = drift.tick
      drift.advance(with: [])
      timeline.record([], ranAt: tick, then: drift)
    }
    #expect(timeline.copies.map(\.tick) == [420, 480, 540, 600])
  }
}
