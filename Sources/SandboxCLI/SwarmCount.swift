import GameShell
import MonsterWars

/// Checks `--entities` against the scenario it applies to.
enum SwarmCount {
  /// The count, if it is given and the scenario has a swarm whose arena can hold that many.
  static func check(_ entities: Int?, for scenario: Scenario) throws(CommandFailure) -> Int? {
    guard let entities else { return nil }
    guard let maximum = scenario.maximumSwarmCount else {
      throw .usage(
        "--entities needs a scenario with a \"swarm\" section; '\(scenario.name)' has none")
    }
    guard entities <= maximum else {
      throw .usage(
        "The value '\(entities)' is invalid for '--entities <n>': the '\(scenario.name)' swarm "
          + "holds at most \(maximum) monsters at its density")
    }
    return entities
  }
}
