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
