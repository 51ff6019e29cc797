import Foundation
import MonsterWars
import TraitSandbox

/// `sandbox run`: plays a match headless, AI against AI, and reports the result.
struct RunCommand {
  static let spec = CommandSpec(
    name: "run",
    abstract: "Run a match headless, AI against AI, and report the result.",
    discussion: """
      Steps the simulation as fast as the machine allows until a castle falls, the \
      scenario's tick limit is reached or --ticks have run. The same scenario, seed and tick \
      count always print the same stateHash.
      """,
    options: [
      OptionSpec(
        name: "scenario", valueName: "name-or-path",
        help: "A scenario in Assets/scenarios by name, or a JSON file by path.",
        defaultValue: "duel"),
      OptionSpec(
        name: "seed", valueName: "n", help: "Seeds all randomness (0 to 2^64-1).",
        defaultValue: "1"),
      OptionSpec(
        name: "ticks", valueName: "n",
        help: "Stop after this many ticks (1 to 1000000000).",
        defaultValue: "the scenario's tick limit"),
      OptionSpec(
        name: "entities", valueName: "n",
        help: "How many monsters a swarm scenario places (0 to 10000000)."),
      OptionSpec(name: "json", valueName: nil, help: "Print one JSON object instead of text."),
      OptionSpec(
        name: "assets", valueName: "dir",
        help: "The assets folder (default: found from the repository, or SANDBOX_ASSETS)."),
    ])

  let scenarioName: String
  let seed: UInt64
  let ticks: Int?
  let entities: Int?
  let json: Bool
  let assetsOption: String?
  let invocation: Sandbox.Invocation

  init(options: ParsedOptions, invocation: Sandbox.Invocation) throws(CommandFailure) {
    scenarioName = options.string("scenario") ?? "duel"
    seed = try options.integer("seed", in: UInt64.min...UInt64.max) ?? 1
    ticks = try options.integer("ticks", in: 1...1_000_000_000)
    entities = try options.integer("entities", in: 0...10_000_000)
    json = options.flag("json")
    assetsOption = options.string("assets")
    self.invocation = invocation
    guard !scenarioName.isEmpty else { throw .usage("Missing value for '--scenario'") }
  }

  func run(console: Console) throws(CommandFailure) -> Int32 {
    let scenario = try ScenarioLoading.load(
      scenarioName, assetsOption: assetsOption, invocation: invocation)
    if entities != nil && scenario.swarm == nil {
      throw .usage(
        "--entities needs a scenario with a \"swarm\" section; '\(scenario.name)' has none")
    }
    var match = Match(scenario: scenario, seed: seed, swarmCount: entities)
    let tickBudget = ticks ?? scenario.match.tickLimit
    var progress = ProgressBar(total: tickBudget, console: console)
    let clock = MonotonicClock()
    let start = clock.now()
    var entityUpdates = 0
    var ticksRun = 0
    while ticksRun < tickBudget && !match.isOver {
      entityUpdates += match.world.entityCount
      match.step()
      ticksRun += 1
      progress.update(ticksRun, now: clock.now() - start)
    }
    let wallSeconds = clock.now() - start
    progress.finish()
    let report = RunReport(
      match: match, ticks: ticksRun, entityUpdates: entityUpdates, wallSeconds: wallSeconds)
    console.writeOutput(json ? report.json() : report.text())
    return ExitCode.success
  }
}

/// Finds and loads the scenario a command names, mapping failures to exit codes.
enum ScenarioLoading {
  static func load(
    _ nameOrPath: String, assetsOption: String?, invocation: Sandbox.Invocation
  ) throws(CommandFailure) -> Scenario {
    let looksLikePath = nameOrPath.contains("/") || nameOrPath.hasSuffix(".json")
    let scenarios: URL
    if looksLikePath {
      scenarios = URL(fileURLWithPath: invocation.workingDirectory)
    } else {
      scenarios = try AssetLocator.locate(
        option: assetsOption, environment: invocation.environment,
        executablePath: invocation.executablePath, workingDirectory: invocation.workingDirectory
      ).appendingPathComponent("scenarios")
    }
    let url: URL
    if looksLikePath && !nameOrPath.hasPrefix("/") {
      url = URL(fileURLWithPath: nameOrPath, relativeTo: scenarios)
    } else {
      url = Scenario.resolve(nameOrPath, scenariosDirectory: scenarios)
    }
    do {
      return try Scenario.load(contentsOf: url)
    } catch {
      if case .fileNotFound = error, !looksLikePath {
        let known = availableScenarios(in: scenarios)
        throw CommandFailure(
          message: "No scenario named '\(nameOrPath)' (\(url.path) does not exist); "
            + "available: \(known.isEmpty ? "none" : known.joined(separator: ", "))",
          exitCode: error.exitCode)
      }
      throw CommandFailure(message: error.description, exitCode: error.exitCode)
    }
  }

  static func availableScenarios(in folder: URL) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
  }
}
