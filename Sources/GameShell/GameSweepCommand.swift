import Dispatch
import Foundation
import Gameplay
import JSON
import TraitSandbox

/// `GAME sweep`: plays the game once per seed, headless and on every core, and tallies how
/// each came out.
struct GameSweepCommand<G: PlayableGame>: Subcommand {
  /// `--seeds`: which seeds to play.
  static var seeds: Option<SeedRange?> {
    Option("seeds", valueName: "a-b", help: "The seeds to play, e.g. 1-1000, or one seed.") {
      text throws(OptionValueError) in try SeedRange(parsing: text)
    }
  }

  /// The most seeds one sweep plays: each one's end is kept until all are in.
  static var maximumSeeds: Int { 10_000_000 }

  static var spec: CommandSpec {
    CommandSpec(
      name: "sweep", abstract: "Play the game once per seed headless and tally the outcomes.",
      discussion: """
        Plays each seed of --seeds for --ticks ticks, or until the game is over, the seeds \
        shared among --threads threads (each game on one), and prints how many came out each \
        way and one hash of every game's end state, the same for any thread count.
        """,
      options: [seeds.required, GameOptions<G>.ticks.required] + GameOptions<G>.settingOptions + [
        GameOptions<G>.threads, GameOptions<G>.json,
      ], program: G.name)
  }

  let seeds: SeedRange
  let ticks: Int
  let settings: GameSettings
  let threads: Int
  let json: Bool

  init(options: ParsedOptions, invocation: Invocation) throws(CommandFailure) {
    seeds = try options.required(Self.seeds)
    guard seeds.count <= Self.maximumSeeds else {
      throw .usage(
        "--seeds \(seeds) holds \(seeds.count) seeds; one sweep plays at most "
          + "\(Self.maximumSeeds) (split the range)")
    }
    ticks = try options.required(GameOptions<G>.ticks)
    settings = try GameOptions<G>.settings(options)
    threads = try GameOptions<G>.threadCount(options)
    json = options[GameOptions<G>.json]
  }

  func run(console: Console) throws(CommandFailure) -> Int32 {
    let results = Results(count: seeds.count)
    let (seeds, ticks, settings) = (self.seeds, self.ticks, self.settings)
    let workers = min(threads, seeds.count)
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      for position in stride(from: worker, to: seeds.count, by: workers) {
        var game = G(seed: seeds[position], settings: settings)
        game.threadCount = 1
        while game.tick < UInt64(ticks) && !game.isOver { game.advance() }
        results.set(position, (game.stateHash(), game.outcome ?? "ran \(game.tick) ticks"))
      }
    }
    let all = results.all
    var tally: [String: Int] = [:]
    var hasher = StateHasher()
    for (hash, outcome) in all {
      tally[outcome, default: 0] += 1
      hasher.combine(hash.rawValue)
    }
    let sorted = tally.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
    let sweepHash = hasher.finalize()
    if json {
      let outcomes = sorted.map { outcome, count in
        JSONValue.object([("outcome", .string(outcome)), ("games", .integer(count))])
      }
      let report = JSONValue.object([
        ("game", .string(G.name)),
        ("settings", GameOptions<G>.settingsJSON(settings)),
        ("firstSeed", .unsigned(seeds.first)),
        ("lastSeed", .unsigned(seeds.last)), ("games", .integer(all.count)),
        ("tickLimit", .integer(ticks)), ("outcomes", .array(outcomes)),
        ("sweepHash", .string(sweepHash.description)),
      ])
      console.print(report.rendered)
      return ExitCode.success
    }
    console.print(
      "Sweep: \(G.name), seeds \(seeds) (\(seeds.count) games), up to \(ticks) ticks each")
    for (outcome, count) in sorted {
      let share = Double(count) / Double(all.count) * 100
      console.print(String(format: "  %@: %d (%.1f%%)", outcome, count, share))
    }
    console.print("sweepHash: \(sweepHash)")
    return ExitCode.success
  }

  /// Each seed's end hash and outcome, written by the worker that played it.
  private final class Results: @unchecked Sendable {
    private var entries: [(StateHash, String)?]
    private let lock = NSLock()

    init(count: Int) { entries = Array(repeating: nil, count: count) }

    func set(_ position: Int, _ entry: (StateHash, String)) {
      lock.withLock { entries[position] = entry }
    }

    var all: [(StateHash, String)] { lock.withLock { entries.compactMap { $0 } } }
  }
}
