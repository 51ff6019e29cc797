import Testing
import TraitSandbox

/// How far a pacer goes a tick.
struct Stride: Component {
  var length: Float = 1
}

/// What a pacer has been through: a running fingerprint of where it stood after each walk.
struct Trail: Component {
  var fingerprint: UInt64 = 0
}

/// Paces along its row, and keeps a trail of where it stood.
struct Pacer: GameObject {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var stride = Stride()
  var trail = Trail()
}

extension TraitSystem {
  /// Pacers pace: they write their position, and draw no random numbers.
  static let walk = TraitSystem(name: "walk", trait: Pacer.self, runsInParallel: true) { type in
    guard type is Pacer.Type else { return nil }
    return SystemJob<Pacer>(
      component: \.stride, reads: [.position, .component(\.stride)], writes: [.position],
      run: { pool, _ in
        for index in pool.indices {
          var pacer = pool[index]
          pacer.position.x = (pacer.position.x + pacer.stride.length)
            .truncatingRemainder(dividingBy: 1000)
          pool[index] = pacer
        }
      })
  }

  /// Pacers note where they stand: they read the position `walk` writes.
  static let trace = TraitSystem(name: "trace", trait: Pacer.self, runsInParallel: true) { type in
    guard type is Pacer.Type else { return nil }
    return SystemJob<Pacer>(
      component: \.trail, reads: [.position, .component(\.trail)],
      run: { pool, _ in
        for index in pool.indices {
          let x = UInt64(pool[index].position.x.bitPattern)
          pool[index].trail.fingerprint = pool[index].trail.fingerprint &* 31 &+ x
        }
      })
  }
}

@Suite("Chunks handed from one system to the next")
struct ChunkHandoverTests {
  /// A world of `pacers` pacers with strides of their own and 300 talliers, stepped by
  /// `systems`.
  func world(_ systems: [TraitSystem], pacers: Int = 20_000, threads: Int) -> World {
    var world = World(
      seed: 11, fixedDeltaTime: quarterSecond, arenaSize: Vector2(1000, 1000),
      schedule: Schedule([.init("act", systems)]))
    world.threadCount = threads
    var random = SeededRandom(seed: 5)
    for _ in 0..<pacers {
      var pacer = Pacer(
        position: Vector2(random.nextFloat(in: 0...1000), random.nextFloat(in: 0...1000)),
        faction: .left)
      pacer.stride.length = random.nextFloat(in: 0.5...9)
      world.spawn(pacer)
    }
    for _ in 0..<300 { world.spawn(Tallier(position: .zero, faction: .left)) }
    return world
  }

  @Test("a system that reads what the one before writes of the same entities takes its chunks")
  func plan() {
    let steps = world([.walk, .trace, .tally], threads: 2).scheduleSteps
    // Tally draws random numbers on talliers, which no other system of the step steps.
    #expect(steps.map(\.systems) == [["walk", "trace", "tally"]])
    #expect(steps[0].handovers == ["trace reads or writes position of Pacer, which walk writes"])
    // Shuffle steps talliers too: their chunks cannot be handed over from tally's.
    let refused = world([.walk, .trace, .tally, .shuffle], threads: 2).scheduleSteps
    #expect(refused.map(\.systems) == [["walk", "trace", "tally"], ["shuffle"]])
    #expect(
      refused[1].barrier
        == "shuffle reads or writes Tallied of Tallier, which tally writes, and tally draws "
        + "random numbers on Tallier in chunks of a fixed size")
  }

  @Test(
    "chunks handed over tick as the systems one after another do, on any thread count",
    arguments: [2, 3, 7, 16])
  func sameResult(threads: Int) {
    var alone = world([.walk, .trace, .tally], threads: 1)
    var shared = world([.walk, .trace, .tally], threads: threads)
    var observed = world([.walk, .trace, .tally], threads: threads)
    for _ in 0..<10 {
      alone.step()
      shared.step()
      observed.step(observingSystems: { _, _ in })
    }
    #expect(shared.stateHash() == alone.stateHash())
    #expect(observed.stateHash() == alone.stateHash())
    // Each pacer's trail saw the position its own walk left it at, every tick.
    let trails = shared.entities(of: Pacer.self).map(\.trail.fingerprint)
    let expected = alone.entities(of: Pacer.self).map(\.trail.fingerprint)
    #expect(trails.count == expected.count)
    #expect(zip(trails, expected).filter { $0 != $1 }.count == 0)
    #expect(Set(trails).count > 19_000)
  }

  @Test("a world too small to cut into chunks steps them the same way")
  func small() {
    var alone = world([.walk, .trace], pacers: 700, threads: 1)
    var shared = world([.walk, .trace], pacers: 700, threads: 4)
    for _ in 0..<6 {
      alone.step()
      shared.step()
    }
    #expect(shared.stateHash() == alone.stateHash())
  }
}
