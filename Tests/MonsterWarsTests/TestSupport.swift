import Foundation
import TraitSandbox

@testable import MonsterWars

/// The shipped scenarios folder, three folders up from this file.
let shippedScenarios = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent()
  .deletingLastPathComponent()
  .deletingLastPathComponent()
  .appendingPathComponent("Assets/scenarios", isDirectory: true)

/// Loads a shipped scenario by name.
func scenario(_ name: String) throws -> Scenario {
  try Scenario.load(contentsOf: shippedScenarios.appendingPathComponent("\(name).json"))
}

extension Match {
  /// Steps the match on `threads` threads however few its entities, so that a small match
  /// takes the paths a large one takes on several threads.
  mutating func shareTicks(threads: Int) {
    threadCount = threads
    world.minimumEntitiesPerThread = 1
  }
}

// MARK: - Stats written out in tests

extension UnitKind {
  /// The standard roster's kinds, by name.
  static let quirk = QuirkMonster.kind
  static let zap = ZapMonster.kind
  static let munch = MunchMonster.kind
}

extension UnitStats {
  /// A melee unit's stats.
  init(
    cost: Float, health: Float, speed: Float, radius: Float, regeneration: Float = 0,
    melee: MeleeStats
  ) {
    self.init(
      cost: cost, health: health, speed: speed, radius: radius, regeneration: regeneration,
      weapon: .melee(melee))
  }

  /// A gun unit's stats.
  init(
    cost: Float, health: Float, speed: Float, radius: Float, regeneration: Float = 0,
    gun: GunStats
  ) {
    self.init(
      cost: cost, health: health, speed: speed, radius: radius, regeneration: regeneration,
      weapon: .gun(gun))
  }
}

/// The standard roster's unit stats, in its order.
func unitTable(quirk: UnitStats, zap: UnitStats, munch: UnitStats) -> UnitTable<UnitStats> {
  let given: [UnitKind: UnitStats] = [.quirk: quirk, .zap: zap, .munch: munch]
  return UnitTable(Roster.standard.unitTypes.map { ($0.kind, given[$0.kind] ?? $0.defaultStats) })
}

/// Weights for the standard roster's kinds, in its order; any kind but these three weighs its
/// type's default, as in a scenario file that names only them.
func weights(quirk: Float, zap: Float, munch: Float) -> UnitTable<Float> {
  let given: [UnitKind: Float] = [.quirk: quirk, .zap: zap, .munch: munch]
  return UnitTable(Roster.standard.unitTypes.map { ($0.kind, given[$0.kind] ?? $0.defaultWeight) })
}

/// What the standard roster's kinds other than Quirk, Zap and Munch weigh together by default.
let otherKindsWeight = Roster.standard.unitTypes.filter {
  ![.quirk, .zap, .munch].contains($0.kind)
}
.reduce(Float(0)) { $0 + $1.defaultWeight }

/// Every kind of the standard roster with a weight of 0, as a scenario's `weights` member.
let allWeightsZero =
  "{" + Roster.standard.kinds.map { "\"\($0.name)\": 0" }.joined(separator: ", ") + "}"

/// Every unit of `roster`'s types in `world`, in roster order, with its side and kind.
func units(
  in world: World, roster: Roster = .standard
) -> [(position: Vector2, side: Side, kind: UnitKind)] {
  func units<Unit: Monster>(of _: Unit.Type) -> [(position: Vector2, side: Side, kind: UnitKind)] {
    world.entities(of: Unit.self).map { ($0.position, $0.side, Unit.kind) }
  }
  return roster.unitTypes.flatMap { units(of: $0) }
}
