import Testing
import TraitSandbox

/// What a striker did on its last tick.
struct Strike: Component {
  var hits = 0
  var draws: UInt64 = 0
}

/// Deals splash damage around itself every tick, at a strength drawn from the tick's random
/// numbers.
struct Striker: HealthTrait {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var health: Health
  var strike = Strike()
}

/// What a tallier counted.
struct Tallied: Component {
  var total: UInt64 = 0
}

/// Adds a random number to its tally every tick, and heals nothing.
struct Tallier: GameObject {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var tally = Tallied()
}

/// Counts ticks without drawing random numbers: a type the parallel step takes whole.
struct Ticker: GameObject {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var tally = Tallied()
}

extension TraitSystem {
  /// Strikers strike: damage and random numbers, in parallel chunks.
  static let strike = TraitSystem(name: "strike", trait: Striker.self, runsInParallel: true) {
    type in
    guard type is Striker.Type else { return nil }
    return SystemJob<Striker>(
      component: \.strike, reads: [.identity, .position, .faction, .component(\.strike)],
      effects: [.damage, .randomness],
      run: { pool, context in
        for index in pool.indices {
          var striker = pool[index]
          let draw = context.random.next()
          striker.strike.draws &+= draw
          striker.strike.hits = context.targets.damageEnemies(
            of: striker.faction, around: striker.position, radius: 30,
            amount: Float(draw % 7 + 1))
          pool[index] = striker
        }
      })
  }

  /// Talliers and tickers count; only talliers draw random numbers.
  static let tally = TraitSystem(name: "tally", trait: Tallied.self, runsInParallel: true) { type in
    if type is Tallier.Type {
      return SystemJob<Tallier>(
        component: \.tally, effects: .randomness,
        run: { pool, context in
          for index in pool.indices { pool[index].tally.total &+= context.random.next() % 100 }
        })
    }
    guard type is Ticker.Type else { return nil }
    return SystemJob<Ticker>(
      component: \.tally,
      run: { pool, _ in
        for index in pool.indices { pool[index].tally.total &+= 1 }
      })
  }

  /// Moves talliers: reads and writes their position, which `tally` does not touch.
  static let shuffle = TraitSystem(name: "shuffle", trait: Tallier.self, runsInParallel: true) {
    type in
    guard type is Tallier.Type else { return nil }
    return SystemJob<Tallier>(
      component: \.tally, reads: [.position, .component(\.tally)], writes: [.position],
      run: { pool, _ in
        for index in pool.indices {
          pool[index].position.x = Float(pool[index].tally.total % 1000)
        }
      })
  }
}

@Suite("Parallel steps")
struct StepPlanTests {
  /// A world of strikers on two sides, talliers and tickers, stepped by `systems` after the
  /// index phase and before the health system.
  func world(_ systems: [TraitSystem], threads: Int) -> World {
    let schedule = Schedule([
      .init("index", [.targets, .targetGrid]),
      .init("act", systems),
      .init("resolve", [.health]),
    ])
    var world = World(
      seed: 7, fixedDeltaTime: quarterSecond, arenaSize: Vector2(2000, 2000), schedule: schedule)
    world.threadCount = threads
    var random = SeededRandom(seed: 3)
    // Strikers: several chunks; talliers: one, drawing random numbers; tickers: one, not.
    for number in 0..<10_000 {
      world.spawn(
        Striker(
          position: Vector2(random.nextFloat(in: 0...2000), random.nextFloat(in: 0...2000)),
          faction: number % 2 == 0 ? .left : .right, health: Health(maximum: 40, radius: 4)))
    }
    for _ in 0..<300 {
      world.spawn(Tallier(position: .zero, faction: .left))
      world.spawn(Ticker(position: .zero, faction: .right))
    }
    return world
  }

  @Test("systems whose declarations do not conflict share a step, and tick as one after another")
  func sharedStep() {
    let steps = world([.strike, .tally], threads: 2).scheduleSteps
    #expect(
      steps.map(\.systems) == [["targets"], ["targetGrid"], ["strike", "tally"], ["health"]])
    #expect(steps[3].barrier == "health reads the damage strike deals")
    #expect(steps[2].barrier == "targetGrid works on the world as a whole")
    #expect(steps[0].barrier == nil)
    var hashes: [StateHash] = []
    for threads in [1, 2, 3, 8] {
      var world = world([.strike, .tally], threads: threads)
      for _ in 0..<12 { world.step() }
      hashes.append(world.stateHash())
    }
    // Observed system by system, the systems run one after another on any thread count.
    var observed = world([.strike, .tally], threads: 3)
    var names: [String] = []
    for _ in 0..<12 { observed.step(observingSystems: { name, _ in names.append(name) }) }
    hashes.append(observed.stateHash())
    #expect(Set(hashes).count == 1, "\(hashes)")
    #expect(names.prefix(5) == ["targets", "targetGrid", "strike", "tally", "health"])
  }

  @Test("a system that writes what the one before reads or writes waits for it, and says why")
  func conflictingColumns() {
    let steps = world([.tally, .shuffle, .strike], threads: 2).scheduleSteps
    #expect(
      steps.map(\.systems) == [
        ["targets"], ["targetGrid"], ["tally"], ["shuffle", "strike"], ["health"],
      ])
    // Shuffle could take tally's chunks one by one, but tally cuts talliers into chunks of
    // a fixed size for its random numbers.
    #expect(
      steps[3].barrier
        == "shuffle reads or writes Tallied of Tallier, which tally writes, and tally draws "
        + "random numbers on Tallier in chunks of a fixed size")
    var hashes: [StateHash] = []
    for threads in [1, 2, 7] {
      var world = world([.tally, .shuffle, .strike], threads: threads)
      for _ in 0..<8 { world.step() }
      hashes.append(world.stateHash())
    }
    #expect(Set(hashes).count == 1, "\(hashes)")
  }

  @Test("the standard schedule's steps on the built-in test types")
  func standardSteps() {
    var world = makeWorld()
    world.register(Knight.self)
    world.register(Turret.self)
    world.register(Bolt.self)
    let steps = world.scheduleSteps
    // Gun, melee and movement step different types (Turret, Knight, Bolt) and deal no damage
    // any of them reads; projectile moves bolts, whose position movement writes, and takes
    // each chunk of bolts from movement: one step.
    let shared = steps.first { $0.systems.contains("gun") }
    #expect(shared?.systems == ["gun", "melee", "movement", "projectile"])
    #expect(
      shared?.handovers == ["projectile reads or writes position of Bolt, which movement writes"])
    #expect(steps.first { $0.systems.contains("health") }?.barrier?.contains("damage") == true)
  }
}
