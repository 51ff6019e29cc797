import Testing
import TraitSandbox

@Suite("MeleeTrait")
struct MeleeTraitTests {
  private func target(
    at position: Vector2, faction: Faction = .right, health: Float = 100
  ) -> Dummy {
    Dummy(faction: faction, at: position, health: Health(maximum: health, radius: 2))
  }

  @Test("a strike lands on an enemy within reach of the striker plus the target's body")
  func strikesWithinReach() throws {
    var world = makeWorld()
    world.spawn(
      Brawler(
        position: Vector2(100, 100), faction: .left, melee: Melee(damage: 7, reach: 10, cooldown: 1)
      )
    )
    // 12 away: reach 10 + body 2 covers it exactly. 13 away: out of reach.
    world.spawn(target(at: Vector2(112, 100)))
    world.spawn(target(at: Vector2(100, 87)))
    world.step()
    #expect(world.entities(of: Dummy.self).map(\.health.current) == [93, 100])
    #expect(world.entities(of: Brawler.self).first?.melee.strikes == 1)
  }

  @Test("nothing within reach: no strike")
  func noStrikeOutOfReach() {
    var world = makeWorld()
    world.spawn(
      Brawler(
        position: Vector2(100, 100), faction: .left, melee: Melee(damage: 7, reach: 10, cooldown: 1)
      )
    )
    world.spawn(target(at: Vector2(113, 100)))
    world.step()
    #expect(world.entities(of: Dummy.self).first?.health.current == 100)
    #expect(world.entities(of: Brawler.self).first?.melee.strikes == 0)
  }

  @Test("strikes wait for the cooldown")
  func cooldown() {
    var world = makeWorld()
    world.spawn(
      Brawler(
        position: Vector2(100, 100), faction: .left, melee: Melee(damage: 1, reach: 10, cooldown: 1)
      )
    )
    world.spawn(target(at: Vector2(105, 100)))
    // One second between strikes, four ticks per second: strikes on ticks 1, 5 and 9.
    var strikes: [Int32] = []
    for _ in 0..<9 {
      world.step()
      strikes.append(world.entities(of: Brawler.self).first?.melee.strikes ?? -1)
    }
    #expect(strikes == [1, 1, 1, 1, 2, 2, 2, 2, 3])
    #expect(world.entities(of: Dummy.self).first?.health.current == 97)
  }

  @Test("an entity with a body reaches from the edge of its body")
  func reachFromBodyEdge() throws {
    var world = makeWorld()
    // Reach 5 + own radius 10 + target radius 2 = 17.
    world.spawn(
      Knight(
        position: Vector2(100, 100), faction: .left, melee: Melee(damage: 4, reach: 5, cooldown: 1),
        health: Health(maximum: 10, radius: 10)))
    world.spawn(target(at: Vector2(117, 100)))
    world.spawn(target(at: Vector2(100, 82)))
    world.step()
    #expect(world.entities(of: Dummy.self).map(\.health.current) == [96, 100])
  }

  @Test("a walking fighter stands its ground while an enemy is within reach")
  func holdsWhileEngaged() throws {
    var world = makeWorld()
    world.spawn(Charger.walking(row: 100, cooldown: 1))
    world.spawn(target(at: Vector2(110, 100)))
    world.step()
    let charger = try #require(world.entities(of: Charger.self).first)
    #expect(charger.position == Vector2(100, 100))
    #expect(charger.movement.velocity == .zero)
    #expect(charger.melee.strikes == 1)
  }

  @Test("a walking fighter with no enemy near keeps walking")
  func walksWhenFree() throws {
    var world = makeWorld()
    world.spawn(Charger.walking(row: 100, cooldown: 1))
    world.spawn(target(at: Vector2(110, 100), faction: .left))
    world.step()
    #expect(world.entities(of: Charger.self).first?.position == Vector2(110, 100))
  }

  @Test("a fighter that looks every fourth tick holds until its own look after its enemy dies")
  func staggeredLooks() throws {
    var world = makeWorld()
    let rows: [Float] = [100, 300, 500, 700]
    for y in rows {
      world.spawn(WaryCharger.walking(row: y, cooldown: 10))
    }
    // A fighter that looks every tick, for comparison.
    world.spawn(Charger.walking(row: 900, cooldown: 10))
    for y in rows + [900] {
      world.spawn(target(at: Vector2(110, y), health: 1))
    }
    // The first tick: every fighter strikes its enemy, which dies.
    world.step()
    try #require(world.entities(of: Dummy.self).isEmpty)
    #expect(world.entities(of: WaryCharger.self).allSatisfy { $0.melee.strikes == 1 })
    // The ticks after it: a wary fighter holds until it looks again, on the tick its identity
    // gives it; consecutive identities look on consecutive ticks.
    let firstMove = firstSteps(east: 100, of: WaryCharger.self, in: &world, ticks: 4) {
      world, tick in
      if tick == 1 {
        #expect(world.entities(of: Charger.self).first?.position == Vector2(110, 900))
      }
    }
    #expect(rows.compactMap { firstMove[$0] }.sorted() == [1, 2, 3, 4])
    #expect(world.entities(of: WaryCharger.self).allSatisfy { !$0.melee.hasEnemyInReach })
  }

  @Test("a fighter that doesn't move doesn't look for enemies while it recovers")
  func stillFighterDoesNotLook() throws {
    var world = makeWorld()
    world.spawn(
      Brawler(
        position: Vector2(100, 100), faction: .left,
        melee: Melee(damage: 1, reach: 10, cooldown: 10)))
    world.spawn(Charger.walking(row: 300, cooldown: 10))
    for y: Float in [100, 300] {
      world.spawn(target(at: Vector2(110, y), health: 1))
    }
    world.step()
    world.step()
    try #require(world.entities(of: Dummy.self).isEmpty)
    let brawler = try #require(world.entities(of: Brawler.self).first)
    let charger = try #require(world.entities(of: Charger.self).first)
    #expect(brawler.melee.strikes == 1 && charger.melee.strikes == 1)
    // The charger looked and saw nothing; the brawler's answer is still the strike's.
    #expect(!charger.melee.hasEnemyInReach)
    #expect(brawler.melee.hasEnemyInReach)
  }

  @Test("an entity's own strike is the one the world calls")
  func ownStrikeIsCalled() throws {
    var world = makeWorld()
    world.spawn(
      Cleaver(
        position: Vector2(100, 100), faction: .left, melee: Melee(damage: 6, reach: 10, cooldown: 1)
      ))
    world.spawn(target(at: Vector2(50, 50)))
    let victim = world.spawn(target(at: Vector2(105, 100)))
    world.step()
    let cleaver = try #require(world.entities(of: Cleaver.self).first)
    #expect(cleaver.victims == [victim.erased])
    #expect(cleaver.melee.strikes == 1)
    #expect(world.entities(of: Dummy.self).map(\.health.current) == [100, 88])
  }
}
