import Foundation
import GameShell
import Gameplay
import MonsterWars
import TraitSandbox

/// `sandbox sweep`: plays many headless matches, one per seed, on a pool of threads, prints one
/// JSON line per match in seed order and sums them up.
struct SweepCommand: Subcommand {
  static let spec = CommandSpec(
    name: "sweep",
    abstract: "Play many headless matches, one per seed, and summarise them.",
    discussion: """
      Plays one match per seed of --seeds, AI against AI, each until it ends, the scenario's \
      tick limit is reached or --ticks have run, on --jobs threads. Prints one JSON line per \
      match, in seed order: the object sandbox run --json prints for that seed, without its \
      wall-clock members (wallSeconds, ticksPerSecond, entityUpdatesPerSecond), so every line \
      depends only on the scenario, the seed and --ticks, never on --jobs or the machine. \
      Then a summary (results, each side's win rate with a 95% Wilson score interval, match \
      length) goes to standard error, or to standard output when --out takes the lines. \
      --shard K/N keeps the K-th of N contiguous blocks of the seeds, so the outputs of \
      shards 1/N to N/N, concatenated in that order, are byte for byte the output of the \
      whole range.
      """,
    options: [
      seeds.required, SharedOptions.scenario, jobs, shard, out, ticks, SharedOptions.assets,
    ])

  /// `--seeds`: which seeds to play.
  static let seeds = Option<SeedRange?>(
    "seeds", valueName: "a-b",
    help: "Seeds to play: an inclusive range a-b, e.g. 1-1000, or one seed (at most "
      + "\(SeedRange.maximumCount) seeds).",
    parse: SeedRange.init(parsing:))
  /// `--jobs`: how many matches to play at once.
  static let jobs: Option<Int?> = .integer(
    "jobs", help: "Matches played at once, one per thread (1 to 256).", in: 1...256,
    defaultDescription: "all cores")
  /// `--shard`: which block of the seeds this run plays.
  static let shard = Shard.option
  /// `--out`: a file for the lines.
  static let out: Option<String?> = .text(
    "out", valueName: "file",
    help: "Write the lines to this file, atomically, instead of standard output.")
  /// `--ticks`: where to stop each match, if before it ends.
  static let ticks: Option<Int?> = .integer(
    "ticks", help: "Stop each match after this many ticks (1 to 1000000000).",
    in: 1...1_000_000_000, defaultDescription: "the scenario's tick limit")

  /// The thread count `--jobs` defaults to: every core, within 1...256.
  static var defaultJobs: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 256) }

  let scenarioName: String
  let seeds: SeedRange
  let jobs: Int
  let shard: Shard
  let outputPath: String?
  let ticks: Int?
  let assetsOption: String?
  let invocation: Sandbox.Invocation

  init(options: ParsedOptions, invocation: Sandbox.Invocation) throws(CommandFailure) {
    scenarioName = try options[SharedOptions.scenario]
    seeds = try options.required(Self.seeds)
    jobs = try options[Self.jobs] ?? Self.defaultJobs
    shard = try options[Self.shard]
    outputPath = try options[Self.out]
    ticks = try options[Self.ticks]
    assetsOption = try options[SharedOptions.assets]
    self.invocation = invocation
  }

  func run(console: Console) throws(CommandFailure) -> Int32 {
    let outputURL = outputPath.map { invocation.url(of: $0) }
    // A path that cannot be written is refused before the matches, not after them.
    if let outputURL { try LinesFile.checkDestination(outputURL) }
    let assets = try AssetFolder.locate(option: assetsOption, invocation: invocation)
    let scenario = try assets.loadScenario(scenarioName, invocation: invocation)
    let tickBudget = ticks ?? scenario.match.tickLimit
    let positions = shard.positions(of: seeds.count)
    let seeds = seeds

    let clock = MonotonicClock()
    let start = clock.now()
    var summary = SweepSummary()
    var fileBytes: [UInt8] = []
    OrderedWorkerPool.run(count: positions.count, jobs: jobs) { item in
      SweepMatch(
        scenario: scenario, seed: seeds[positions.lowerBound + item], tickBudget: tickBudget)
    } deliver: { _, match in
      summary.add(outcome: match.outcome, ticks: match.ticks)
      guard outputURL == nil else {
        fileBytes += match.line.utf8
        return true
      }
      console.writeOutput(match.line)
      // Nobody is reading any more (a broken pipe, a full disk): stop playing.
      return !console.outputStatus.hasFailed
    }
    let wallSeconds = clock.now() - start
    // The lines did not all arrive: no summary of a sweep that stopped part way (the caller
    // says why).
    guard !console.outputStatus.hasFailed else { return ExitCode.success }

    let report = summaryText(
      summary, scenario: scenario.name, tickBudget: tickBudget,
      wallSeconds: wallSeconds)
    if let outputURL, let outputPath {
      try LinesFile.write(fileBytes, to: outputURL)
      console.writeOutput("Wrote \(outputPath): \(SweepSummary.grouped(positions.count)) lines\n")
      console.writeOutput(report)
    } else {
      console.writeError(report)
    }
    return ExitCode.success
  }

  /// The summary: what was swept, then `SweepSummary`'s figures, then the wall time.
  private func summaryText(
    _ summary: SweepSummary, scenario: String, tickBudget: Int,
    wallSeconds: Double
  ) -> String {
    let swept = "\(scenario), \(shard.played(of: seeds))"
    let rate = wallSeconds > 0 ? Double(summary.matchCount) / wallSeconds : 0
    let lines =
      [
        "Sweep:      \(swept), at most \(SweepSummary.grouped(tickBudget)) "
          + (tickBudget == 1 ? "tick" : "ticks") + " each"
      ]
      + summary.lines()
      + [
        "Wall time:  \(String(format: "%.3f", wallSeconds)) s with \(jobs) "
          + (jobs == 1 ? "job" : "jobs") + ", \(String(format: "%.1f", rate)) matches/s"
      ]
    return lines.joined(separator: "\n") + "\n"
  }
}
