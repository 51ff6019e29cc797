import Testing
import TraitSandbox

/// Walks with a body: gets the default steering, pursuit (with a sight) and keeping apart.
struct Marcher: MovementTrait, HealthTrait {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  var faction: Faction
  var movement: Movement
  var health: Health
  var sightRange: Float = 0

  var sight: Float { sightRange }
}

/// Walks with a body but keeps to itself: replaces `keepApart` with nothing.
struct Loner: MovementTrait, HealthTrait {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  var faction = Faction.left
  var movement: Movement
  var health: Health

  mutating func keepApart(in context: TickContext, own: TargetRef?) {}
}

@Suite("Steering")
struct SteeringTests {
  private func marcher(
    at position: Vector2, faction: Faction = .left, to destination: Vector2? = nil,
    sight: Float = 0
  ) -> Marcher {
    Marcher(
      position: position, faction: faction,
      movement: Movement(speed: 20, destination: destination),
      health: Health(maximum: 10, radius: 5), sightRange: sight)
  }

  @Test("a stack of bodies on one spot spreads until they barely overlap, the same every run")
  func stackSpreads() throws {
    func run() throws -> [Vector2] {
      var world = makeWorld()
      for _ in 0..<5 { world.spawn(marcher(at: Vector2(500, 500))) }
      for _ in 0..<200 { world.step() }
      return world.entities(of: Marcher.self).sorted { $0.id < $1.id }.map(\.position)
    }
    let positions = try run()
    #expect(positions == (try run()))
    for (index, first) in positions.enumerated() {
      for second in positions[(index + 1)...] {
        #expect((first - second).length > 6, "\(first) and \(second) still overlap")
      }
    }
  }

  @Test("a type that replaces keepApart stays stacked")
  func replacedKeepApart() {
    var world = makeWorld()
    for _ in 0..<3 {
      world.spawn(
        Loner(
          position: Vector2(500, 500), movement: Movement(speed: 20),
          health: Health(maximum: 10, radius: 5)))
    }
    for _ in 0..<50 { world.step() }
    #expect(world.entities(of: Loner.self).allSatisfy { $0.position == Vector2(500, 500) })
  }

  @Test("enemies do not push each other apart: they are left to fight")
  func enemiesDoNotPush() {
    var world = makeWorld()
    world.spawn(marcher(at: Vector2(500, 500), faction: .left))
    world.spawn(marcher(at: Vector2(502, 500), faction: .right))
    for _ in 0..<40 { world.step() }
    #expect(world.entities(of: Marcher.self).map(\.position.x).sorted() == [500, 502])
  }

  @Test("an entity heads for the nearest enemy within sight instead of its destination")
  func pursuit() throws {
    var world = makeWorld()
    let hunter = world.spawn(marcher(at: Vector2(100, 500), to: Vector2(900, 500), sight: 150))
    world.spawn(marcher(at: Vector2(100, 600), faction: .right))
    let blind = world.spawn(marcher(at: Vector2(100, 300), to: Vector2(900, 300)))
    // The hunter (#1) looks every fourth tick, staggered by identity: first on tick 3.
    world.step()
    world.step()
    #expect(try #require(world[hunter]).movement.velocity == Vector2(20, 0))
    world.step()
    world.step()
    let chasing = try #require(world[hunter])
    // Toward the enemy below and a little behind it, not on toward the destination.
    #expect(chasing.movement.velocity.y > 19 && chasing.movement.velocity.x < 0)
    #expect(try #require(world[blind]).movement.velocity == Vector2(20, 0))
  }

  @Test("an enemy beyond sight leaves the course alone")
  func beyondSight() throws {
    var world = makeWorld()
    let hunter = world.spawn(marcher(at: Vector2(100, 500), to: Vector2(900, 500), sight: 50))
    world.spawn(marcher(at: Vector2(100, 600), faction: .right))
    world.step()
    world.step()
    #expect(try #require(world[hunter]).movement.velocity == Vector2(20, 0))
  }
}

@Suite("Separation against brute force")
struct SeparationBruteForceTests {
  @Test(
    "the grid's push equals the sum over every overlapping body of the side", arguments: [1, 7])
  func matchesBruteForce(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    var bodies: [(Vector2, Float, Faction)] = []
    for _ in 0..<300 {
      let position = Vector2(random.nextFloat(in: 0...400), random.nextFloat(in: 0...400))
      let radius = random.nextFloat(in: 2...12)
      let faction: Faction = random.next() & 1 == 0 ? .left : .right
      bodies.append((position, radius, faction))
    }
    var probeWorld = makeWorld(arena: Vector2(400, 400), extra: [.separationProbe])
    for body in bodies {
      probeWorld.spawn(
        Dummy(faction: body.2, at: body.0, health: Health(maximum: 10, radius: body.1)))
    }
    let point = Vector2(200, 200)
    let radius: Float = 30
    probeWorld.spawn(SeparationProbe(position: point, radius: radius))
    probeWorld.step()
    let measured = try #require(probeWorld.entities(of: SeparationProbe.self).first).push.value
    var expected = Vector2.zero
    for body in bodies where body.2 == .left {
      let offset = point - body.0
      let reach = radius + body.1
      let distance = offset.length
      guard distance < reach, distance > 0 else { continue }
      expected += offset * ((reach - distance) / (reach * distance))
    }
    #expect((measured - expected).length < 1e-3, "\(measured) against \(expected)")
    #expect(expected != .zero)
  }
}

/// Measures the separation push at its position, among the left faction's bodies.
struct SeparationProbe: GameObject {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  var faction = Faction.right
  var radius: Float
  var push = ProbePush()
}

/// What a `SeparationProbe` measured.
struct ProbePush: Component {
  var value = Vector2.zero
}

extension TraitSystem {
  /// Lets every `SeparationProbe` measure the push at its position (in the `act` phase).
  static let separationProbe = TraitSystem(name: "probe", trait: SeparationProbe.self) { type in
    guard type is SeparationProbe.Type else { return nil }
    return SystemJob<SeparationProbe>(
      component: \.push,
      run: { pool, context in
        for index in pool.indices {
          pool[index].push.value = context.targets.separation(
            at: pool[index].position, radius: pool[index].radius, excluding: nil,
            among: .left)
        }
      })
  }
}
