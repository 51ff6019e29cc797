import MonsterWars
import Testing
import TraitSandbox

/// Something to bite that does not bite back.
private struct Scarecrow: HealthTrait {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var health: Health
}

/// The duel's Munch without regeneration, so only the bite changes its health.
private let munchStats = UnitStats(
  cost: 70, health: 260, speed: 32, radius: 18,
  melee: MeleeStats(damage: 22, reach: 16, cooldown: 1.2))

@Suite("MunchMonster")
struct MunchMonsterTests {
  private func world(munchHealth: Float, stats: UnitStats = munchStats) -> World {
    var world = World(seed: 1, fixedDeltaTime: 1 / 60, arenaSize: Vector2(1280, 720))
    var munch = MunchMonster(
      stats: stats, side: .left, at: Vector2(300, 300), marchingOn: Vector2(1200, 300))
    munch.health.current = munchHealth
    world.spawn(munch)
    // Reach 16 + Munch's body 18 + the scarecrow's body 10 = 44; it stands 30 away.
    world.spawn(
      Scarecrow(
        position: Vector2(330, 300), faction: Side.right.faction,
        health: Health(maximum: 1000, radius: 10)))
    return world
  }

  @Test("Munch's own strike heals it by a quarter of the damage it deals")
  func biteHeals() throws {
    var world = world(munchHealth: 100)
    world.step()
    let munch = try #require(world.entities(of: MunchMonster.self).first)
    #expect(munch.melee.strikes == 1)
    #expect(munch.health.current == 105.5)
    #expect(world.entities(of: Scarecrow.self).first?.health.current == 978)
    // Biting holds it in place.
    #expect(munch.position == Vector2(300, 300))
  }

  @Test("the bite never heals Munch above its maximum")
  func healCapped() throws {
    var world = world(munchHealth: 259)
    world.step()
    #expect(world.entities(of: MunchMonster.self).first?.health.current == 260)
  }

  @Test("healing follows the strikes: none while recovering")
  func healsPerStrike() throws {
    var world = world(munchHealth: 100)
    // A 1.2-second cooldown at 60 ticks per second: one bite in the first 60 ticks.
    for _ in 0..<60 { world.step() }
    let munch = try #require(world.entities(of: MunchMonster.self).first)
    #expect(munch.melee.strikes == 1)
    #expect(munch.health.current == 105.5)
  }

  @Test("a Quirk's default strike does not heal")
  func quirkDoesNotHeal() throws {
    var world = World(seed: 1, fixedDeltaTime: 1 / 60, arenaSize: Vector2(1280, 720))
    var quirk = QuirkMonster(
      stats: munchStats, side: .left, at: Vector2(300, 300), marchingOn: Vector2(1200, 300))
    quirk.health.current = 100
    world.spawn(quirk)
    world.spawn(
      Scarecrow(
        position: Vector2(330, 300), faction: Side.right.faction,
        health: Health(maximum: 1000, radius: 10)))
    world.step()
    let striker = try #require(world.entities(of: QuirkMonster.self).first)
    #expect(striker.melee.strikes == 1)
    #expect(striker.health.current == 100)
    #expect(world.entities(of: Scarecrow.self).first?.health.current == 978)
  }
}
