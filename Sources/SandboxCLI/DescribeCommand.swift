import Foundation
import GameShell
import JSON
import MonsterWars
import TraitSandbox

/// `sandbox describe`: the whole machine at once: the schedule a tick runs, and every entity
/// type with its traits, components, systems, what each system declares it reads, writes and
/// does, and how the type is kept in columns.
struct DescribeCommand: Subcommand {
  static let spec = CommandSpec(
    name: "describe",
    abstract: "Print the schedule and every entity type with its traits and components.",
    discussion: """
      Sets up the scenario's match without running it and prints, in running order, each \
      phase of a tick and its systems (with the trait each steps), and how they share parallel \
      steps on more than one thread, with the reason for each barrier; then each entity type the \
      world registered, with the traits it has, the components those traits keep, the \
      systems bound to it, what each of them declares it reads and writes of the type and does \
      to the rest of the world, and the 4-byte columns the type is stored in. Last, every \
      value of the scenario by its JSON path, with where it came from: the file, a unit \
      type's default (for a kind the file does not tune) or the schema's.
      """,
    options: [SharedOptions.scenario, SharedOptions.assets])

  let scenarioName: String
  let assetsOption: String?
  let invocation: Sandbox.Invocation

  init(options: ParsedOptions, invocation: Sandbox.Invocation) throws(CommandFailure) {
    scenarioName = try options[SharedOptions.scenario]
    assetsOption = try options[SharedOptions.assets]
    self.invocation = invocation
  }

  func run(console: Console) throws(CommandFailure) -> Int32 {
    let assets = try AssetFolder.locate(option: assetsOption, invocation: invocation)
    let loaded = try assets.loadScenarioFile(scenarioName, invocation: invocation)
    let match = Match(scenario: loaded.scenario, seed: 1, swarmCount: 0)
    console.writeOutput(
      Self.text(scenario: loaded.scenario, world: match.world)
        + Self.valuesText(loaded.scenario, givenIn: loaded.document))
    return ExitCode.success
  }

  /// Every value of `scenario`, with where it came from: the file, a unit type's default, or
  /// the schema's.
  static func valuesText(_ scenario: Scenario, givenIn document: JSONValue) -> String {
    let values = scenario.values(givenIn: document)
    let rendered = values.map { $0.value.rendered }
    let pathWidth = values.map(\.path.count).max() ?? 0
    let valueWidth = rendered.map(\.count).max() ?? 0
    var lines = ["", "Scenario values (from the file, or the default named):"]
    for (entry, text) in zip(values, rendered) {
      lines.append(
        "  " + entry.path.padding(toLength: pathWidth, withPad: " ", startingAt: 0) + "  "
          + String(repeating: " ", count: valueWidth - text.count) + text + "  "
          + entry.origin.description)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The description of `world`, set up for `scenario`.
  static func text(scenario: Scenario, world: World) -> String {
    let notes = Dictionary(
      uniqueKeysWithValues: scenario.roster.unitTypes.map {
        ($0.typeName, "[unit '\($0.kind.name)']")
      })
    let lines = ["Scenario: \(scenario.name)", ""] + world.describedLines(notes: notes)
    return lines.joined(separator: "\n") + "\n"
  }
}
