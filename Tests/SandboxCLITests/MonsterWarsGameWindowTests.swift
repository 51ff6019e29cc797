import Foundation
import GameShell
import Gameplay
import MonsterWars
import Testing
import TraitSandbox

@testable import SandboxCLI

@Suite("MonsterWars in a window: a scenario saved again, the player's own lines")
struct MonsterWarsGameWindowTests {
  /// The duel's settings, from its file with `edit` applied to the text.
  func duel(_ edit: (String) -> String = { $0 }) throws -> GameSettings {
    let url = packageRoot.appendingPathComponent("Assets/scenarios/duel.json")
    let text = edit(try String(contentsOf: url, encoding: .utf8))
    return try MonsterWarsGame.settings(
      reading: SettingsDocument(name: "duel.json", bytes: Array(text.utf8)),
      over: GameSettings(MonsterWarsGame.settings))
  }

  /// The speed of every Quirk in `game`.
  func quirkSpeeds(_ game: MonsterWarsGame) -> [Float] {
    var world = game.match.world
    var speeds: [Float] = []
    world.modifyEntities(of: QuirkMonster.self) { speeds.append($0.movement.speed) }
    return speeds
  }

  @Test("unit stats apply to the monsters on the field; the arena waits for a restart")
  func retune() throws {
    let old = try duel()
    var game = MonsterWarsGame(seed: 1, settings: old)
    for _ in 0..<900 { game.advance(with: []) }
    let before = quirkSpeeds(game)
    #expect(!before.isEmpty && before.allSatisfy { $0 == 110 })
    let faster = try duel {
      $0.replacingOccurrences(of: "\"speed\": 110", with: "\"speed\": 150")
        .replacingOccurrences(of: "\"width\": 1280", with: "\"width\": 1400")
    }
    var retuned = game
    #expect(retuned.retune(from: old, to: faster) == "units now; arena on restart (R)")
    #expect(retuned.tick == 900)
    #expect(quirkSpeeds(retuned).count == before.count)
    #expect(quirkSpeeds(retuned).allSatisfy { $0 == 150 })
    #expect(retuned.match.scenario.arena.width == 1280)
    // The match plays on differently from the one not retuned.
    var untouched = game
    for _ in 0..<60 {
      retuned.advance(with: [])
      untouched.advance(with: [])
    }
    #expect(retuned.stateHash() != untouched.stateHash())
    // A restart plays the new scenario whole.
    #expect(MonsterWarsGame(seed: 1, settings: faster).match.scenario.arena.width == 1400)
    // The same scenario saved again changes nothing.
    var same = game
    #expect(same.retune(from: old, to: try duel()) == "no changes")
    #expect(same.stateHash() == game.stateHash())
  }

  @Test("the player sees their side and orders, and their castle stays clear of panels")
  func player() throws {
    var game = MonsterWarsGame(seed: 1, settings: try duel())
    game.letPeoplePlay(seats: [1])
    #expect(game.playerLines(seat: 1) == ["You: right (red)", "Orders: none"])
    let (zap, munch) = (UnitKind("zap"), UnitKind("munch"))
    let orders = [CastleOrder.buy(munch), .buy(munch), .buy(zap), .buy(munch)]
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
  }
}
