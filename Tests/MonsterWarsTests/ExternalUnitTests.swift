import Foundation
import Frames
import MonsterWars
import Testing
import TraitSandbox

// A monster defined outside MonsterWars, with a trait of its own, registered in a roster and
// played in a match driven by a scenario file: what a game built on MonsterWars does to add one.

/// The state of a charge: how long it burns once lit, and the blast at its end.
struct Charge: Component {
  /// Seconds of fuse left once lit.
  var secondsLeft: Float
  /// How far from the sapper an enemy lights the fuse, and how far the blast reaches.
  var blastRadius: Float
  /// Damage the blast deals to every enemy within `blastRadius`.
  var blastDamage: Float
  /// Whether an enemy came close enough to light it.
  var isLit = false
}

/// Something that blows itself up next to its enemies.
protocol ChargeTrait: HealthTrait {
  var charge: Charge { get set }
  /// Lights the fuse near an enemy, burns it, and explodes when it runs out.
  mutating func burnCharge(in context: inout TickContext)
  static func stepCharges(_ pool: inout EntityPool<Self>, in context: inout TickContext)
}

extension ChargeTrait {
  mutating func burnCharge(in context: inout TickContext) {
    if !charge.isLit {
      charge.isLit = context.targets.hasEnemy(
        of: faction, near: position, within: charge.blastRadius)
      return
    }
    charge.secondsLeft -= context.deltaTime
    guard charge.secondsLeft <= 0 else { return }
    context.targets.damageEnemies(
      of: faction, around: position, radius: charge.blastRadius, amount: charge.blastDamage)
    health.current = 0
  }

  static func stepCharges(_ pool: inout EntityPool<Self>, in context: inout TickContext) {
    pool.updateEach(in: &context) { entity, context in entity.burnCharge(in: &context) }
  }
}

extension TraitSystem {
  static let charge = TraitSystem(name: "charge", trait: (any ChargeTrait).self) {
    ($0 as? any ChargeTrait.Type)?.chargeJob
  }
}

extension ChargeTrait {
  /// The charge system's work on this type, and what it touches.
  static var chargeJob: any AnySystemJob {
    // A blast hurts the sapper's enemies and ends the sapper's life.
    SystemJob(
      component: \Self.charge, writes: [.component(\.charge), .component(\.health)],
      effects: .damage, run: { Self.stepCharges(&$0, in: &$1) })
  }
}

/// A slow walker that bites weakly and blows up among its enemies.
struct SapperMonster: Monster, MeleeTrait, ChargeTrait {
  static let kind = UnitKind("sapper")
  static let sprite = SpriteID("sapper")
  static let defaultStats = UnitStats(
    cost: 30, health: 60, speed: 60, radius: 12,
    weapon: .melee(MeleeStats(damage: 2, reach: 8, cooldown: 1.0)))
  static let defaultWeight: Float = 4
  static let ownSystems = [(phase: "act", system: TraitSystem.charge)]

  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var movement: Movement
  var health: Health
  var melee: Melee
  var charge = Charge(secondsLeft: 1, blastRadius: 40, blastDamage: 60)
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

/// A monster whose declared defaults a scenario could never give: a cost of 0.
struct FreeMonster: Monster, MeleeTrait {
  static let kind = UnitKind("free")
  static let sprite = SpriteID("free")
  static let defaultStats = UnitStats(
    cost: 0, health: 1, speed: 1, radius: 1,
    weapon: .melee(MeleeStats(damage: 1, reach: 1, cooldown: 1)))
  static let defaultWeight: Float = 1

  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var movement: Movement
  var health: Health
  var melee: Melee
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

/// MonsterWars' roster plus the sapper, whose charge system the roster adds to the act phase.
let sapperRoster = Roster(Roster.standard.unitTypes + [SapperMonster.self])

@Suite("A unit type from outside MonsterWars")
struct ExternalUnitTests {
  /// The duel, with a sapper block and AI weights that buy sappers.
  private func sapperScenarioFile() throws -> URL {
    var text = try String(
      contentsOf: shippedScenarios.appendingPathComponent("duel.json"), encoding: .utf8)
    text = text.replacingOccurrences(
      of: #""units": {"#,
      with: #"""
        "units": {
            "sapper": {
              "cost": 30, "health": 60, "speed": 60, "radius": 12,
              "melee": {"damage": 2, "reach": 8, "cooldown": 1.0}
            },
        """#)
    text = text.replacingOccurrences(of: #""munch": 3}"#, with: #""munch": 3, "sapper": 4}"#)
    text = text.replacingOccurrences(of: #""munch": 2}"#, with: #""munch": 2, "sapper": 4}"#)
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("sapper-\(UUID().uuidString).json")
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  @Test("the scenario file is validated against the roster that lists the sapper")
  func scenarioSchemaFollowsTheRoster() throws {
    let file = try sapperScenarioFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let scenario = try Scenario.load(contentsOf: file, roster: sapperRoster)
    #expect(scenario.roster.kinds == Roster.standard.kinds + [SapperMonster.kind])
    #expect(scenario.units[SapperMonster.kind]?.cost == 30)
    #expect(scenario.ai.left.weight(of: SapperMonster.kind) == 4)
    // Without the sapper in the roster, its block is an unknown key.
    #expect(throws: ScenarioError.self) { try Scenario.load(contentsOf: file) }
    #expect(sapperRoster.spriteIDs.contains(SpriteID("sapper")))
    #expect(sapperRoster.entityTypes.contains { $0 == SapperMonster.self })
  }

  @Test("a type's defaults are checked as strictly as a file, and a bad one is named by type")
  func badDefaultsNameTheType() throws {
    let roster = Roster(Roster.standard.unitTypes + [FreeMonster.self])
    let error = try #require(throws: ScenarioError.self) {
      try Scenario.load(
        contentsOf: shippedScenarios.appendingPathComponent("duel.json"), roster: roster)
    }
    #expect(
      error
        == .invalid(
          path: "FreeMonster.defaultStats", jsonPath: "$.cost",
          message: "expected a number greater than 0 and at most 1000000, found 0"))
  }

  @Test("a match buys sappers, runs their charges, counts them and retunes them")
  func bombersPlay() throws {
    let file = try sapperScenarioFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let scenario = try Scenario.load(contentsOf: file, roster: sapperRoster)
    var match = Match(scenario: scenario, seed: 5)
    #expect(match.world.systemNames(for: SapperMonster.self)?.contains("charge") == true)
    let act = try #require(scenario.roster.schedule.phases.first { $0.name == "act" })
    #expect(act.systems.map(\.name).filter { $0 == "charge" }.count == 1)
    #expect(
      match.world.entityTypes.first { $0.name == "SapperMonster" }?.traits.contains("ChargeTrait")
        == true)
    var sawLitCharge = false
    for _ in 0..<3600 where !match.isOver {
      match.step()
      sawLitCharge =
        sawLitCharge || match.world.entities(of: SapperMonster.self).contains { $0.charge.isLit }
    }
    let row = try #require(match.statistics.rows.first { $0.typeName == "SapperMonster" })
    #expect(row.spawned.left + row.spawned.right > 0)
    #expect(row.killed.left + row.killed.right > 0)
    #expect(sawLitCharge)
    // Live tuning reaches the sapper through Monster.retune, like every other kind.
    var faster = scenario
    faster.units[SapperMonster.kind]?.speed = 99
    match.applyStats(from: faster)
    #expect(match.world.entities(of: SapperMonster.self).allSatisfy { $0.movement.speed == 99 })
    // The charge is part of the state hash.
    var tampered = match.world
    tampered.modifyEntities(of: SapperMonster.self) { $0.charge.blastDamage += 1 }
    if !match.world.entities(of: SapperMonster.self).isEmpty {
      #expect(tampered.stateHash() != match.world.stateHash())
    }
  }
}
