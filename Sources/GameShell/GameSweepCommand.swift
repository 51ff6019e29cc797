import Foundation
import Gameplay
import JSON
import TraitSandbox

/// `GAME sweep`: plays the game once per seed, headless and on every core, and tallies how
/// each came out.
package struct GameSweepCommand<G: PlayableGame>: Subcommand {
  /// `--seeds`: which seeds to play.
  static var seeds: Option<SeedRange?> {
    Option("seeds", valueName: "a-b", help: "The seeds to play, e.g. 1-1000, or one seed.") {
      text throws(OptionValueError) in try SeedRange(parsing: text)
    }
  }

  /// `--shard`: which block of the seeds this run plays.
  static var shard: Option<Shard> { Shard.option }

  /// `--out`: a file for one JSON line per game.
  static var out: Option<String?> {
    .text(
      "out", valueName: "file",
      help: "Also write one JSON line per game, in seed order, to this file (atomically): its "
        + "seed, tick, state hash, outcome and report lines.")
  }

  /// `--jobs`: how many games to play at once, as `sandbox sweep` takes it.
  static var jobs: Option<Int?> {
    .integer(
      "jobs", help: "Games played at once, one per thread, at most one per core (1 to 256).",
      in: 1...256,
      defaultDescription: "all cores")
  }

  /// The most seeds one sweep plays: each one's end is kept until all are in.
  static var maximumSeeds: Int { 10_000_000 }

  package static var spec: CommandSpec {
    CommandSpec(
      name: "sweep", abstract: "Play the game once per seed headless and tally the outcomes.",
      discussion: """
        Plays each seed of --seeds for --ticks ticks, or until the game is over (a game that \
        ends by itself needs no --ticks), the seeds \
        played --jobs at once (each game on one thread), and prints how many came out each \
        way, with each way's share and its 95% Wilson score interval, how long the games ran, \
        and one hash of every game's end state, the same for any --jobs. --shard K/N plays \
        the K-th of N contiguous blocks of the seeds, so that N machines can share a sweep. \
        --out writes each game's end as a JSON line, the same for any --jobs.
        """,
      options: [seeds.required, GameRunCommand<G>.ticks] + GameOptions<G>.settingOptions + [
        GameOptions<G>.settingsFile, shard, jobs, out, GameOptions<G>.json,
      ] + GameOptions<G>.assetsOptions, program: G.programName)
  }

  let seeds: SeedRange
  let shard: Shard
  /// `--ticks`, if given: else all each game has left.
  let ticks: Int?
  let settings: GameSettings
  let jobs: Int
  let outPath: String?
  let outURL: URL?
  let json: Bool

  package init(options: ParsedOptions, invocation: Invocation) throws(CommandFailure) {
    let invocation = try GameOptions<G>.invocation(options, invocation)
    seeds = try options.required(Self.seeds)
    guard seeds.count <= Self.maximumSeeds else {
      throw .usage(
        "--seeds \(seeds) holds \(seeds.count) seeds; one sweep plays at most "
          + "\(Self.maximumSeeds) (split the range)")
    }
    shard = try options[Self.shard]
    ticks = try options[GameRunCommand<G>.ticks]
    settings = try GameOptions<G>.settings(options, invocation: invocation)
    jobs = try options[Self.jobs] ?? GameOptions<G>.allCores
    outPath = try options[Self.out]
    outURL = outPath.map { invocation.url(of: $0) }
    // A file that cannot be written is refused before the games, not after them.
    if let outURL { try LinesFile.checkDestination(outURL) }
    json = options[GameOptions<G>.json]
  }

  package func run(console: Console) throws(CommandFailure) -> Int32 {
    if ticks == nil && G(seed: seeds.first, settings: settings).ticksLeft == nil {
      throw .usage("--ticks is needed: \(G.name) does not end by itself")
    }
    let positions = shard.positions(of: seeds.count)
    let (seeds, ticks, settings, writesLines) = (seeds, ticks, settings, outURL != nil)
    var tally = SweepTally()
    var hasher = StateHasher()
    var fileBytes: [UInt8] = []
    // Each game on one thread; the ends are taken in seed order, whichever finished first.
    WorkerPool.forEachInOrder(count: positions.count, jobs: jobs) { item in
      let seed = seeds[positions.lowerBound + item]
      var game = G(seed: seed, settings: settings)
      game.threadCount = 1
      let baseline = game.reportBaseline
      let limit = ticks ?? game.ticksLeft ?? 0
      var ran = 0
      while ran < limit && !game.isOver {
        game.advance()
        ran += 1
      }
      let hash = game.stateHash()
      return GameEnd(
        hash: hash, outcome: game.outcome ?? "ran \(game.tick) ticks", ticks: Int(game.tick),
        line: writesLines ? Self.line(of: game, since: baseline, seed: seed, hash: hash) : "")
    } deliver: { _, end in
      hasher.combine(end.hash.rawValue)
      tally.add(outcome: end.outcome, ticks: end.ticks)
      fileBytes += end.line.utf8
      return true
    }
    let sweepHash = hasher.finalize()
    if let outURL { try LinesFile.write(fileBytes, to: outURL) }
    if json {
      console.print(report(tally, sweepHash: sweepHash).rendered)
    } else {
      for line in lines(tally, sweepHash: sweepHash) { console.print(line) }
    }
    return ExitCode.success
  }

  /// How one game of the sweep ended.
  private struct GameEnd: Sendable {
    var hash: StateHash
    var outcome: String
    var ticks: Int
    /// Its JSON line for `--out`, newline included; empty without `--out`.
    var line: String
  }

  /// The JSON line of `game`'s end, played from `seed`: its seed, tick, state hash, outcome
  /// (once over), report lines and what it says of the play since `baseline`.
  private static func line(
    of game: G, since baseline: G.ReportBaseline, seed: UInt64, hash: StateHash
  ) -> String {
    var members: [(String, JSONValue)] = [
      ("seed", .unsigned(seed)), ("tick", .unsigned(game.tick)),
      ("stateHash", .string(hash.description)),
    ]
    if let outcome = game.outcome { members.append(("outcome", .string(outcome))) }
    members.append(("lines", .array(game.reportLines.map { JSONValue.string($0) })))
    members += game.reportMembers(since: baseline).map { ($0.key, $0.value) }
    return JSONValue.object(members).rendered + "\n"
  }

  /// The text report: what was swept, each outcome, the lengths and the sweep's hash.
  private func lines(
    _ tally: SweepTally, sweepHash: StateHash
  ) -> [String] {
    var lines = [
      "Sweep: \(G.name), \(shard.played(of: seeds)) (\(tally.gameCount) "
        + (tally.gameCount == 1 ? "game" : "games") + "), "
        + (ticks.map { "up to \($0) ticks each" } ?? "each to its end")
    ]
    if let document = settings.document { lines.append("Settings file: \(document.name)") }
    for outcome in tally.outcomes {
      let share = Double(outcome.games) / Double(tally.gameCount) * 100
      var line = String(format: "  %@: %d (%.1f%%)", outcome.name, outcome.games, share)
      if let interval = tally.interval(of: outcome.name) {
        line += String(
          format: ", 95%% CI %.1f%% to %.1f%%", interval.lower * 100, interval.upper * 100)
      }
      lines.append(line)
    }
    let lengths = tally.lengths
    if let mean = lengths.mean, let deviation = lengths.standardDeviation,
      let minimum = lengths.minimum, let maximum = lengths.maximum
    {
      lines.append(
        String(
          format: "Length: mean %.1f ticks, sd %.1f, min %d, max %d", mean, deviation,
          minimum, maximum))
    }
    return lines + ["sweepHash: \(sweepHash)"] + (outPath.map { ["out: \($0)"] } ?? [])
  }

  /// The JSON report: the same figures as the text, as one object.
  private func report(
    _ tally: SweepTally, sweepHash: StateHash
  ) -> JSONValue {
    let outcomes = tally.outcomes.map { outcome in
      var members: [(String, JSONValue)] = [
        ("outcome", .string(outcome.name)), ("games", .integer(outcome.games)),
      ]
      if let interval = tally.interval(of: outcome.name) {
        members += [("lower95", .number(interval.lower)), ("upper95", .number(interval.upper))]
      }
      return JSONValue.object(members)
    }
    var members: [(String, JSONValue)] = [
      ("game", .string(G.name)), ("settings", GameOptions<G>.settingsJSON(settings)),
    ]
    if let document = settings.document { members.append(("settingsFile", .string(document.name))) }
    members += [("firstSeed", .unsigned(seeds.first)), ("lastSeed", .unsigned(seeds.last))]
    if shard != .whole { members.append(("shard", .string(shard.description))) }
    members += [
      ("games", .integer(tally.gameCount)), ("tickLimit", ticks.map { .integer($0) } ?? .null),
      ("outcomes", .array(outcomes)),
    ]
    let lengths = tally.lengths
    if let mean = lengths.mean, let deviation = lengths.standardDeviation,
      let minimum = lengths.minimum, let maximum = lengths.maximum
    {
      members.append(
        (
          "ticks",
          .object([
            ("mean", .number(mean)), ("sd", .number(deviation)), ("min", .integer(minimum)),
            ("max", .integer(maximum)),
          ])
        ))
    }
    members.append(("sweepHash", .string(sweepHash.description)))
    if let outPath { members.append(("out", .string(outPath))) }
    return .object(members)
  }
}
