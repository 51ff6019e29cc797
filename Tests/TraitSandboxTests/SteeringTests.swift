import Testing

@testable import TraitSandbox

/// Walks with a body: gets the default steering, pursuit (with a sight) and keeping apart.
struct Marcher: SteeringTrait, HealthTrait {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  var faction: Faction
  var movement: Movement
  var health: Health
  var sightRange: Float = 0

  var sight: Float { sightRange }
}

/// Walks with a body but keeps to itself: replaces `keepApart` with nothing.
struct Loner: SteeringTrait, HealthTrait {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  var faction = Faction.left
  var movement: Movement
  var health: Health

  mutating func keepApart(in context: TickContext, own: TargetRef?) {}
}

/// Records the ticks the movement system calls `keepApart` on, a bit per tick.
protocol KeepApartRecorder: SteeringTrait {
  var keepApartTicks: UInt64 { get set }
}

extension KeepApartRecorder {
  mutating func keepApart(in context: TickContext, own: TargetRef?) {
    keepApartTicks |= 1 << (context.tick % 64)
  }
}

/// A body that asks to keep apart every third tick.
struct EveryThirdTick: KeepApartRecorder, HealthTrait {
  static let keepApartInterval: UInt64 = 3
  var id = EntityID<Self>.unassigned
  var position = Vector2(500, 500)
  var faction = Faction.left
  var movement = Movement(speed: 20)
  var health = Health(maximum: 10, radius: 5)
  var keepApartTicks: UInt64 = 0
}

/// A body with the default interval.
struct DefaultBody: KeepApartRecorder, HealthTrait {
  var id = EntityID<Self>.unassigned
  var position = Vector2(500, 500)
  var faction = Faction.left
  var movement = Movement(speed: 20)
  var health = Health(maximum: 10, radius: 5)
  var keepApartTicks: UInt64 = 0
}

/// No body: the default interval is every tick.
struct Bodiless: KeepApartRecorder {
  var id = EntityID<Self>.unassigned
  var position = Vector2(500, 500)
  var faction = Faction.left
  var movement = Movement(speed: 20)
  var keepApartTicks: UInt64 = 0
}

@Suite("Steering")
struct SteeringTests {
  /// A world that only moves: no grid, so no spatial sort, and storage keeps spawning order.
  private func movingWorld() -> World {
    World(
      seed: 1, fixedDeltaTime: quarterSecond, arenaSize: Vector2(1000, 1000),
      schedule: Schedule([.init("move", [.movement])]))
  }

  /// The ticks from 1 through `last` on which `isDue` holds, a bit per tick.
  private func ticks(through last: UInt64, where isDue: (UInt64) -> Bool) -> UInt64 {
    (UInt64(1)...last).reduce(UInt64(0)) { isDue($1) ? $0 | 1 << $1 : $0 }
  }

  @Test("keepApart is called on the ticks where tick plus identity is a multiple of the interval")
  func keepApartInterval() {
    var world = movingWorld()
    for _ in 0..<7 {
      world.spawn(EveryThirdTick())
      world.spawn(DefaultBody())
      world.spawn(Bodiless())
    }
    for _ in 0..<40 { world.step() }
    #expect(EveryThirdTick.keepApartInterval == 3)
    #expect(DefaultBody.keepApartInterval == 8)
    #expect(Bodiless.keepApartInterval == 1)
    func check<Entity: KeepApartRecorder>(_: Entity.Type, every interval: UInt64) {
      let entities = world.entities(of: Entity.self)
      #expect(entities.count == 7)
      for entity in entities {
        let expected = ticks(through: 40) { (entity.id.rawValue + $0) % interval == 0 }
        #expect(entity.keepApartTicks == expected, "\(Entity.self) \(entity.id)")
      }
    }
    check(EveryThirdTick.self, every: 3)
    check(DefaultBody.self, every: 8)
    check(Bodiless.self, every: 1)
  }

  @Test("in a type of 4,096 or more, keepApart is called for groups of 256 neighbours in storage")
  func keepApartInGroups() {
    var world = movingWorld()
    for _ in 0..<EntityPool<EveryThirdTick>.groupStaggerMinimum + 40 {
      world.spawn(EveryThirdTick())
    }
    for _ in 0..<40 { world.step() }
    let entities = world.entities(of: EveryThirdTick.self)
    #expect(entities.map(\.id) == entities.map(\.id).sorted())
    for (position, entity) in entities.enumerated() {
      let group = UInt64(position / 256)
      let expected = ticks(through: 40) { (group + $0) % 3 == 0 }
      guard entity.keepApartTicks == expected else {
        Issue.record("entity at \(position): \(entity.keepApartTicks), not \(expected)")
        return
      }
    }
  }

  @Test(
    "with the spatial sort moving a big type's entities in storage, each keeps apart every 8 ticks"
  )
  func keepApartAcrossSorts() {
    var world = makeWorld()
    var random = SeededRandom(seed: 7)
    let count = EntityPool<DefaultBody>.groupStaggerMinimum + 100
    for _ in 0..<count {
      var body = DefaultBody()
      body.position = Vector2(Float(random.next() % 1000), Float(random.next() % 1000))
      world.spawn(body)
    }
    // The world sorts after ticks 1, 17 and 33: between sorts, 16 ticks of two turns each.
    for _ in 0..<49 { world.step() }
    let window = ticks(through: 49) { $0 >= 2 }
    let entities = world.entities(of: DefaultBody.self)
    #expect(entities.count == count)
    // Storage order: the sorts did move the bodies.
    #expect(entities.map(\.id) != entities.map(\.id).sorted())
    #expect(entities.allSatisfy { ($0.keepApartTicks & window).nonzeroBitCount == 6 })
  }

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
