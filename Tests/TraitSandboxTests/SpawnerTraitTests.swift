import Testing
import TraitSandbox

@Suite("SpawnerTrait")
struct SpawnerTraitTests {
  @Test("a spawner earns its income every tick and by default saves it all")
  func earnsAndSaves() throws {
    var world = makeWorld()
    world.spawn(Bank(spawner: Spawner(budget: 10, income: 8, thinkInterval: 0.5)))
    for _ in 0..<6 { world.step() }
    // 8 coins per second for 1.5 seconds.
    let bank = try #require(world.entities(of: Bank.self).first)
    #expect(bank.spawner.budget == 22)
    #expect(bank.spawner.spent == 0)
  }

  @Test("spend runs on the first tick and then every thinkInterval")
  func thinksOnSchedule() throws {
    var world = makeWorld()
    world.spawn(Hatchery(spawner: Spawner(budget: 0, income: 0, thinkInterval: 1)))
    for _ in 0..<12 { world.step() }
    // The countdown starts at 0, so the first decision comes on tick 1 (a quarter second in);
    // after that the schedule stays on whole seconds: ticks 4, 8 and 12.
    let hatchery = try #require(world.entities(of: Hatchery.self).first)
    #expect(hatchery.spendTicks == [1, 4, 8, 12])
    #expect(hatchery.spawner.thinkRemaining == 1)
  }

  @Test("an entity's own spend is the one the world calls, and its spawns join after the tick")
  func ownSpendSpawns() throws {
    var world = makeWorld(extra: [.census])
    world.spawn(Hatchery(spawner: Spawner(budget: 0, income: 0, thinkInterval: 100), hatches: true))
    world.spawn(Walker(at: Vector2(10, 10), movement: Movement(speed: 0)))
    #expect(world.entityCount == 2)
    world.step()
    #expect(world.entityCount == 3)
    let hatchery = try #require(world.entities(of: Hatchery.self).first)
    #expect(hatchery.spendTicks == [1])
    #expect(hatchery.pendingBefore == [0])
    let walkers = world.entities(of: Walker.self)
    try #require(walkers.count == 2)
    #expect(hatchery.hatchedCount == 1)
    #expect(walkers[1].id.rawValue == 3)
    // The old walker's census ran during the tick and saw only itself.
    #expect(walkers[0].census == 1)
    // The newcomer was not stepped by any system in the tick that spawned it.
    #expect(walkers[1].census == 0)
    #expect(walkers[1].position == Vector2(500, 500))
    #expect(walkers[1].movement.velocity == .zero)
    world.step()
    let after = world.entities(of: Walker.self)
    #expect(after.map(\.census) == [2, 2])
    #expect(after[1].position == Vector2(510, 500))
  }

  @Test("pay takes coins only when the purse holds enough")
  func pay() {
    var spawner = Spawner(budget: 10, income: 0, thinkInterval: 1)
    let paid = [spawner.pay(4), spawner.pay(7), spawner.pay(6)]
    #expect(paid == [true, false, true])
    #expect(spawner.budget == 0)
    #expect(spawner.spent == 10)
  }
}
