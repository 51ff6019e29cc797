import Foundation
import Gameplay
import MonsterWars
import Testing
import TraitSandbox

@Suite("A match as a game: a seat per castle, orders as inputs")
struct MatchGameTests {
  private func duel() throws -> Scenario {
    try Scenario.load(contentsOf: shippedScenarios.appendingPathComponent("duel.json"))
  }

  @Test("a seat's orders reach its castle when a player controls it, and nothing else does")
  func orders() throws {
    var match = Match(scenario: try duel(), seed: 5, leftController: .player)
    #expect(Match.name == "monsterwars" && match.seats.map(\.name) == ["left", "right"])
    match.advance(with: [
      SeatInput(seat: 0, input: .buy(.zap)), SeatInput(seat: 0, input: .buy(.quirk)),
      SeatInput(seat: 0, input: .cancel),
      // The AI plays the right castle, and there is no third seat.
      SeatInput(seat: 1, input: .buy(.munch)), SeatInput(seat: 2, input: .buy(.munch)),
      SeatInput(seat: -1, input: .cancel),
    ])
    #expect(match.tick == 1)
    // The zap alone, by the match's own calls, gives the same state; no input, another.
    var byHand = Match(scenario: try duel(), seed: 5, leftController: .player)
    byHand.order(.zap, for: .left)
    byHand.step()
    #expect(byHand.stateHash() == match.stateHash())
    var idle = Match(scenario: try duel(), seed: 5, leftController: .player)
    idle.advance()
    #expect(idle.stateHash() != match.stateHash())
    for _ in 0..<60 { match.advance() }
    #expect(match.world.entities(of: ZapMonster.self).filter { $0.side == .left }.count == 1)
    #expect(match.world.entities(of: QuirkMonster.self).allSatisfy { $0.side == .right })
  }

  @Test("a sync test rolls the seats' orders back and steps them again", arguments: [1, 8])
  func syncTestWithOrders(rollback: Int) throws {
    var straight = Match(scenario: try duel(), seed: 7, leftController: .player)
    var tested = straight
    tested.shareTicks(threads: 2)
    var syncTest = SyncTest<Match>(rollback: rollback)
    let kinds: [UnitKind] = [.quirk, .zap, .munch]
    for tick in 0..<60 {
      let inputs =
        tick % 7 == 3 ? [SeatInput(seat: 0, input: CastleOrder.buy(kinds[tick % 3]))] : []
      straight.advance(with: inputs)
      try syncTest.step(&tested, inputs: inputs)
    }
    #expect(syncTest.rollbacks == 60 - rollback + 1)
    #expect(tested.stateHash() == straight.stateHash())
    // The orders made a difference: without them the left castle buys nothing.
    var idle = Match(scenario: try duel(), seed: 7, leftController: .player)
    for _ in 0..<60 { idle.advance() }
    #expect(idle.stateHash() != straight.stateHash())
  }

  @Test("a snapshot restores the match, its castles' controllers and orders included")
  func snapshot() throws {
    var match = Match(scenario: try duel(), seed: 2, leftController: .player)
    match.advance(with: [SeatInput(seat: 0, input: .buy(.munch))])
    var restored = try match.restored(from: match.snapshot())
    #expect(restored.stateHash() == match.stateHash() && restored.tick == 1)
    #expect(restored.castle(of: .left)?.controller == .player)
    for _ in 0..<30 {
      match.advance()
      restored.advance()
    }
    #expect(restored.stateHash() == match.stateHash())
    #expect(throws: (any Error).self) { try match.restored(from: [1, 2, 3]) }
  }
}

@Suite("A match recorded through the game seam")
struct MatchRecordingThroughGameTests {
  @Test("a session saved to a file holds its snapshot's bytes, and restores from them")
  func savedSession() throws {
    let duel = try Scenario.load(contentsOf: shippedScenarios.appendingPathComponent("duel.json"))
    var session = MatchSession(scenario: duel, seed: 3, playerSides: [.left])
    for tick in 0..<90 {
      if tick == 10 {
        session.advance(with: [
          SeatInput<SessionInput>(seat: 0, input: .order(.buy(UnitKind("zap"))))
        ])
      } else {
        session.advance(with: [])
      }
    }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "session-\(UUID().uuidString).snap")
    defer { try? FileManager.default.removeItem(at: url) }
    try session.save(to: url)
    let saved = [UInt8](try Data(contentsOf: url))
    #expect(saved == (try session.snapshot()))
    #expect(try session.snapshot() == session.snapshot())
    #expect(!session.inputs.isEmpty)
    let restored = try session.restored(from: saved)
    #expect(restored.stateHash() == session.stateHash())
    #expect(restored.inputs.count == session.inputs.count)
  }

  @Test("a duel with a player's orders replays from its recording to the same hash")
  func replays() throws {
    let duel = try Scenario.load(contentsOf: shippedScenarios.appendingPathComponent("duel.json"))
    var recorder = try Recorder(Match(scenario: duel, seed: 4, leftController: .player))
    let kinds: [UnitKind] = [.quirk, .zap, .munch]
    for tick in 0..<200 {
      recorder.advance(
        with: tick % 40 == 5 ? [SeatInput(seat: 0, input: .buy(kinds[tick / 40 % 3]))] : [])
    }
    let recording = try Recording<Match>(decoding: recorder.recording.encoded())
    let replayed = try recording.replay(like: recorder.game)
    #expect(replayed.stateHash() == recorder.game.stateHash() && replayed.tick == 200)
    #expect(recording.inputs.count == 5)
  }
}
