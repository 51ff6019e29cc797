import Testing
import TraitSandbox

@Suite("ProjectileTrait")
struct ProjectileTraitTests {
  private func target(at position: Vector2, faction: Faction = .right) -> Dummy {
    Dummy(faction: faction, at: position, health: Health(maximum: 100, radius: 2))
  }

  @Test("a projectile that hits nothing expires when its lifetime runs out")
  func expires() throws {
    var world = makeWorld()
    world.spawn(
      Bolt(
        faction: .left, at: Vector2(100, 100), velocity: Vector2(40, 0),
        projectile: Projectile(damage: 5, hitRadius: 1, lifetime: 0.5)))
    world.step()
    let bolt = try #require(world.entities(of: Bolt.self).first)
    #expect(bolt.projectile.lifetimeRemaining == 0.25)
    #expect(bolt.position == Vector2(110, 100))
    world.step()
    #expect(world.entities(of: Bolt.self).isEmpty)
    #expect(world.entityCount == 0)
  }

  @Test("a projectile that touches an enemy damages it and disappears")
  func hits() {
    var world = makeWorld()
    world.spawn(target(at: Vector2(105, 100)))
    world.spawn(
      Bolt(
        faction: .left, at: Vector2(100, 100),
        projectile: Projectile(damage: 5, hitRadius: 3, lifetime: 10)))
    world.step()
    #expect(world.entities(of: Bolt.self).isEmpty)
    #expect(world.entities(of: Dummy.self).first?.health.current == 95)
  }

  @Test("a projectile flies past allies and enemies out of its hit radius")
  func misses() {
    var world = makeWorld()
    world.spawn(target(at: Vector2(100, 100), faction: .left))
    world.spawn(target(at: Vector2(106, 100)))
    world.spawn(
      Bolt(
        faction: .left, at: Vector2(100, 100),
        projectile: Projectile(damage: 5, hitRadius: 3, lifetime: 10)))
    world.step()
    #expect(world.entities(of: Bolt.self).count == 1)
    #expect(world.entities(of: Dummy.self).map(\.health.current) == [100, 100])
  }

  @Test("a splashing projectile damages every enemy in the blast")
  func splashes() {
    var world = makeWorld()
    world.spawn(target(at: Vector2(102, 100)))
    world.spawn(target(at: Vector2(100, 112)))  // blast 10 + body 2: hit
    world.spawn(target(at: Vector2(113, 100)))  // 13 away: missed
    world.spawn(target(at: Vector2(98, 100), faction: .left))  // an ally: spared
    world.spawn(
      Bolt(
        faction: .left, at: Vector2(100, 100),
        projectile: Projectile(damage: 5, hitRadius: 3, splashRadius: 10, lifetime: 10)))
    world.step()
    #expect(world.entities(of: Bolt.self).isEmpty)
    #expect(world.entities(of: Dummy.self).map(\.health.current) == [95, 95, 100, 100])
  }

  @Test("an entity's own impact is the one the world calls")
  func ownImpactIsCalled() throws {
    var world = makeWorld()
    world.spawn(target(at: Vector2(104, 100)))
    world.spawn(
      Shell(
        position: Vector2(100, 100), faction: .left,
        projectile: Projectile(damage: 5, hitRadius: 3, lifetime: 10)))
    world.step()
    #expect(world.entities(of: Dummy.self).first?.health.current == 85)
    #expect(world.entities(of: Shell.self).isEmpty)
  }
}
