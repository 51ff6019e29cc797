import BoidsGame
import Testing
import TraitSandbox

@Suite("Hawk")
struct HawkTests {
  private func world() -> World {
    World(
      seed: 5, fixedDeltaTime: BoidsScene.fixedDeltaTime, arenaSize: BoidsScene.arenaSize,
      schedule: .boids)
  }

  @Test("a hawk's own steer replaces the default: it turns toward the nearest boid")
  func replacedSteerChasesBoids() throws {
    var world = world()
    // Still, and with no destination: `MovementTrait`'s default steer would leave it still.
    let still = Hawk(position: Vector2(400, 400), velocity: .zero)
    #expect(still.movement.velocity == .zero && still.movement.destination == nil)
    let hawk = world.spawn(still)
    world.spawn(Boid(position: Vector2(400, 250), velocity: Vector2(60, 0)))
    world.spawn(Boid(position: Vector2(640, 400), velocity: Vector2(60, 0)))
    world.step()
    let velocity = try #require(world[hawk]).movement.velocity
    // The nearer boid is straight above (y grows downward).
    #expect(velocity.y < 0)
    #expect(abs(velocity.x) < 1e-3)
    #expect(try #require(world[hawk]).position.y < 400)
  }

  @Test("the same bird with the default steer would not have moved")
  func defaultSteerStaysStill() throws {
    var world = world()
    let bird = world.spawn(DefaultSteeringHawk(position: Vector2(400, 400)))
    world.spawn(Boid(position: Vector2(400, 250), velocity: Vector2(60, 0)))
    world.step()
    #expect(try #require(world[bird]).movement.velocity == .zero)
    #expect(try #require(world[bird]).position == Vector2(400, 400))
  }

  @Test("a strike kills a boid, which leaves the world, and the hawk then rests")
  func strikeKills() throws {
    var world = world()
    let hawk = world.spawn(Hawk(position: Vector2(400, 400), velocity: Vector2(0, -100)))
    let boid = world.spawn(Boid(position: Vector2(400, 392), velocity: Vector2(0, -60)))
    world.step()
    #expect(world[boid] == nil)
    let after = try #require(world[hawk])
    #expect(after.melee.strikes == 1)
    #expect(after.isEating)
    #expect(world.lastEvents.contains { $0.kind == .died && $0.entity == boid.erased })
  }

  @Test("an eating hawk ignores boids and glides at two thirds of its speed")
  func eatingHawkGlides() throws {
    var world = world()
    var resting = Hawk(position: Vector2(400, 400), velocity: Vector2(150, 0))
    resting.melee.recoveryRemaining = 1
    let hawk = world.spawn(resting)
    world.spawn(Boid(position: Vector2(400, 250), velocity: Vector2(60, 0)))
    world.step()
    let velocity = try #require(world[hawk]).movement.velocity
    #expect(abs(velocity.y) < 1e-3)
    #expect(velocity.x < 150)
  }
}

/// A hawk without a `steer` of its own: what `Hawk` would do with `MovementTrait`'s default.
private struct DefaultSteeringHawk: GameObject, SteeringTrait, HealthTrait, MeleeTrait {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  var faction: Faction { Hawk.faction }
  var movement = Movement(speed: Hawk.cruisingSpeed)
  var health = Health(maximum: 100, radius: 8)
  var melee = Melee(damage: 1, reach: 2, cooldown: 1.5)
}
