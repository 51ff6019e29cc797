import Frames
import MonsterWars
import Testing

@testable import DesktopDemo

@Suite("Demo: the timeline")
struct DemoTimelineTests {
  /// A duel played for `seconds`: by the player with a few orders, or by the AI on both
  /// sides (seed 2's match lasts five minutes).
  func played(seconds: Int, autoplay: Bool = false) throws -> DemoState {
    var state = DemoState(scenario: try duel(), seed: 2, autoplay: autoplay)
    for second in 0..<seconds {
      if second % 5 == 0 { state.handle(.buy(second % 10 == 0 ? .zap : .quirk)) }
      state.advance(steps: 60)
    }
    #expect(!state.match.isOver, "the match ends before the test looks back")
    return state
  }

  @Test("the timeline goes back a minute, watches, and returns to now with the match as it was")
  func backAMinuteAndBack() throws {
    var state = try played(seconds: 75, autoplay: true)
    let now = state.match.world.stateHash()
    state.handle(.toggleTimeline)
    #expect(state.shownMatch.world.tick == 75 * 60)
    for _ in 0..<6 { state.handle(.scrub(seconds: -10)) }
    #expect(state.shownMatch.world.tick == 15 * 60)
    // The live match waits while the player looks back; the preview plays when watched.
    state.advance(steps: 30)
    #expect(state.match.world.tick == 75 * 60 && state.shownMatch.world.tick == 15 * 60)
    state.handle(.toggleWatching)
    state.advance(steps: 30)
    #expect(state.shownMatch.world.tick == 15 * 60 + 30)
    // The frame and its HUD show the past.
    #expect(state.shownMatch.makeFrame().tick == 15 * 60 + 30)
    // Orders wait until the timeline is closed.
    state.handle(.buy(.quirk), at: 1)
    #expect(state.notice?.text == "the timeline is open: T returns to now")
    state.handle(.toggleTimeline)
    #expect(state.timelineView == nil)
    #expect(state.match.world.stateHash() == now)
    #expect(state.shownMatch.world.tick == 75 * 60)
  }

  @Test("playing on from the past is a new branch, and the recording replays it")
  func playOnFromHere() throws {
    var state = try played(seconds: 20)
    state.handle(.toggleTimeline)
    state.handle(.scrub(seconds: -10))
    state.handle(.scrub(seconds: -3))
    state.handle(.playFromHere, at: 5)
    #expect(state.timelineView == nil)
    #expect(state.match.world.tick == 7 * 60)
    #expect(state.notice?.text.hasPrefix("playing on from 0:07: a new branch") == true)
    state.handle(.buy(.quirk))
    state.advance(steps: 200)
    let recording = state.recording(program: "sandbox test")
    let replayed = try ReplayScript.play(MatchRecording(bytes: recording.bytes()))
    #expect(replayed.match.world.tick == state.match.world.tick)
    #expect(replayed.match.world.stateHash() == state.match.world.stateHash())
  }

  @Test("a replay's timeline only shows the past")
  func replayIsViewOnly() throws {
    let played = try played(seconds: 12)
    var replay = DemoState(replaying: played.recording(program: "sandbox test"))
    replay.advance(steps: 600)
    replay.handle(.toggleTimeline)
    replay.handle(.scrub(seconds: -5))
    replay.handle(.playFromHere, at: 1)
    #expect(replay.timelineView != nil)
    #expect(replay.notice?.text == "a recording plays as it was: the timeline only shows it")
  }

  @Test("keys mean the timeline's moves while it is open")
  func keys() {
    let roster = Roster.standard
    #expect(DesktopDemo.action(for: .character("t"), roster: roster) == .toggleTimeline)
    #expect(DesktopDemo.action(for: .left, roster: roster) == .pan(x: -0.25, y: 0))
    #expect(
      DesktopDemo.action(for: .left, roster: roster, isTimelineOpen: true) == .scrub(seconds: -1))
    #expect(
      DesktopDemo.action(for: .up, roster: roster, isTimelineOpen: true) == .scrub(seconds: -10))
    #expect(DesktopDemo.action(for: .enter, roster: roster, isTimelineOpen: true) == .playFromHere)
    #expect(
      DesktopDemo.action(for: .escape, roster: roster, isTimelineOpen: true) == .toggleTimeline)
    #expect(DesktopDemo.action(for: .escape, roster: roster) == .quit)
  }
}

@Suite("Demo: a recording's bar")
struct DemoReplayBarTests {
  /// A recording of a duel played for 20 seconds, with orders and a restart 5 seconds in.
  func recording() throws -> MatchRecording {
    var state = DemoState(scenario: try duel(), seed: 4, autoplay: false)
    state.handle(.buy(.zap))
    state.advance(steps: 300)
    state.handle(.restart)
    state.handle(.buy(.quirk))
    state.advance(steps: 900)
    return state.recording(program: "sandbox test")
  }

  @Test("the bar counts the ticks played across a restart, and seeks forward and back to them")
  func seeks() throws {
    let recording = try recording()
    var replay = DemoState(replaying: recording)
    let total = try #require(replay.replayProgress).total
    #expect(total == 300 + 900)
    replay.advance(steps: 100)
    #expect(replay.replayProgress?.played == 100)
    replay.handle(.seekReplay(fraction: 0.75), at: 1)
    #expect(replay.replaySeekTarget == 900 && replay.clockRuns)
    var steps = 0
    while replay.replaySeekTarget != nil && steps < 100 {
      replay.advance(steps: 1)
      steps += 1
    }
    #expect(replay.replayProgress?.played == 900)
    // Seeking goes in steps of many ticks, not the clock's one.
    #expect(steps <= 900 / DemoState.seekTicksPerStep + 1)
    // The same match as a replay played straight to there: 600 ticks after the restart.
    var straight = DemoState(replaying: recording)
    straight.advance(steps: 900)
    #expect(replay.match.world.stateHash() == straight.match.world.stateHash())
    #expect(replay.match.world.tick == 600)
    // Back: the recording plays again from its start to a third of the way.
    replay.handle(.seekReplay(fraction: 1.0 / 3), at: 2)
    #expect(replay.replayProgress?.played == 0 && replay.replaySeekTarget == 400)
    while replay.replaySeekTarget != nil { replay.advance(steps: 1) }
    var third = DemoState(replaying: recording)
    third.advance(steps: 400)
    #expect(replay.match.world.stateHash() == third.match.world.stateHash())
  }

  @Test("the bar is drawn along the bottom, and a click on it asks for a seek there")
  func drawn() throws {
    var replay = DemoState(replaying: try recording())
    replay.advance(steps: 600)
    let frame = replay.match.makeFrame()
    let decoration = replay.decoration(now: 0, statistics: .init())
    let bar = try #require(decoration.replayBar)
    #expect(bar.y > Frame.overlayHeight / 2)
    let texts = overlayTexts(decoration.apply(to: frame))
    #expect(texts.contains("Recording: 0:10 of 0:20"))
    #expect(
      TimelineView.fraction(atX: bar.x + 6 + (bar.width - 12) / 2, bar: bar.insetBy(6)) == 0.5)
  }
}
