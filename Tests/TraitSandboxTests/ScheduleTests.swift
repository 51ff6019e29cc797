import Testing
import TraitSandbox

/// Records the order systems run in, in a component every test entity carries.
struct RunLog: Component {
  var entries: [String] = []
}

protocol Logged: GameObject {
  var log: RunLog { get set }
}

struct LoggedThing: Logged {
  var id = EntityID<Self>.unassigned
  var position = Vector2.zero
  var faction = Faction(0)
  var log = RunLog()
}

extension TraitSystem {
  /// A system that appends `name` to every `Logged` entity's log.
  static func logging(_ name: String) -> TraitSystem {
    TraitSystem(name: name, trait: (any Logged).self) { type in
      guard let logged = type as? any Logged.Type else { return nil }
      return loggingJob(logged, name)
    }
  }

  private static func loggingJob<Entity: Logged>(
    _: Entity.Type, _ name: String
  ) -> any AnySystemJob {
    SystemJob(
      component: \Entity.log,
      run: { pool, _ in
        for index in pool.indices { pool[index].log.entries.append(name) }
      })
  }
}

@Suite("Schedule")
struct ScheduleTests {
  @Test("a tick runs phases in order, and each phase's systems in order")
  func order() throws {
    let schedule = Schedule([
      .init("first", [.logging("b"), .logging("a")]),
      .init("second", [.logging("c")]),
    ])
    .inserting(.init("between", [.logging("d")]), after: "first")
    .appending([.logging("e")], to: "first")
    #expect(schedule.phases.map(\.name) == ["first", "between", "second"])
    #expect(schedule.systems.map(\.name) == ["b", "a", "e", "d", "c"])
    var world = World(
      seed: 1, fixedDeltaTime: 1, arenaSize: Vector2(10, 10), schedule: schedule)
    let thing = world.spawn(LoggedThing())
    world.step()
    #expect(try #require(world[thing]).log.entries == ["b", "a", "e", "d", "c"])
  }

  @Test("the standard schedule reads as the built-in traits' phases")
  func standard() {
    let phases = Schedule.standard.phases.map { ($0.name, $0.systems.map(\.name)) }
    #expect(phases.map(\.0) == ["index", "think", "act", "move", "collide", "resolve", "present"])
    #expect(phases.first?.1 == ["targets", "targetGrid"])
    #expect(TraitSystem.targetGrid.traitName == nil)
    #expect(TraitSystem.movement.traitName == "MovementTrait")
    #expect(TraitSystem.gun.traitName == "GunTrait")
  }

  @Test("a registered type's description lists its traits and their components once each")
  func typeDescription() throws {
    var world = World(seed: 1, fixedDeltaTime: 1, arenaSize: Vector2(10, 10))
    world.register(Knight.self)
    let knight = try #require(world.entityTypes.first)
    #expect(knight.name == "Knight")
    // Two health systems (targets and health) own one component.
    #expect(knight.traits == ["HealthTrait", "MeleeTrait"])
    #expect(knight.components == ["Health", "Melee"])
    #expect(knight.systems == ["targets", "melee", "health"])
  }
}
