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
      SharedOptions.scenario,
      SharedOptions.seed,
      OptionSpec(
        name: "ticks", valueName: "n",
        help: "Stop after this many ticks (1 to 1000000000).",
        defaultValue: "the scenario's tick limit"),
      OptionSpec(
        name: "entities", valueName: "n",
        help: "How many monsters a swarm scenario places (0 to 10000000)."),
      OptionSpec(name: "json", valueName: nil, help: "Print one JSON object instead of text."),
      OptionSpec(
        name: "frames", valueName: "dir",
        help: "Also write frames as PNG files (frame_<tick>.png) into this folder."),
      OptionSpec(
        name: "every", valueName: "k", help: "With --frames, write every k-th tick (1 to 1000000).",
        defaultValue: "1"),
      SharedOptions.size,
      SharedOptions.assets,
    ])

  let scenarioName: String
  let seed: UInt64
  let ticks: Int?
  let entities: Int?
  let json: Bool
  let framesFolder: String?
  let every: Int
  let size: OutputSize
  let assetsOption: String?
  let invocation: Sandbox.Invocation

  init(options: ParsedOptions, invocation: Sandbox.Invocation) throws(CommandFailure) {
    scenarioName = try options.scenarioName()
    seed = try options.integer("seed", in: UInt64.min...UInt64.max) ?? 1
    ticks = try options.integer("ticks", in: 1...1_000_000_000)
    entities = try options.integer("entities", in: 0...10_000_000)
    json = options.flag("json")
    framesFolder = options.string("frames")
    let every = try options.integer("every", in: 1...1_000_000)
    self.every = every ?? 1
    size = try options.outputSize()
    assetsOption = options.string("assets")
    self.invocation = invocation
    if framesFolder == nil && (every != nil || options.string("size") != nil) {
      throw .usage("--every and --size go with --frames")
    }
    if framesFolder?.isEmpty == true { throw .usage("Missing value for '--frames <dir>'") }
  }

  func run(console: Console) throws(CommandFailure) -> Int32 {
    let assets = try AssetFolder.locate(option: assetsOption, invocation: invocation)
    // Every sprite is checked at start, so a broken asset folder fails now, not mid-run.
    let sprites = try assets.loadSprites()
    let scenario = try assets.loadScenario(scenarioName, invocation: invocation)
    if entities != nil && scenario.swarm == nil {
      throw .usage(
        "--entities needs a scenario with a \"swarm\" section; '\(scenario.name)' has none")
    }
    var match = Match(scenario: scenario, seed: seed, swarmCount: entities)
    var recorder = try framesFolder.map { folder throws(CommandFailure) in
      try FrameRecorder(
        folder: folder, every: every, size: size, sprites: sprites, invocation: invocation)
    }
    try recorder?.record(match)
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
      try recorder?.record(match)
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
