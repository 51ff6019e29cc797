import Testing
import TraitSandbox

@Suite("HealthTrait")
struct HealthTraitTests {
  /// A brawler on the left that hits the first enemy within 10 units for `damage`.
  private func brawler(damage: Float) -> Brawler {
    Brawler(
      position: Vector2(100, 100), faction: .left,
      melee: Melee(damage: damage, reach: 10, cooldown: 100))
  }

  @Test("health regenerates per second but never above the maximum")
  func regenerates() throws {
    var world = makeWorld()
    var dummy = Dummy(
      faction: .right, at: Vector2(50, 50), health: Health(maximum: 10, regeneration: 4, radius: 2))
    dummy.health.current = 5
    world.spawn(dummy)
    // 4 per second at a quarter second per tick: 1 per tick.
    for _ in 0..<3 { world.step() }
    #expect(world.entities(of: Dummy.self).first?.health.current == 8)
    for _ in 0..<10 { world.step() }
    #expect(world.entities(of: Dummy.self).first?.health.current == 10)
  }

  @Test("damage dealt during a tick is applied in resolve, before regeneration")
  func damageThenRegeneration() throws {
    var world = makeWorld()
    world.spawn(brawler(damage: 3))
    world.spawn(
      Dummy(
        faction: .right, at: Vector2(105, 100),
        health: Health(maximum: 10, regeneration: 4, radius: 2)))
    world.step()
    // 10 - 3 damage + 1 regeneration.
    #expect(world.entities(of: Dummy.self).first?.health.current == 8)
  }

  @Test("death despawns at the end of the tick and is reported as a death event")
  func deathDespawns() throws {
    var world = makeWorld(extra: [.census])
    world.spawn(brawler(damage: 5))
    world.spawn(
      Dummy(faction: .right, at: Vector2(105, 100), health: Health(maximum: 5, radius: 2)))
    world.spawn(
      Dummy(faction: .right, at: Vector2(900, 900), health: Health(maximum: 5, radius: 2)))
    #expect(world.entityCount == 3)
    world.step()
    let survivors = world.entities(of: Dummy.self)
    #expect(survivors.map(\.position) == [Vector2(900, 900)])
    // The dead dummy was still in its pool when the present phase ran.
    #expect(survivors.first?.census == 2)
    #expect(world.entityCount == 2)
    let deaths = world.lastEvents.filter { $0.kind == .died }
    #expect(deaths.count == 1)
    #expect(deaths.first?.isAbout(Dummy.self) == true)
    #expect(deaths.first?.faction == .right)
    let census = try #require(world.census.first { $0.typeName == "Dummy" })
    #expect(census.countByFaction == [0, 1])
    // One type's count, read from its faction column, says the same.
    #expect(world.countByFaction(of: Dummy.self) == [0, 1])
  }

  @Test("an entity without hit points dies on the next tick")
  func zeroHealthDies() {
    var world = makeWorld()
    var dummy = Dummy(faction: .left, at: Vector2(50, 50), health: Health(maximum: 5, radius: 2))
    dummy.health.current = 0
    world.spawn(dummy)
    world.step()
    #expect(world.entities(of: Dummy.self).isEmpty)
    #expect(world.lastEvents.map(\.kind) == [.died])
    #expect(world.lastEvents.first?.faction == .left)
  }

  @Test("an entity's own takeDamage is the one the world calls")
  func ownTakeDamageIsCalled() throws {
    var world = makeWorld()
    world.spawn(brawler(damage: 8))
    world.spawn(
      Armored(position: Vector2(105, 100), faction: .right, health: Health(maximum: 20, radius: 2)))
    world.step()
    let armored = try #require(world.entities(of: Armored.self).first)
    #expect(armored.hitsTaken == 1)
    #expect(armored.health.current == 16)
  }

  @Test("an entity's own die is the one the world calls")
  func ownDieIsCalled() throws {
    var world = makeWorld()
    world.spawn(brawler(damage: 50))
    world.spawn(
      Phoenix(position: Vector2(105, 100), faction: .right, health: Health(maximum: 20, radius: 2)))
    world.step()
    let phoenix = try #require(world.entities(of: Phoenix.self).first)
    #expect(phoenix.rebirths == 1)
    #expect(phoenix.health.current == 20)
    // It did not leave the world, so it did not die.
    #expect(!world.lastEvents.contains { $0.kind == .died && $0.isAbout(Phoenix.self) })
  }

  @Test("damage needs an enemy: allies are never hurt")
  func noFriendlyFire() {
    var world = makeWorld()
    world.spawn(brawler(damage: 5))
    world.spawn(
      Dummy(faction: .left, at: Vector2(105, 100), health: Health(maximum: 10, radius: 2)))
    world.step()
    #expect(world.entities(of: Dummy.self).first?.health.current == 10)
  }
}
