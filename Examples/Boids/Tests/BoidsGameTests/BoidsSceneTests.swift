import BoidsGame
import Testing
import TraitSandbox

@Suite("Boids scene")
struct BoidsSceneTests {
  @Test("the same seed and ticks give the same state hash on every run")
  func sameSeedSameHash() {
    var first = BoidsScene(seed: 7, boidCount: 120)
    var second = BoidsScene(seed: 7, boidCount: 120)
    first.run(ticks: 300)
    second.run(ticks: 300)
    #expect(first.world.tick == 300)
    #expect(first.world.stateHash() == second.world.stateHash())
    #expect(first.boidCount == second.boidCount)
  }

  @Test("a sky saved after 1,000 ticks flies on to the hash of 2,000 ticks straight")
  func savedSkyFliesOn() throws {
    var scene = BoidsScene(seed: 7, boidCount: 80)
    scene.run(ticks: 1_000)
    var bytes: [UInt8] = []
    try scene.world.save(to: &bytes)
    var restored = World(
      seed: 0, fixedDeltaTime: BoidsScene.fixedDeltaTime, arenaSize: BoidsScene.arenaSize,
      schedule: .boids, hostility: Hostility(factionCount: 2))
    for type in BoidsScene.entityTypes { restored.register(type) }
    var reader = SnapshotReader(bytes)
    try restored.restore(from: &reader)
    #expect(restored.stateHash() == scene.world.stateHash())
    scene.run(ticks: 1_000)
    for _ in 0..<1_000 { restored.step() }
    #expect(restored.tick == 2_000)
    #expect(restored.stateHash() == scene.world.stateHash())
  }

  @Test("another seed gives another flock")
  func otherSeedOtherHash() {
    var first = BoidsScene(seed: 7, boidCount: 120)
    var second = BoidsScene(seed: 8, boidCount: 120)
    first.run(ticks: 30)
    second.run(ticks: 30)
    #expect(first.world.stateHash() != second.world.stateHash())
  }

  @Test("hawks catch boids: the flock shrinks while every hawk flies on")
  func hawksCatchBoids() {
    var scene = BoidsScene(seed: 1, boidCount: 200, hawkCount: 4)
    #expect(scene.boidCount == 200)
    scene.run(ticks: 600)
    #expect(scene.boidCount < 200)
    #expect(scene.caughtCount == 200 - scene.boidCount)
    #expect(scene.hawkCount == 4)
    let strikes = scene.world.entities(of: Hawk.self).reduce(0) { $0 + $1.melee.strikes }
    #expect(strikes >= scene.caughtCount)
  }

  @Test("the flock phase runs after think and before the hawks act")
  func flockPhaseOrder() {
    let phases = Schedule.boids.phases.map(\.name)
    #expect(phases == ["index", "think", "flock", "act", "move", "collide", "resolve", "present"])
    let scene = BoidsScene(seed: 1, boidCount: 1)
    #expect(
      scene.world.systemNames(for: Boid.self)
        == ["targets", "flocking", "movement", "health", "render"])
    #expect(
      scene.world.systemNames(for: Hawk.self)
        == ["targets", "melee", "movement", "health", "render"])
  }

  @Test("boids are faction 0 and hawks faction 1, enemies of each other")
  func factions() {
    let scene = BoidsScene(seed: 1, boidCount: 3, hawkCount: 2)
    #expect(scene.world.census.map(\.countByFaction) == [[3, 0], [0, 2]])
    #expect(scene.world.hostility.isHostile(Boid.faction, to: Hawk.faction))
  }
}
