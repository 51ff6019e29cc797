import Gameplay
import SDLBackend
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

  @Test("a replay's bar shows how far it has played and seeks on and back to the same game")
  func replaySeeks() throws {
    let start = Drift(seed: 5, settings: GameSettings(Drift.settings))
    func inputs(_ tick: Int) -> [SeatInput<Drift.Input>] {
      tick % 45 == 0 ? [SeatInput(seat: 1, input: 100)] : []
    }
    var straight = start
    var values: [Int: UInt64] = [:]
    for tick in 0..<600 {
      straight.advance(with: inputs(tick))
      values[tick + 1] = straight.value
    }
    var play = GamePlay(try Recorder(start), tickLimit: 600, replaying: { inputs($0) })
    _ = play.step(100)
    #expect(play.replayProgress?.played == 100 && play.replayProgress?.total == 600)
    _ = play.frame(alpha: 1)
    let bar = try #require(play.view.bar)
    // Three quarters along the bar: on to tick 450, 60 ticks a step.
    let x: Float = bar.x + 8 + (bar.width - 16) * 0.75
    let click = InputEvent.mouseDown(x: Int(x), y: Int(bar.y) + 10)
    play.take([click], width: 1280, height: 720)
    #expect(play.seekTarget == 450)
    var steps = 0
    while play.seekTarget != nil && steps < 20 {
      _ = play.step(1)
      steps += 1
    }
    #expect(play.recorder.game.tick == 450 && play.recorder.game.value == values[450])
    #expect(steps == 6)
    // Back to a sixth: played again from the start.
    play.seekReplay(to: 1.0 / 6)
    #expect(play.recorder.game.tick == 0 && play.seekTarget == 100)
    while play.seekTarget != nil { _ = play.step(1) }
    #expect(play.recorder.game.value == values[100])
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
