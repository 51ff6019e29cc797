import Foundation
import MonsterWars
import Testing
import TraitSandbox

@Suite("Battle: two armies in formation")
struct BattleTests {
  private func monsters(_ match: Match) -> [(position: Vector2, side: Side, kind: UnitKind)] {
    units(in: match.world)
  }

  @Test("each side's army fills its outer third, in the mix's shares, fighters in front")
  func formation() throws {
    let battle = try scenario("battle")
    #expect(battle.swarm?.layout == .armies)
    let match = Match(scenario: battle, seed: 3, swarmCount: 3_001)
    let arena = match.world.arenaSize
    let all = monsters(match)
    #expect(all.count == 3_001)
    let left = all.filter { $0.side == .left }
    let right = all.filter { $0.side == .right }
    #expect(left.count == 1_501 && right.count == 1_500)
    #expect(left.allSatisfy { $0.position.x < arena.x * 0.45 && $0.position.x > arena.x * 0.05 })
    #expect(right.allSatisfy { $0.position.x > arena.x * 0.55 && $0.position.x < arena.x * 0.95 })
    // Each kind's share of 1,500 is its weight in the mix (Quirk 5, Zap 3, Munch 2, and any
    // other kind its type's default), give or take the rounding.
    let mix = try #require(battle.swarm?.mix)
    for kind in battle.roster.kinds {
      let share = 1_500 * Double(mix[kind] ?? 0) / Double(mix.total)
      let count = Double(right.filter { $0.kind == kind }.count)
      #expect(abs(count - share) <= 1, "\(kind): \(count) of an expected \(share)")
    }
    // Fighters stand nearer the middle than every gunner.
    let leftGunnersFront = try #require(left.filter { $0.kind == .zap }.map(\.position.x).max())
    let leftFightersFront = try #require(left.filter { $0.kind != .zap }.map(\.position.x).max())
    #expect(leftFightersFront > leftGunnersFront)
    let rightGunnersFront = try #require(right.filter { $0.kind == .zap }.map(\.position.x).min())
    let rightFightersFront = try #require(right.filter { $0.kind != .zap }.map(\.position.x).min())
    #expect(rightFightersFront < rightGunnersFront)
  }

  @Test("the armies march straight across and meet: monsters die in the middle")
  func armiesMeet() throws {
    var match = Match(scenario: try scenario("battle"), seed: 3, swarmCount: 2_000)
    let startHeights = Dictionary(
      uniqueKeysWithValues: match.world.entities(of: QuirkMonster.self).map {
        ($0.id, $0.position.y)
      })
    for _ in 0..<120 { match.step() }
    // Before they meet, a Quirk keeps its height (no enemy in sight yet, room around it).
    let drifted = match.world.entities(of: QuirkMonster.self).filter {
      abs($0.position.y - (startHeights[$0.id] ?? 0)) > 40
    }
    #expect(drifted.count < 20)
    for _ in 0..<1_500 { match.step() }
    let killed = match.statistics.rows.reduce(0) { $0 + $1.killed.left + $1.killed.right }
    #expect(killed > 200)
  }

  @Test("a battle gives the same hash on 1 and 2 threads")
  func threads() throws {
    func run(_ threads: Int) throws -> StateHash {
      var match = Match(scenario: try scenario("battle"), seed: 9, swarmCount: 9_000)
      match.threadCount = threads
      for _ in 0..<40 { match.step() }
      return match.world.stateHash()
    }
    #expect(try run(1) == (try run(2)))
  }

  @Test("an unknown layout is an error naming the two there are")
  func unknownLayout() throws {
    let text = try String(
      contentsOf: shippedScenarios.appendingPathComponent("battle.json"), encoding: .utf8
    ).replacingOccurrences(of: #""layout": "armies""#, with: #""layout": "diagonal""#)
    #expect(
      throws: ScenarioError.invalid(
        path: "battle.json", jsonPath: "$.swarm.layout",
        message: "expected 'scatter' or 'armies', found 'diagonal'")
    ) {
      try Scenario.parse(Data(text.utf8), path: "battle.json", name: "battle")
    }
  }
}
