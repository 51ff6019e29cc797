import Frames
import Testing
import TraitSandbox

// A trait whose system declares what it writes, and two that break their declarations: what
// debug builds check (see `ColumnAccess`).

/// How often a sprout has been watered.
struct Watering: Component {
  var count = 0
}

/// Something watered every tick.
protocol WateredTrait: HealthTrait {
  var watering: Watering { get set }
}

/// A plant with health, watered every tick.
struct Sprout: GameObject, WateredTrait {
  var id = EntityID<Self>.unassigned
  var position = Vector2(10, 10)
  var faction = Faction(0)
  var health = Health(maximum: 10, radius: 2)
  var watering = Watering()
}

/// Another watered type, to step beside sprouts.
struct Seedling: GameObject, WateredTrait {
  var id = EntityID<Self>.unassigned
  var position = Vector2(20, 20)
  var faction = Faction(0)
  var health = Health(maximum: 10, radius: 2)
  var watering = Watering()
}

extension TraitSystem {
  /// Waters every sprout and seedling, in chunks that may run on several threads, and draws a
  /// random number for each sprout, though it declares no effects.
  static let parallelDrawing = TraitSystem(
    name: "drawing", trait: (any WateredTrait).self, runsInParallel: true
  ) { ($0 as? any WateredTrait.Type)?.drawingJob }

  /// Waters every sprout, as it declares: it writes `Watering` only.
  static let watering = wateringSystem(named: "watering") { sprout in
    sprout.watering.count += 1
  }

  /// Waters every sprout and heals it too, though it declares that it writes `Watering` only.
  static let overwatering = wateringSystem(named: "overwatering") { sprout in
    sprout.watering.count += 1
    sprout.health.current += 1
  }

  /// Waters every sprout and requests a new one, though it declares no effects.
  static let seeding = TraitSystem(name: "seeding", trait: (any WateredTrait).self) {
    $0 is Sprout.Type ? seedingJob : nil
  }

  /// `seeding`, in chunks that may run on several threads.
  static let parallelSeeding = TraitSystem(
    name: "seeding", trait: (any WateredTrait).self, runsInParallel: true
  ) { $0 is Sprout.Type ? seedingJob : nil }

  private static var seedingJob: SystemJob<Sprout> {
    SystemJob<Sprout>(
      component: \.watering,
      run: { pool, context in
        pool.updateEach(in: &context) { sprout, context in
          sprout.watering.count += 1
          context.spawn(Sprout())
        }
      })
  }

  private static func wateringSystem(
    named name: String, _ water: @escaping @Sendable (inout Sprout) -> Void
  ) -> TraitSystem {
    TraitSystem(name: name, trait: (any WateredTrait).self) { type in
      guard type is Sprout.Type else { return nil }
      return SystemJob<Sprout>(
        component: \.watering,
        run: { pool, _ in pool.updateEach { water(&$0) } })
    }
  }
}

extension WateredTrait {
  fileprivate static var drawingJob: any AnySystemJob {
    SystemJob<Self>(
      component: \.watering,
      run: { pool, context in
        pool.updateEach(in: &context) { entity, context in
          entity.watering.count += 1
          if entity is Sprout { _ = context.random.next() }
        }
      })
  }
}

/// A world of three sprouts that runs `system`.
private func garden(_ system: TraitSystem, sprouts: Int = 3) -> World {
  var world = World(
    seed: 1, fixedDeltaTime: 0.25, arenaSize: Vector2(100, 100),
    schedule: Schedule([.init("tend", [system])]))
  for _ in 0..<sprouts { world.spawn(Sprout()) }
  return world
}

@Suite("Column access declarations")
struct ColumnAccessTests {
  @Test("a system that keeps to its declaration steps as usual")
  func declaredWrites() {
    var world = garden(.watering)
    world.step()
    world.step()
    #expect(world.entities(of: Sprout.self).map(\.watering.count) == [2, 2, 2])
  }

  @Test("sandbox describe's declarations: what each system reads, writes and does")
  func describedAccesses() throws {
    var world = World(seed: 1, fixedDeltaTime: 0.25, arenaSize: Vector2(100, 100))
    world.register(Sprout.self)
    let sprout = try #require(world.entityTypes.first { $0.name == "Sprout" })
    let targets = try #require(sprout.accesses.first { $0.system == "targets" })
    #expect(targets.accesses.reads == ["identity", "faction", "position", "Health"])
    #expect(targets.accesses.writes.isEmpty)
    #expect(targets.accesses.effects == .targets)
    let health = try #require(sprout.accesses.first { $0.system == "health" })
    #expect(health.accesses.writes == ["Health", "own state"])
    #expect(health.accesses.effects.names == ["despawns", "reads damage"])
  }

  #if DEBUG
    @Test("in a debug build, a system that writes a component it did not declare stops")
    func undeclaredWriteStops() async {
      await #expect(processExitsWith: .failure) {
        var world = garden(.overwatering)
        world.step()
      }
    }

    @Test("in a debug build, a system with an effect it did not declare stops")
    func undeclaredEffectStops() async {
      await #expect(processExitsWith: .failure) {
        var world = garden(.seeding)
        world.step()
      }
    }

    @Test("in a debug build, a parallel system on two threads with an undeclared effect stops")
    func undeclaredEffectOnThreadsStops() async {
      await #expect(processExitsWith: .failure) {
        var world = garden(.parallelSeeding)
        world.threadCount = 2
        // Three sprouts would step on one thread: shared anyway.
        world.minimumEntitiesPerThread = 1
        world.step()
      }
    }

    @Test(
      "in a debug build, a parallel system with an undeclared effect stops in a type of two chunks"
    )
    func undeclaredEffectInChunksStops() async {
      await #expect(processExitsWith: .failure) {
        var world = garden(.parallelSeeding, sprouts: World.chunkSize + 1)
        world.threadCount = 2
        world.step()
      }
    }

    @Test(
      "in a debug build, a parallel system with undeclared randomness stops in a type of one chunk beside a bigger one"
    )
    func undeclaredRandomnessInOneChunkStops() async {
      await #expect(processExitsWith: .failure) {
        var world = garden(.parallelDrawing)
        for _ in 0...World.chunkSize { world.spawn(Seedling()) }
        world.threadCount = 2
        world.step()
      }
    }

    @Test(
      "in a debug build, a parallel system with undeclared randomness stops in a type of several chunks"
    )
    func undeclaredRandomnessInChunksStops() async {
      // Sprouts alone, in chunks cut by the thread count: each chunk's draws would depend on
      // how many threads there are.
      await #expect(processExitsWith: .failure) {
        var world = garden(.parallelDrawing, sprouts: 3 * World.chunkSize)
        world.threadCount = 2
        world.step()
      }
    }
  #endif
}
