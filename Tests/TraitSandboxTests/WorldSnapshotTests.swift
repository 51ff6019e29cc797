import Testing
import TraitSandbox

@Suite("World save and restore")
struct WorldSnapshotTests {
  /// A world of fighters, gunners, hatcheries and the walkers they hatch: trait state of every
  /// kind, entities spawned and killed during ticks.
  private func battle() -> World {
    var world = makeWorld(seed: 9)
    world.register(Knight.self)
    world.register(Gunner.self)
    world.register(Hatchery.self)
    for index in 0..<40 {
      let side: Faction = index % 2 == 0 ? .left : .right
      let x: Float = side == .left ? 400 : 600
      world.spawn(
        Knight(
          position: Vector2(x, Float(index) * 20), faction: side,
          melee: Melee(damage: 3, reach: 6, cooldown: 1),
          health: Health(maximum: 30, radius: 4)))
      world.spawn(
        Gunner(
          position: Vector2(x + (side == .left ? -50 : 50), Float(index) * 20), faction: side,
          movement: Movement(speed: 20, destination: Vector2(500, Float(index) * 20)),
          gun: Gun(
            damage: 4, range: 120, cooldown: 1.5, projectileSpeed: 200,
            projectileLifetime: 1)))
    }
    world.spawn(
      Hatchery(
        spawner: Spawner(budget: 0, income: 10, thinkInterval: 0.5), hatches: true,
        randomHeight: true))
    return world
  }

  private func saved(_ world: World) throws -> [UInt8] {
    var bytes: [UInt8] = []
    try world.save(to: &bytes)
    return bytes
  }

  @Test("a restored world steps on to the hash the original reaches")
  func roundTrip() throws {
    var original = battle()
    for _ in 0..<20 { original.step() }
    var restored = battle()
    restored.register(Walker.self)
    var reader = SnapshotReader(try saved(original))
    try restored.restore(from: &reader)
    #expect(restored.tick == original.tick)
    #expect(restored.stateHash() == original.stateHash())
    for _ in 0..<40 {
      original.step()
      restored.step()
    }
    #expect(restored.stateHash() == original.stateHash())
    let hatcheries = (restored.entities(of: Hatchery.self), original.entities(of: Hatchery.self))
    #expect(hatcheries.0.map(\.spendTicks) == hatcheries.1.map(\.spendTicks))
    #expect(hatcheries.0.map(\.hatchedCount) == hatcheries.1.map(\.hatchedCount))
  }

  @Test("a type registered only when first spawned is restored in the saved world's order")
  func lazilyRegistered() throws {
    var original = battle()
    for _ in 0..<20 { original.step() }
    // The hatcheries' walkers registered when the first hatched, after every other type.
    #expect(original.entityTypes.map(\.name).last == "Walker")
    var restored = makeWorld(seed: 9)
    // Registered up front, in another order, with a type the saved world never had.
    for type: any GameObject.Type in [
      Walker.self, Bolt.self, Hatchery.self, Gunner.self, Knight.self,
    ] {
      restored.register(type)
    }
    var reader = SnapshotReader(try saved(original))
    try restored.restore(from: &reader)
    #expect(restored.entityTypes.map(\.name) == original.entityTypes.map(\.name))
    #expect(restored.stateHash() == original.stateHash())
    for _ in 0..<30 {
      original.step()
      restored.step()
    }
    #expect(restored.stateHash() == original.stateHash())
  }

  @Test("a world with other entity types, arena or step refuses the save and stays unchanged")
  func mismatch() throws {
    var original = battle()
    original.step()
    let bytes = try saved(original)

    var fewerTypes = makeWorld(seed: 9)
    fewerTypes.register(Knight.self)
    let before = fewerTypes.stateHash()
    var reader = SnapshotReader(bytes)
    #expect(throws: ArchiveError.self) { try fewerTypes.restore(from: &reader) }
    #expect(fewerTypes.stateHash() == before)

    var otherArena = makeWorld(seed: 9, arena: Vector2(999, 1000))
    otherArena.register(Knight.self)
    otherArena.register(Gunner.self)
    otherArena.register(Hatchery.self)
    otherArena.register(Walker.self)
    reader = SnapshotReader(bytes)
    do {
      try otherArena.restore(from: &reader)
      Issue.record("a world of another arena restored the save")
    } catch {
      #expect(error.reason.contains("1000.0x1000.0 arena"))
      #expect(error.reason.contains("999.0x1000.0 arena"))
    }
  }

  @Test("every truncation of a save is refused and leaves the world as it was")
  func truncated() throws {
    var original = battle()
    for _ in 0..<3 { original.step() }
    let bytes = try saved(original)
    var target = battle()
    let before = target.stateHash()
    for length in stride(from: 0, to: bytes.count, by: 7) {
      #expect(throws: ArchiveError.self) {
        var reader = SnapshotReader(Array(bytes.prefix(length)))
        try target.restore(from: &reader)
      }
    }
    #expect(target.stateHash() == before)
  }
}
