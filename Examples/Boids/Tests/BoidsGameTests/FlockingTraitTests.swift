import BoidsGame
import Testing
import TraitSandbox

@Suite("Flocking trait")
struct FlockingTraitTests {
  /// A world with the boids schedule and nothing in it yet.
  private func emptyWorld() -> World {
    World(
      seed: 3, fixedDeltaTime: BoidsScene.fixedDeltaTime, arenaSize: BoidsScene.arenaSize,
      schedule: .boids)
  }

  /// Flocking without jitter, so a single tick is easy to reason about.
  private let calm = Flocking(wander: 0)

  @Test("the flocking system is bound to boids and hashes their Flocking component")
  func systemBindsBoids() {
    var world = emptyWorld()
    world.register(Boid.self)
    #expect(world.entityTypes.first?.traits.contains("FlockingTrait") == true)
    #expect(world.entityTypes.first?.components.contains("Flocking") == true)
    world.spawn(Boid(position: Vector2(300, 300), velocity: Vector2(60, 0)))
    var changed = world
    changed.modifyEntities(of: Boid.self) { $0.flocking.cohesion = 2 }
    #expect(changed.stateHash() != world.stateHash())
  }

  @Test("cohesion draws two distant flockmates toward each other")
  func cohesion() throws {
    var world = emptyWorld()
    let left = world.spawn(
      Boid(position: Vector2(600, 300), velocity: Vector2(0, 60), flocking: calm))
    let right = world.spawn(
      Boid(position: Vector2(650, 300), velocity: Vector2(0, 60), flocking: calm))
    world.step()
    let leftBoid = try #require(world[left])
    let rightBoid = try #require(world[right])
    #expect(leftBoid.movement.velocity.x > 0)
    #expect(rightBoid.movement.velocity.x < 0)
    #expect(leftBoid.flocking.neighbourCount == 1)
  }

  @Test("separation pushes two crowding flockmates apart")
  func separation() throws {
    var world = emptyWorld()
    let left = world.spawn(
      Boid(position: Vector2(600, 300), velocity: Vector2(0, 60), flocking: calm))
    let right = world.spawn(
      Boid(position: Vector2(605, 300), velocity: Vector2(0, 60), flocking: calm))
    world.step()
    #expect(try #require(world[left]).movement.velocity.x < 0)
    #expect(try #require(world[right]).movement.velocity.x > 0)
  }

  @Test("a boid flees a hawk inside its threat radius")
  func fleesHawks() throws {
    var world = emptyWorld()
    let boid = world.spawn(
      Boid(position: Vector2(600, 300), velocity: Vector2(0, 60), flocking: calm))
    world.spawn(Hawk(position: Vector2(650, 300), velocity: Vector2(-100, 0)))
    world.step()
    #expect(try #require(world[boid]).movement.velocity.x < 0)
  }

  @Test("a flocker keeps between half and all of its cruising speed")
  func speedLimits() throws {
    var world = emptyWorld()
    let slow = world.spawn(Boid(position: Vector2(300, 300), velocity: .zero, flocking: calm))
    let fast = world.spawn(
      Boid(position: Vector2(900, 300), velocity: Vector2(1000, 0), flocking: calm))
    world.step()
    let speed = Boid.cruisingSpeed
    #expect(abs(try #require(world[slow]).movement.velocity.length - speed / 2) < 1e-3)
    #expect(abs(try #require(world[fast]).movement.velocity.length - speed) < 1e-3)
  }
}
