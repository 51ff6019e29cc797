import Gameplay
import Testing

@testable import GameShell

@Suite("GameShell: the window's game on a thread of its own")
struct SteppedPlayTests {
  @Test("a step longer than a frame runs on while the window waits a frame at a time")
  func longStep() throws {
    var drift = Drift(seed: 1, settings: GameSettings(Drift.settings))
    drift.tickSeconds = 0.05
    let stepped = SteppedPlay(GamePlay(try Recorder(drift), tickLimit: nil, replaying: nil))
    // Nothing started: nothing to wait for.
    #expect(stepped.finishes(within: 0))
    stepped.start(4)
    // Four ticks of 50 ms: not done within a 60th of a second, done within a few seconds.
    #expect(!stepped.finishes(within: 1.0 / 60))
    #expect(stepped.finishes(within: 10))
    let step = try #require(stepped.wait())
    #expect(step.ticks == 4 && step.seconds >= 0.2)
    #expect(stepped.play.recorder.game.tick == 4 && stepped.play.recorder.game.value == 9)
  }
}
