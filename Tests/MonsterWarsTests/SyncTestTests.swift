import Foundation
import Frames
import Gameplay
import MonsterWars
import Synchronization
import Testing
import TraitSandbox

/// How often the haunt system has run in this process: state that lives outside the match,
/// so no snapshot holds it.
let hauntings = Atomic<Int>(0)

/// A component whose trait's step reads the process-wide `hauntings`.
struct Haunt: Component {
  var drift: Float = 0
}

/// Something that drifts by a count kept outside the match: a rollback cannot restore it.
protocol HauntTrait: GameObject {
  var haunt: Haunt { get set }
}

extension HauntTrait {
  static var hauntJob: any AnySystemJob {
    SystemJob(
      component: \Self.haunt, writes: [.position, .component(\.haunt)],
      run: { pool, _ in
        pool.updateEach { entity in
          let count = hauntings.add(1, ordering: .relaxed).newValue
          entity.haunt.drift = Float(count % 1000) / 1000
          entity.position.y += entity.haunt.drift
        }
      })
  }
}

extension TraitSystem {
  static let haunt = TraitSystem(name: "haunt", trait: (any HauntTrait).self) {
    ($0 as? any HauntTrait.Type)?.hauntJob
  }
}

/// A monster that steps by something besides the match's state.
struct HauntedMonster: Monster, MeleeTrait, HauntTrait {
  static let kind = UnitKind("haunted")
  static let sprite = SpriteID("haunted")
  static let defaultStats = UnitStats(
    cost: 20, health: 50, speed: 40, radius: 10,
    weapon: .melee(MeleeStats(damage: 2, reach: 8, cooldown: 1)))
  static let defaultWeight: Float = 3
  static let ownSystems = [(phase: "act", system: TraitSystem.haunt)]

  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var movement: Movement
  var health: Health
  var melee: Melee
  var haunt = Haunt()
  var pose: Pose

  init(stats: UnitStats, side: Side, at position: Vector2, marchingOn target: Vector2) {
    self.position = position
    self.faction = side.faction
    self.movement = .march(speed: stats.speed, to: target)
    self.health = Health(stats)
    self.melee = Melee(stats.weapon)
    self.pose = Pose(facing: side)
  }
}

@Suite("Sync test: rolling back and stepping again")
struct SyncTestTests {
  func scenario(_ name: String, roster: Roster = .standard) throws -> Scenario {
    try Scenario.load(contentsOf: shippedScenarios.appendingPathComponent(name), roster: roster)
  }

  @Test(
    "every rollback of the duel and the battle steps again to the straight run's state",
    arguments: [
      ("duel.json", 1), ("duel.json", 2), ("duel.json", 8), ("battle.json", 1),
      ("battle.json", 2), ("battle.json", 8),
    ])
  func matchesStraightRun(file: String, rollback: Int) throws {
    let scenario = try scenario(file)
    let swarm = scenario.swarm == nil ? nil : 300
    var straight = Match(scenario: scenario, seed: 3, swarmCount: swarm)
    var tested = Match(scenario: scenario, seed: 3, swarmCount: swarm)
    tested.shareTicks(threads: 2)
    var syncTest = SyncTest<Match>(rollback: rollback)
    for _ in 0..<30 {
      straight.step()
      try syncTest.step(&tested)
    }
    #expect(syncTest.rollbacks == 30 - rollback + 1)
    #expect(syncTest.snapshotBytes > 0)
    // The sync test leaves the match it steps as a straight run leaves it.
    #expect(tested.world.tick == 30)
    #expect(tested.world.stateHash() == straight.world.stateHash())
  }

  @Test("state a snapshot cannot hold is found, naming the first tick and the system")
  func namesTheSystem() throws {
    let roster = Roster(Roster.standard.unitTypes + [HauntedMonster.self])
    let scenario = try scenario("battle.json", roster: roster)
    var match = Match(scenario: scenario, seed: 1, swarmCount: 200)
    #expect(match.world.entities(of: HauntedMonster.self).count > 0)
    var syncTest = SyncTest<Match>(rollback: 4)
    var failure: SyncTest<Match>.Failure?
    for _ in 0..<10 where failure == nil {
      do {
        try syncTest.step(&match)
      } catch let error as SyncTest<Match>.Failure {
        failure = error
      }
    }
    let found = try #require(failure)
    // The first rollback goes back to tick 0; the haunt's count differs on the first tick
    // stepped again.
    #expect(found.rolledBackTo == 0)
    #expect(found.tick == 1)
    #expect(found.place == .system("haunt"))
    #expect(found.straight != found.replayed)
    #expect(
      found.description.hasPrefix(
        "rolling back to tick 0 and stepping again differs from the straight run at tick 1, "
          + "first in system haunt: stateHash "))
  }
}
