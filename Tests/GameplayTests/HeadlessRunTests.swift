import Gameplay
import Testing
import TraitSandbox

/// What a closure of a run throws.
private struct Stop: Error {}

@Suite("A headless run of any game")
struct HeadlessRunTests {
  @Test("a run steps to its tick limit, watching each tick, and ends where a plain loop does")
  func tickLimit() throws {
    var garden = Garden()
    garden.advance(with: [SeatInput(seat: 0, input: Planting(x: 10, y: 10))])
    var plain = garden
    for _ in 0..<25 { plain.advance() }
    var run = HeadlessRun<Garden>(tickLimit: 25)
    var before: [UInt64] = []
    var after: [(UInt64, Int)] = []
    try run.run(&garden) {
      before.append($0.tick)
    } afterTick: { garden, progress in
      after.append((garden.tick, progress.ticksRun))
      #expect(progress.tickSeconds >= 0 && progress.seconds >= progress.tickSeconds)
    }
    #expect(run.ticksRun == 25 && garden.tick == 26 && run.seconds > 0)
    #expect(before == Array(1...25) && after.map(\.0) == Array(2...26))
    #expect(after.map(\.1) == Array(1...25))
    #expect(garden.stateHash() == plain.stateHash() && run.syncTest == nil)
  }

  @Test("a run stops when the game is over, and a game over at the start steps nothing")
  func over() throws {
    var garden = Garden(endTick: 7)
    var run = HeadlessRun<Garden>(tickLimit: 100)
    try run.run(&garden)
    #expect(run.ticksRun == 7 && garden.tick == 7)
    var again = HeadlessRun<Garden>(tickLimit: 100)
    try again.run(&garden)
    #expect(again.ticksRun == 0)
  }

  @Test("with a sync test every tick rolls back, and state outside the snapshot stops the run")
  func syncTest() throws {
    var garden = Garden()
    var run = HeadlessRun<Garden>(tickLimit: 12, syncTestRollback: 3)
    try run.run(&garden)
    #expect(run.syncTest?.rollbacks == 10 && garden.tick == 12)
    var leaky = Garden(leaky: true)
    var failing = HeadlessRun<Garden>(tickLimit: 12, syncTestRollback: 3)
    #expect(throws: SyncTest<Garden>.Failure.self) { try failing.run(&leaky) }
    #expect(failing.ticksRun == 2)
  }

  @Test("what a closure throws stops the run after that tick")
  func closureThrows() {
    var garden = Garden()
    var run = HeadlessRun<Garden>(tickLimit: 50)
    #expect(throws: Stop.self) {
      try run.run(&garden, beforeTick: { _ in }) { _, progress in
        if progress.ticksRun == 4 { throw Stop() }
      }
    }
    #expect(run.ticksRun == 4 && garden.tick == 4)
  }
}
