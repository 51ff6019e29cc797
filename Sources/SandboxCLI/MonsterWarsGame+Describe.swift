import Foundation
import GameShell
import JSON
import MonsterWars

/// What `sandbox describe` prints of a match past its seats and settings.
extension MonsterWarsGame {
  /// The scenario's name, then the world's schedule, its parallel steps and its entity types,
  /// each unit type with its kind: `ZapMonster [unit 'zap']`.
  public var descriptionLines: [String] {
    let scenario = match.scenario
    let notes = Dictionary(
      uniqueKeysWithValues: scenario.roster.unitTypes.map {
        ($0.typeName, "[unit '\($0.kind.name)']")
      })
    return ["Scenario: \(scenario.name)", ""] + match.world.describedLines(notes: notes)
  }

  /// Every value of the scenario by its JSON path, with where it came from: the file, a unit
  /// type's default (for a kind the file does not tune) or the schema's.
  public static func describedSettings(_ settings: GameSettings) -> [String] {
    guard let document = settings.document, let scenario = document.contents as? Scenario,
      let json = try? JSONValue.parse(Data(document.bytes))
    else { return [] }
    let values = scenario.values(givenIn: json)
    let rendered = values.map { $0.value.rendered }
    let pathWidth = values.map(\.path.count).max() ?? 0
    let valueWidth = rendered.map(\.count).max() ?? 0
    var lines = ["Scenario values (from the file, or the default named):"]
    for (entry, text) in zip(values, rendered) {
      lines.append(
        "  " + entry.path.padding(toLength: pathWidth, withPad: " ", startingAt: 0) + "  "
          + String(repeating: " ", count: valueWidth - text.count) + text + "  "
          + entry.origin.description)
    }
    return lines
  }
}
