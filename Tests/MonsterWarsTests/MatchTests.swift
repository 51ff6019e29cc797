import Foundation
import MonsterWars
import Testing
import TraitSandbox

private func monsterCount(in world: World) -> Int {
  units(in: world).count
}

@Suite("Match")
struct MatchTests {
  @Test("a match starts with two castles facing each other and nothing else")
  func setup() throws {
    let duel = try scenario("duel")
    let match = Match(scenario: duel, seed: 1)
    #expect(!match.isOver)
    #expect(match.outcome == nil)
    #expect(match.world.tick == 0)
    #expect(match.world.entityCount == 2)
    let left = try #require(match.castle(of: .left))
    let right = try #require(match.castle(of: .right))
    #expect(left.position == Vector2(80, 360))
    #expect(right.position == Vector2(1200, 360))
    #expect(left.armory.enemyCastle == right.position)
    #expect(right.armory.enemyCastle == left.position)
    #expect(left.health.current == 1500)
    #expect(left.controller == .ai(duel.ai.left))
    #expect(right.controller == .ai(duel.ai.right))
    // A row for every type the roster registers: the castle, each unit, each projectile.
    #expect(
      Set(match.statistics.rows.map(\.typeName))
        == Set(duel.roster.entityTypes.map { $0.typeName }))
    #expect(match.statistics.rows.first?.typeName == "Castle")
  }

  @Test("a duel ends in a victory before the tick limit")
  func duelVictory() throws {
    let duel = try scenario("duel")
    var match = Match(scenario: duel, seed: 1)
    while !match.isOver {
      match.step()
      try #require(match.world.tick <= UInt64(duel.match.tickLimit))
    }
    let winner = try #require(match.outcome?.winner)
    #expect(match.world.tick < UInt64(duel.match.tickLimit))
    #expect(match.castle(of: winner) != nil)
    #expect(match.castle(of: winner.opponent) == nil)
    let castles = try #require(match.statistics.rows.first { $0.typeName == "Castle" })
    #expect(castles.killed[winner.opponent] == 1)
    #expect(castles.killed[winner] == 0)
    // Once over, stepping does nothing.
    let tick = match.world.tick
    match.step()
    #expect(match.world.tick == tick)
    #expect(match.outcome == .victory(winner))
  }

  @Test("the same seed replays the same match")
  func sameSeed() throws {
    let duel = try scenario("duel")
    var one = Match(scenario: duel, seed: 99)
    var two = Match(scenario: duel, seed: 99)
    for _ in 0..<2000 {
      one.step()
      two.step()
    }
    #expect(one.world.tick == 2000)
    #expect(one.world.stateHash() == two.world.stateHash())
    #expect(one.statistics == two.statistics)
    // Units were bought, so the hash covers a real battle.
    #expect(monsterCount(in: one.world) > 0)
  }

  @Test("different seeds play different matches")
  func differentSeeds() throws {
    let duel = try scenario("duel")
    var one = Match(scenario: duel, seed: 99)
    var two = Match(scenario: duel, seed: 100)
    #expect(one.world.stateHash() != two.world.stateHash())
    for _ in 0..<2000 {
      one.step()
      two.step()
    }
    #expect(one.world.stateHash() != two.world.stateHash())
  }

  @Test("a swarm places the requested number of monsters plus two castles")
  func swarm() throws {
    let swarm = try scenario("swarm")
    let match = Match(scenario: swarm, seed: 4, swarmCount: 500)
    let world = match.world
    #expect(world.entityCount == 502)
    #expect(monsterCount(in: world) == 500)
    #expect(world.entities(of: Castle.self).map(\.side) == [.left, .right])
    // Placements are set-up, not spawns.
    #expect(match.statistics.rows.allSatisfy { $0.spawned == PerSide(repeating: 0) })
    let monsters = units(in: world).map(\.position)
    #expect(monsters.allSatisfy { (0...16000).contains($0.x) && (0...9000).contains($0.y) })
    // Both sides and every kind are represented.
    let alive = match.statistics.rows.reduce(PerSide(repeating: 0)) { sum, entry in
      entry.typeName == "Castle"
        ? sum : PerSide(left: sum.left + entry.alive.left, right: sum.right + entry.alive.right)
    }
    #expect(alive.left > 0 && alive.right > 0 && alive.left + alive.right == 500)
    for kind in swarm.roster.kinds {
      #expect(units(in: world).contains { $0.kind == kind }, "\(kind)")
    }
  }

  @Test("swarm placement depends on the seed but leaves the match's random stream alone")
  func swarmPlacementStream() throws {
    let swarm = try scenario("swarm")
    let small = Match(scenario: swarm, seed: 4, swarmCount: 10)
    let large = Match(scenario: swarm, seed: 4, swarmCount: 500)
    let other = Match(scenario: swarm, seed: 5, swarmCount: 500)
    #expect(small.world.random == large.world.random)
    #expect(large.world.random != other.world.random)
    #expect(
      large.world.entities(of: QuirkMonster.self).map(\.position)
        != other.world.entities(of: QuirkMonster.self).map(\.position))
  }

  @Test("the swarm count defaults to the scenario's")
  func swarmDefault() throws {
    let swarm = try scenario("swarm")
    #expect(Match(scenario: swarm, seed: 4).world.entityCount == 2002)
  }

  @Test("a player-controlled castle buys only what it is ordered")
  func playerControlled() throws {
    let duel = try scenario("duel")
    var match = Match(scenario: duel, seed: 5, leftController: .player)
    #expect(match.castle(of: .left)?.controller == .player)
    for _ in 0..<120 { match.step() }
    #expect(match.world.entities(of: QuirkMonster.self).allSatisfy { $0.side == .right })
    match.order(.quirk, for: .left)
    #expect(match.castle(of: .left)?.orders == [.quirk])
    for _ in 0..<12 { match.step() }
    #expect(match.castle(of: .left)?.orders == [])
    #expect(match.world.entities(of: QuirkMonster.self).filter { $0.side == .left }.count == 1)
  }
}
