import Foundation
import Frames
import MonsterWars
import Testing
import TraitSandbox

// A monster defined outside MonsterWars, with a trait of its own, registered in a roster and
// played in a match driven by a scenario file: what "Adding an entity type" walks through.

/// The state of a fuse: how long it burns once lit, and the blast at its end.
struct Fuse: Component {
  /// Seconds of fuse left once lit.
  var secondsLeft: Float
  /// How far from the bomber an enemy lights the fuse, and how far the blast reaches.
  var blastRadius: Float
  /// Damage the blast deals to every enemy within `blastRadius`.
  var blastDamage: Float
  /// Whether an enemy came close enough to light it.
  var isLit = false
}

/// Something that blows itself up next to its enemies.
protocol FuseTrait: HealthTrait {
  var fuse: Fuse { get set }
  /// Lights the fuse near an enemy, burns it, and explodes when it runs out.
  mutating func burnFuse(in context: inout TickContext)
  static func stepFuses(_ pool: inout EntityPool<Self>, in context: inout TickContext)
}

extension FuseTrait {
  mutating func burnFuse(in context: inout TickContext) {
    if !fuse.isLit {
      fuse.isLit = context.targets.hasEnemy(
        of: faction, near: position, within: fuse.blastRadius)
      return
    }
    fuse.secondsLeft -= context.deltaTime
    guard fuse.secondsLeft <= 0 else { return }
    context.targets.damageEnemies(
      of: faction, around: position, radius: fuse.blastRadius, amount: fuse.blastDamage)
    health.current = 0
  }

  static func stepFuses(_ pool: inout EntityPool<Self>, in context: inout TickContext) {
    pool.updateEach(in: &context) { entity, context in entity.burnFuse(in: &context) }
  }
}

extension TraitSystem {
  static let fuse = TraitSystem(name: "fuse", trait: (any FuseTrait).self) { type in
    guard let bomber = type as? any FuseTrait.Type else { return nil }
    return fuseJob(bomber)
  }

  private static func fuseJob<Entity: FuseTrait>(_: Entity.Type) -> any AnySystemJob {
    // A blast hurts the bomber's enemies and ends the bomber's life.
    SystemJob(
      component: \Entity.fuse, writes: [.component(\.fuse), .component(\.health)],
      effects: .damage, run: { Entity.stepFuses(&$0, in: &$1) })
  }
}

/// A slow walker that bites weakly and blows up among its enemies.
struct BomberMonster: Monster, MeleeTrait, FuseTrait {
  static let kind = UnitKind("bomber")
  static let sprite = SpriteID("bomber")

  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var movement: Movement
  var health: Health
  var melee: Melee
  var fuse = Fuse(secondsLeft: 1, blastRadius: 40, blastDamage: 60)
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

/// MonsterWars' roster plus the bomber, with the fuse system in the act phase.
let bomberRoster = Roster(
  Roster.standard.unitTypes + [BomberMonster.self],
  schedule: Schedule.standard.appending([.fuse], to: "act"))

@Suite("A unit type from outside MonsterWars")
struct ExternalUnitTests {
  /// The duel, with a bomber block and AI weights that buy bombers.
  private func bomberScenarioFile() throws -> URL {
    var text = try String(
      contentsOf: shippedScenarios.appendingPathComponent("duel.json"), encoding: .utf8)
    text = text.replacingOccurrences(
      of: #""units": {"#,
      with: #"""
        "units": {
            "bomber": {
              "cost": 30, "health": 60, "speed": 60, "radius": 12,
              "melee": {"damage": 2, "reach": 8, "cooldown": 1.0}
            },
        """#)
    text = text.replacingOccurrences(of: #""munch": 3}"#, with: #""munch": 3, "bomber": 4}"#)
    text = text.replacingOccurrences(of: #""munch": 2}"#, with: #""munch": 2, "bomber": 4}"#)
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("bomber-\(UUID().uuidString).json")
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  @Test("the scenario file is validated against the roster that lists the bomber")
  func scenarioSchemaFollowsTheRoster() throws {
    let file = try bomberScenarioFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let scenario = try Scenario.load(contentsOf: file, roster: bomberRoster)
    #expect(scenario.roster.kinds.map(\.name) == ["quirk", "zap", "munch", "bomber"])
    #expect(scenario.units[BomberMonster.kind]?.cost == 30)
    #expect(scenario.ai.left.weight(of: BomberMonster.kind) == 4)
    // Without the bomber in the roster, its block is an unknown key.
    #expect(throws: ScenarioError.self) { try Scenario.load(contentsOf: file) }
    #expect(bomberRoster.spriteIDs.contains(SpriteID("bomber")))
    #expect(bomberRoster.entityTypes.contains { $0 == BomberMonster.self })
  }

  @Test("a match buys bombers, runs their fuses, counts them and retunes them")
  func bombersPlay() throws {
    let file = try bomberScenarioFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let scenario = try Scenario.load(contentsOf: file, roster: bomberRoster)
    var match = Match(scenario: scenario, seed: 5)
    #expect(match.world.systemNames(for: BomberMonster.self)?.contains("fuse") == true)
    #expect(
      match.world.entityTypes.first { $0.name == "BomberMonster" }?.traits.contains("FuseTrait")
        == true)
    var sawLitFuse = false
    for _ in 0..<3600 where !match.isOver {
      match.step()
      sawLitFuse =
        sawLitFuse || match.world.entities(of: BomberMonster.self).contains { $0.fuse.isLit }
    }
    let row = try #require(match.statistics.rows.first { $0.typeName == "BomberMonster" })
    #expect(row.spawned.left + row.spawned.right > 0)
    #expect(row.killed.left + row.killed.right > 0)
    #expect(sawLitFuse)
    // Live tuning reaches the bomber through Monster.retune, like every other kind.
    var faster = scenario
    faster.units[BomberMonster.kind]?.speed = 99
    match.applyStats(from: faster)
    #expect(match.world.entities(of: BomberMonster.self).allSatisfy { $0.movement.speed == 99 })
    // The fuse is part of the state hash.
    var tampered = match.world
    tampered.modifyEntities(of: BomberMonster.self) { $0.fuse.blastDamage += 1 }
    if !match.world.entities(of: BomberMonster.self).isEmpty {
      #expect(tampered.stateHash() != match.world.stateHash())
    }
  }
}
