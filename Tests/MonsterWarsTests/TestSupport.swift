import Foundation
import MonsterWars

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
  UnitTable([(.quirk, quirk), (.zap, zap), (.munch, munch)])
}

/// Weights for the standard roster's kinds, in its order.
func weights(quirk: Float, zap: Float, munch: Float) -> UnitTable<Float> {
  UnitTable([(.quirk, quirk), (.zap, zap), (.munch, munch)])
}
