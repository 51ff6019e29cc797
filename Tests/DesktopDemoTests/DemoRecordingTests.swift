import Foundation
import Frames
import MonsterWars
import Testing
import TraitSandbox

@testable import DesktopDemo

@Suite("Demo recordings")
struct DemoRecordingTests {
  /// A session with orders, a live-tuning reload and a restart, played `ticks` ticks in bursts.
  private func playedSession() throws -> DemoState {
    var state = DemoState(scenario: try duel(), seed: 3, autoplay: false)
    state.handle(.buy(.zap))
    state.advance(steps: 90)
    state.handle(.buy(.munch))
    state.handle(.buy(.quirk))
    state.advance(steps: 400)
    var tuned = try duel()
    // Every kind runs faster, so the reload shows whichever kinds the castles buy.
    for kind in tuned.roster.kinds { tuned.units[kind]?.speed = 200 }
    state.scenarioReloaded(.success(tuned), at: 0)
    state.advance(steps: 300)
    state.handle(.restart)
    state.advance(steps: 50)
    state.handle(.buy(.munch))
    state.handle(.togglePause)
    state.handle(.stepOnce)
    state.advance(steps: 10)
    state.handle(.togglePause)
    state.advance(steps: 120)
    return state
  }

  @Test("a recorded session replays headless to the demo's tick and state hash")
  func replayHeadless() throws {
    let state = try playedSession()
    let recording = state.recording(program: "sandbox test")
    let inputs = recording.inputs.map { recorded -> String in
      switch recorded.input {
      case .order(let kind, let side): "order \(kind) \(side.name)"
      case .cancelOrder(let side): "cancel \(side.name)"
      case .restart: "restart"
      case .retune: "retune"
      case .travel(let tick): "travel \(tick)"
      }
    }
    #expect(
      inputs == [
        "order zap left", "order munch left", "order quirk left", "retune", "restart",
        "order munch left",
      ])
    #expect(recording.inputs.map(\.tick) == [0, 90, 90, 490, 790, 50])
    #expect(recording.finalTick == 50 + 1 + 120)
    let read = try MatchRecording(bytes: try recording.bytes())
    #expect(read == recording)
    for threads in [1, 2] {
      let replayed = try ReplayScript.play(read, threads: threads)
      #expect(replayed.match.world.tick == recording.finalTick)
      #expect(replayed.match.world.stateHash() == state.match.world.stateHash())
      #expect(replayed.scenario.units[.quirk]?.speed == 200)
    }
  }

  @Test("without the reload, the replay ends elsewhere: the reload is part of the recording")
  func reloadMatters() throws {
    let state = try playedSession()
    var recording = state.recording(program: "sandbox test")
    recording.inputs.removeAll {
      if case .retune = $0.input { true } else { false }
    }
    let replayed = try ReplayScript.play(recording)
    #expect(replayed.match.world.stateHash() != state.match.world.stateHash())
  }

  @Test("the window plays a recording back to the same state, and R plays it again")
  func replayInWindow() throws {
    let played = try playedSession()
    let recording = played.recording(program: "sandbox test")
    var state = DemoState(replaying: recording)
    state.handle(.buy(.munch))
    #expect(state.match.castle(of: .left)?.orders.isEmpty == true)
    var frames = 0
    while !state.replayIsFinished && frames < 10_000 {
      state.advance(steps: 7)
      frames += 1
    }
    #expect(state.replayIsFinished)
    #expect(state.match.world.stateHash() == played.match.world.stateHash())
    // At its end the replay stands still.
    #expect(state.advance(steps: 5) == 0)
    let end = overlayTexts(state.decorate(state.match.makeFrame(), now: 0, statistics: .init()))
    #expect(end.contains { $0.hasPrefix("End of the recording, stateHash") })
    state.handle(.restart)
    #expect(state.match.world.tick == 0)
    #expect(!state.replayIsFinished)
  }

  @Test("a recording whose inputs skip back in time stops the replay with a reason")
  func inconsistent() throws {
    var recording = try playedSession().recording(program: "sandbox test")
    recording.inputs.remove(at: 4)  // the restart: the last order now comes before its tick
    #expect(throws: SavedFileError.self) { try ReplayScript.play(recording) }
    var state = DemoState(replaying: recording)
    state.advance(steps: 5_000)
    #expect(state.replayError?.hasPrefix("The recording stopped: input 5 is for tick 50") == true)
  }
}
