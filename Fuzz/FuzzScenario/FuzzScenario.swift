// libFuzzer target: scenario files. `scripts/fuzz.sh FuzzScenario SECONDS` builds it with -DFUZZING
// and runs it; an ordinary build compiles the same check behind a stub (see FuzzDriver).
import Foundation
import FuzzDriver
import MonsterWars

/// Parses and validates the input as a scenario file: every input must give a scenario or a
/// `ScenarioError`, never a crash, a hang or a trap; a valid scenario must make a match that
/// can take a step.
func check(_ bytes: UnsafeBufferPointer<UInt8>) {
  guard let scenario = try? Scenario.parse(Data(bytes), path: "fuzz.json", name: "fuzz") else {
    return
  }
  var match = Match(scenario: scenario, seed: 1, swarmCount: 0)
  match.step()
}

@main enum FuzzScenario {
  static func main() { runFuzzer(named: "FuzzScenario", check) }
}
