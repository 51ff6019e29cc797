import Foundation
import GameShell
import Gameplay
import MonsterWars
import Testing
import TraitSandbox

@testable import SandboxCLI

/// The duel's settings, from its file with `edit` applied to the text.
func duelSettings(_ edit: (String) -> String = { $0 }) throws -> GameSettings {
  let url = packageRoot.appendingPathComponent("Assets/scenarios/duel.json")
  let text = edit(try String(contentsOf: url, encoding: .utf8))
  return try MonsterWarsGame.settings(
    reading: SettingsDocument(name: "duel.json", bytes: Array(text.utf8)),
    over: GameSettings(MonsterWarsGame.settings))
}

@Suite("MonsterWars in a window: a scenario saved again, the player's own lines")
struct MonsterWarsGameWindowTests {
  /// The duel's settings, from its file with `edit` applied to the text.
  func duel(_ edit: (String) -> String = { $0 }) throws -> GameSettings {
    try duelSettings(edit)
  }

  /// The speed of every Quirk in `game`.
  func quirkSpeeds(_ game: MonsterWarsGame) -> [Float] {
    var world = game.match.world
    var speeds: [Float] = []
    world.modifyEntities(of: QuirkMonster.self) { speeds.append($0.movement.speed) }
    return speeds
  }

  @Test("a scenario saved again is the first seat's retune: stats now, the arena on restart")
  func retune() throws {
    let old = try duel()
    var game = MonsterWarsGame(seed: 1, settings: old)
    #expect(game.restartInput == .restart)
    for _ in 0..<900 { game.advance(with: []) }
    let before = quirkSpeeds(game)
    #expect(!before.isEmpty && before.allSatisfy { $0 == 110 })
    let faster = try duel {
      $0.replacingOccurrences(of: "\"speed\": 110", with: "\"speed\": 150")
        .replacingOccurrences(of: "\"width\": 1280", with: "\"width\": 1400")
    }
    let given = try #require(game.retuneInput(from: old, to: faster))
    #expect(given.said == "units now; arena on restart (R)")
    // The second seat's retune changes nothing: the first seat's (a match's host's) counts.
    var untouched = game
    untouched.advance(with: [SeatInput(seat: 1, input: given.input)])
    var retuned = game
    retuned.advance(with: [SeatInput(seat: 0, input: given.input)])
    #expect(retuned.tick == 901 && quirkSpeeds(untouched).allSatisfy { $0 == 110 })
    #expect(!quirkSpeeds(retuned).isEmpty && quirkSpeeds(retuned).allSatisfy { $0 == 150 })
    #expect(retuned.match.scenario.arena.width == 1280)
    for _ in 0..<60 {
      retuned.advance(with: [])
      untouched.advance(with: [])
    }
    #expect(retuned.stateHash() != untouched.stateHash())
    // The snapshot holds the tuned scenario: a restart, from the game restored or not, plays
    // it whole.
    var restored = try retuned.restored(from: try retuned.snapshot())
    #expect(restored.stateHash() == retuned.stateHash())
    restored.advance(with: [SeatInput(seat: 0, input: .restart)])
    retuned.advance(with: [SeatInput(seat: 0, input: .restart)])
    #expect(retuned.tick == 1 && retuned.match.scenario.arena.width == 1400)
    #expect(restored.stateHash() == retuned.stateHash())
    // A restart keeps the people's seats.
    var people = MonsterWarsGame(seed: 1, settings: old)
    people.letPeoplePlay(seats: [1])
    people.advance(with: [SeatInput(seat: 0, input: .restart)])
    #expect(people.session.playerSides == [.right] && people.tick == 1)
    // The same scenario saved again changes nothing.
    #expect(game.retuneInput(from: old, to: try duel())?.said == "no changes")
  }

  @Test("the player sees their side and orders, and their castle stays clear of panels")
  func player() throws {
    var game = MonsterWarsGame(seed: 1, settings: try duel())
    game.letPeoplePlay(seats: [1])
    #expect(game.playerLines(seat: 1) == ["You: right (red)", "Orders: none"])
    let (zap, munch) = (UnitKind("zap"), UnitKind("munch"))
    let orders: [SessionInput] = [
      .order(.buy(munch)), .order(.buy(munch)), .order(.buy(zap)), .order(.buy(munch)),
    ]
    game.advance(with: orders.map { SeatInput(seat: 1, input: $0) })
    // 120 coins pay the first Munch (70); the next waits for 70 of the 50 and a tick's left.
    #expect(
      game.playerLines(seat: 1) == [
        "You: right (red)", "Orders 3/10: Munch x2, Zap; Munch next, needs $70",
      ])
    #expect(game.playerLines(seat: nil) == ["Watching: left (blue) against right (red)"])
    #expect(game.playerLines(seat: 2).isEmpty)
    // The right castle, at 1280 - 80 in the duel's arena, and the ground before its gate.
    let kept = try #require(game.keptInSight(seat: 1).first)
    #expect(kept.x < 1200 && kept.x + kept.width > 1200 && kept.x + kept.width <= 1280)
    #expect(kept.y < 360 && kept.y + kept.height > 360)
    #expect(game.keptInSight(seat: nil).isEmpty)
    // Once the match is over, its outcome comes first: the tick limit, a draw.
    var short = MonsterWarsGame(
      seed: 1,
      settings: try duel {
        $0.replacingOccurrences(of: "\"tickLimit\": 36000", with: "\"tickLimit\": 3")
      })
    short.letPeoplePlay(seats: [0])
    for _ in 0..<3 { short.advance(with: []) }
    #expect(short.isOver)
    #expect(short.playerLines(seat: 0).prefix(2) == ["Nobody won", "You: left (blue)"])
    #expect(
      short.playerLines(seat: nil) == [
        "Nobody won", "Watching: left (blue) against right (red)",
      ])
  }

  @Test("a recording of a player's orders and a restart replays from a game of any seed")
  func recordedRestart() throws {
    var game = MonsterWarsGame(seed: 4, settings: try duel())
    game.letPeoplePlay(seats: [0])
    var recorder = try Recorder(game)
    let given: [Int: SessionInput] = [
      10: .order(.buy(UnitKind("quirk"))), 150: .restart, 200: .order(.buy(UnitKind("munch"))),
    ]
    for tick in 0..<300 {
      recorder.advance(with: given[tick].map { [SeatInput(seat: 0, input: $0)] } ?? [])
    }
    #expect(recorder.game.tick == 150)
    let replayed = try recorder.recording.replay(
      like: MonsterWarsGame(seed: 1, settings: try duel()))
    #expect(replayed.stateHash() == recorder.game.stateHash())
    #expect(replayed.session.seed == 4 && replayed.session.playerSides == [.left])
    // The player's orders count: without them the match ends elsewhere.
    var unordered = try Recorder(game)
    for tick in 0..<300 {
      unordered.advance(with: tick == 150 ? [SeatInput(seat: 0, input: .restart)] : [])
    }
    #expect(unordered.game.stateHash() != recorder.game.stateHash())
  }
}
