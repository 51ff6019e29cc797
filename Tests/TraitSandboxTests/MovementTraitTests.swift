import Testing
import TraitSandbox

@Suite("MovementTrait")
struct MovementTraitTests {
  /// A walker 50 units from its destination along a 3-4-5 line, at 40 units per second: with
  /// quarter-second ticks it covers 10 units per tick and needs exactly 5 ticks.
  private func walkerWorld() -> World {
    var world = makeWorld()
    world.spawn(
      Walker(
        at: Vector2(100, 100), movement: Movement(speed: 40, destination: Vector2(130, 140))))
    return world
  }

  @Test("a walker heads for its destination at cruising speed")
  func cruises() throws {
    var world = walkerWorld()
    world.step()
    let walker = try #require(world.entities(of: Walker.self).first)
    #expect(walker.movement.velocity == Vector2(24, 32))
    #expect(walker.position == Vector2(106, 108))
  }

  @Test("a walker reaches its destination exactly and stops there")
  func arrivesExactly() throws {
    var world = walkerWorld()
    for _ in 0..<4 { world.step() }
    #expect(world.entities(of: Walker.self).first?.position == Vector2(124, 132))
    world.step()
    #expect(world.entities(of: Walker.self).first?.position == Vector2(130, 140))
    for _ in 0..<3 { world.step() }
    let walker = try #require(world.entities(of: Walker.self).first)
    #expect(walker.position == Vector2(130, 140))
    #expect(walker.movement.velocity == .zero)
  }

  @Test("a walker closer than one stride slows down to land on its destination")
  func arrivesWithinStride() throws {
    var world = makeWorld()
    // 45 units away: four full strides of 10, then 5 more in the fifth tick.
    world.spawn(
      Walker(
        at: Vector2(100, 100), movement: Movement(speed: 40, destination: Vector2(127, 136))))
    for _ in 0..<4 { world.step() }
    var walker = try #require(world.entities(of: Walker.self).first)
    #expect(abs((Vector2(127, 136) - walker.position).length - 5) < 1e-4)
    world.step()
    walker = try #require(world.entities(of: Walker.self).first)
    #expect(walker.position == Vector2(127, 136))
    #expect(abs(walker.movement.velocity.x - 12) < 1e-3)
    #expect(abs(walker.movement.velocity.y - 16) < 1e-3)
    world.step()
    walker = try #require(world.entities(of: Walker.self).first)
    #expect(walker.position == Vector2(127, 136))
    #expect(walker.movement.velocity == .zero)
  }

  @Test("a mover that doesn't declare SteeringTrait keeps its velocity, destination, hold or crowd")
  func plainMoverKeepsVelocity() throws {
    var world = makeWorld()
    let velocity = Vector2(4, -8)
    // A destination, a hold and a stack of bodies of its own side: a steering entity would
    // turn, stop or be pushed; this one only moves.
    for _ in 0..<3 {
      world.spawn(
        Coaster(
          position: Vector2(200, 200),
          movement: Movement(
            velocity: velocity, speed: 40, destination: Vector2(10, 10), isHolding: true)))
    }
    for _ in 0..<16 { world.step() }
    let coasters = world.entities(of: Coaster.self)
    #expect(coasters.count == 3)
    for coaster in coasters {
      #expect(coaster.movement.velocity == velocity)
      #expect(coaster.position == Vector2(216, 168))
    }
    #expect(Coaster.keepApartInterval == 1)
  }

  @Test("without a destination an entity keeps its velocity")
  func keepsVelocity() throws {
    var world = makeWorld()
    world.spawn(
      Walker(at: Vector2(100, 100), movement: Movement(velocity: Vector2(8, -4), speed: 0)))
    world.step()
    world.step()
    let walker = try #require(world.entities(of: Walker.self).first)
    #expect(walker.position == Vector2(104, 98))
    #expect(walker.movement.velocity == Vector2(8, -4))
  }

  @Test("movement stays inside the arena")
  func clampsToArena() throws {
    var world = makeWorld(arena: Vector2(100, 50))
    world.spawn(
      Walker(at: Vector2(95, 5), movement: Movement(velocity: Vector2(40, -40), speed: 0)))
    world.step()
    let walker = try #require(world.entities(of: Walker.self).first)
    #expect(walker.position == Vector2(100, 0))
  }

  @Test("a held entity stands still for one tick, then the hold is released")
  func holdLastsOneTick() throws {
    var world = makeWorld()
    world.spawn(
      Walker(
        at: Vector2(100, 100),
        movement: Movement(speed: 40, destination: Vector2(200, 100), isHolding: true)))
    world.step()
    var walker = try #require(world.entities(of: Walker.self).first)
    #expect(walker.position == Vector2(100, 100))
    #expect(walker.movement.velocity == .zero)
    #expect(!walker.movement.isHolding)
    world.step()
    walker = try #require(world.entities(of: Walker.self).first)
    #expect(walker.position == Vector2(110, 100))
  }

  @Test("an entity's own steer is the one the world calls")
  func ownSteerIsCalled() throws {
    var world = makeWorld()
    // The default steering would walk to (100, 200); the drifter's own steering goes sideways.
    world.spawn(
      Drifter(
        position: Vector2(100, 100), movement: Movement(speed: 40, destination: Vector2(100, 200)),
        drift: Vector2(-8, 0)))
    world.step()
    world.step()
    let drifter = try #require(world.entities(of: Drifter.self).first)
    #expect(drifter.steerCalls == 2)
    #expect(drifter.position == Vector2(96, 100))
    #expect(drifter.movement.velocity == Vector2(-8, 0))
  }
}
