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
      SharedOptions.scenario, SharedOptions.seed, ticks, SharedOptions.entities, json, frames,
      every, SharedOptions.size, SharedOptions.assets,
    ])

  /// `--ticks`: where to stop, if before the match ends.
  static let ticks: Option<Int?> = .integer(
    "ticks", help: "Stop after this many ticks (1 to 1000000000).", in: 1...1_000_000_000,
    defaultDescription: "the scenario's tick limit")
  /// `--json`: the report as one JSON object.
  static let json = Flag("json", help: "Print one JSON object instead of text.")
  /// `--frames`: a folder to write frames into.
  static let frames: Option<String?> = .text(
    "frames", valueName: "dir",
    help: "Also write frames as PNG files (frame_<tick>.png) into this folder.")
  /// `--every`: how often `--frames` writes one.
  static let every: Option<Int> = .integer(
    "every", valueName: "k", help: "With --frames, write every k-th tick (1 to 1000000).",
    in: 1...1_000_000, default: 1)

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
    scenarioName = try options[SharedOptions.scenario]
    seed = try options[SharedOptions.seed]
    ticks = try options[Self.ticks]
    entities = try options[SharedOptions.entities]
    json = options[Self.json]
    every = try options[Self.every]
    size = try options[SharedOptions.size]
    assetsOption = try options[SharedOptions.assets]
    self.invocation = invocation
    if !options.contains(Self.frames)
      && (options.contains(Self.every) || options.contains(SharedOptions.size))
    {
      throw .usage("--every and --size go with --frames")
    }
    framesFolder = try options[Self.frames]
  }

  func run(console: Console) throws(CommandFailure) -> Int32 {
    let assets = try AssetFolder.locate(option: assetsOption, invocation: invocation)
    // Every sprite is checked at start, so a broken asset folder fails now, not mid-run.
    let sprites = try assets.loadSprites()
    let scenario = try assets.loadScenario(scenarioName, invocation: invocation)
    _ = try SwarmCount.check(entities, for: scenario)
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
