import DispatchBenchmark
import Foundation
import GameShell
import Imaging

/// `sandbox bench`: what each way of calling trait code costs, measured on one workload.
struct BenchCommand: Subcommand {
  static let spec = CommandSpec(
    name: "bench",
    abstract: "Measure what each way of dispatching trait code costs per entity.",
    discussion: """
      Runs one workload (movement with a bounce at the arena's walls plus health \
      regeneration, over entities of four kinds) with every dispatch strategy at each size, \
      checks that all strategies end in the same state (a checksum mismatch stops the run), \
      and prints nanoseconds per entity per tick: the median and min-max of the samples, and \
      the ratio to the fastest strategy. Timings need a release build: swift run -c release \
      sandbox bench. See docs/benchmarks.md, "Build flags", for the flags that matter.

      With --workload simple-iter it runs ecs_bench_suite's "simple_iter" instead (10,000 \
      entities with a 4x4 transform, position, rotation and velocity; each tick adds velocity \
      to position) on the world's public API beside plain Swift loops, and prints \
      microseconds per tick, the unit published figures for ECS libraries use.
      """,
    options: [workload, sizes, samples, rounds, strategy, list, quick, json, csv, svg, seed])

  /// What `--workload` chooses between.
  enum Workload: String, Sendable, CaseIterable {
    /// The dispatch workload every strategy of `--list` runs.
    case dispatch
    /// ecs_bench_suite's "simple_iter".
    case simpleIter = "simple-iter"
  }

  /// `--workload`: which workload to measure.
  static let workload = Option<Workload>(
    "workload", valueName: "name",
    help: "dispatch (the trait dispatch strategies) or simple-iter (ecs_bench_suite's test).",
    default: .dispatch, defaultDescription: "dispatch"
  ) { text throws(OptionValueError) in
    guard let workload = Workload(rawValue: text) else {
      throw .invalid("expected dispatch or simple-iter")
    }
    return workload
  }

  /// `--sizes`: the entity counts to measure at.
  static let sizes = Option<[Int]?>(
    "sizes", valueName: "n,n,...", help: "Entity counts, comma-separated (1 to 10000000 each).",
    defaultDescription: BenchmarkConfiguration.defaultSizes.map(String.init).joined(separator: ",")
      + "; \(SimpleIterBenchmark.defaultEntityCount) with --workload simple-iter",
    parse: sizes(_:))
  /// `--samples`: how many timed samples to take.
  static let samples: Option<Int?> = .integer(
    "samples", help: "Timed samples per strategy and size (3 to 1000).", in: 3...1000,
    defaultDescription: String(BenchmarkConfiguration.defaultSampleCount))
  /// `--rounds`: how many turns the strategies take, each timing a share of the samples.
  static let rounds: Option<Int?> = .integer(
    "rounds",
    help:
      "Turns the strategies take at each size, each timing a share of every strategy's samples,"
      + " so that a change in the machine's speed during the run slows every strategy alike"
      + " (1 to 1000, at most the samples).",
    in: 1...1000, defaultDescription: String(BenchmarkConfiguration.defaultRounds))
  /// `--strategy`: which strategies to measure.
  static let strategy = Option<[DispatchStrategy]>(
    "strategy", valueName: "name,...",
    help: "Run only these strategies, comma-separated (see --list).", default: DispatchStrategy.all,
    defaultDescription: "all", parse: strategies(_:))
  /// `--list`: list the strategies instead of measuring.
  static let list = Flag("list", help: "List the strategies and exit.")
  /// `--quick`: the small run CI makes.
  static let quick = Flag(
    "quick",
    help:
      "For CI: sizes 100 and 1000 (1000 with simple-iter), 3 samples, checks that every"
      + " checksum agrees; no world comparison. Runs in debug builds too, checking checksums"
      + " only.")
  /// `--json`: a file for the results as JSON.
  static let json: Option<String?> = .text(
    "json", valueName: "file", help: "Also write the results as JSON.")
  /// `--csv`: a file for the results as CSV.
  static let csv: Option<String?> = .text(
    "csv", valueName: "file", help: "Also write the results as CSV.")
  /// `--svg`: a file for a chart of the results.
  static let svg: Option<String?> = .text(
    "svg", valueName: "file", help: "Also write a log-log chart of the results as SVG.")
  /// `--seed`: seeds the workload.
  static let seed: Option<UInt64> = .integer(
    "seed", help: "Seeds the workload (0 to 2^64-1).", in: .min ... .max, default: 1)

  /// What a debug build says instead of timing.
  static let debugBuildMessage =
    "sandbox bench reports timings only from an optimised build, and this is a debug build; "
    + "run: swift run -c release sandbox bench ... (or add --quick to check the checksums only)"

  /// What a debug build says when asked for report files, which hold timings.
  static let debugBuildFilesMessage =
    "sandbox bench writes --json, --csv and --svg reports only from an optimised build, and "
    + "this is a debug build (--quick here checks the checksums and writes no report); run: "
    + "swift run -c release sandbox bench ..."

  let configuration: BenchmarkConfiguration
  let workload: Workload
  let lists: Bool
  let isQuick: Bool
  let outputs: [(format: ReportFormat, path: String)]
  let invocation: Sandbox.Invocation

  init(options: ParsedOptions, invocation: Sandbox.Invocation) throws(CommandFailure) {
    lists = options[Self.list]
    isQuick = options[Self.quick]
    workload = try options[Self.workload]
    if workload == .simpleIter {
      // The simple iteration has its own three ways of running, no randomness and no chart.
      let given: [any OptionDeclaration] = [Self.strategy, Self.seed, Self.csv, Self.svg]
      if let option = given.first(where: { options.contains($0) }) {
        throw .usage(
          "'\(option.synopsis)' applies to the dispatch workload, not to '--workload simple-iter'")
      }
    }
    let sizes =
      try options[Self.sizes]
      ?? (workload == .simpleIter
        ? (isQuick ? [1_000] : [SimpleIterBenchmark.defaultEntityCount])
        : isQuick ? BenchmarkConfiguration.quickSizes : BenchmarkConfiguration.defaultSizes)
    let samples =
      try options[Self.samples]
      ?? (isQuick
        ? BenchmarkConfiguration.quickSampleCount : BenchmarkConfiguration.defaultSampleCount)
    let rounds = try options[Self.rounds]
    if let rounds, rounds > samples {
      throw .usage(
        "'--rounds \(rounds)' is more than the \(samples) samples: each round takes one or more")
    }
    let strategies = try options[Self.strategy]
    let seed = try options[Self.seed]
    var outputs: [(format: ReportFormat, path: String)] = []
    for format in ReportFormat.allCases {
      guard let path = try options[format.option] else { continue }
      outputs.append((format, path))
    }
    self.outputs = outputs
    // Timings from a debug build mean nothing; --quick there checks checksums only.
    let measuresTime = BuildConfiguration.current.isOptimized
    configuration = BenchmarkConfiguration(
      sizes: sizes, sampleCount: samples,
      rounds: rounds ?? BenchmarkConfiguration.defaultRounds, strategies: strategies, seed: seed,
      measuresTime: measuresTime,
      minimumSampleNanoseconds: isQuick ? 2_000_000 : 20_000_000)
    self.invocation = invocation
  }

  func run(console: Console) throws(CommandFailure) -> Int32 {
    if lists {
      console.writeOutput(
        workload == .simpleIter ? Self.simpleIterationList() : Self.strategyList())
      return ExitCode.success
    }
    if !configuration.measuresTime && !isQuick {
      throw CommandFailure(message: Self.debugBuildMessage, exitCode: ExitCode.usage)
    }
    if !configuration.measuresTime && !outputs.isEmpty {
      throw CommandFailure(message: Self.debugBuildFilesMessage, exitCode: ExitCode.usage)
    }
    let showsProgress = console.errorIsTerminal
    if workload == .simpleIter {
      return try runSimpleIteration(console: console, showsProgress: showsProgress)
    }
    var report = try Self.measuring(console: console, showsProgress: showsProgress) {
      progress throws(ChecksumMismatch) in
      try Benchmark.run(configuration) { progress($0, $1.name) }
    }
    if isQuick { report.worldComparison = nil }
    console.writeOutput(report.table())
    for output in outputs {
      try write(output.format.text(of: report), to: output.path)
      console.print("Wrote \(output.path)")
    }
    return ExitCode.success
  }

  /// Runs `measure`, showing on a terminal which strategy and size it is measuring (the line is
  /// cleared when it ends), and turns a checksum mismatch into a failure.
  private static func measuring<Report>(
    console: Console, showsProgress: Bool,
    _ measure: (_ progress: (Int, String) -> Void) throws(ChecksumMismatch) -> Report
  ) throws(CommandFailure) -> Report {
    defer { if showsProgress { console.writeError("\r\u{1B}[2K") } }
    do {
      return try measure { entityCount, strategy in
        guard showsProgress else { return }
        console.writeError("\r\u{1B}[2K  measuring \(strategy) at \(entityCount) entities...")
      }
    } catch {
      throw CommandFailure(message: error.description, exitCode: ExitCode.failure)
    }
  }

  /// `--workload simple-iter`: the simple iteration's strategies at each size.
  private func runSimpleIteration(
    console: Console, showsProgress: Bool
  ) throws(CommandFailure) -> Int32 {
    let report = try Self.measuring(console: console, showsProgress: showsProgress) {
      progress throws(ChecksumMismatch) in
      try SimpleIterBenchmark.run(
        sizes: configuration.sizes, sampleCount: configuration.sampleCount,
        rounds: configuration.rounds,
        measuresTime: configuration.measuresTime,
        minimumSampleNanoseconds: configuration.minimumSampleNanoseconds
      ) { progress($0, $1.name) }
    }
    console.writeOutput(report.table())
    for output in outputs {
      try write(report.json(), to: output.path)
      console.print("Wrote \(output.path)")
    }
    return ExitCode.success
  }

  private func write(_ text: String, to path: String) throws(CommandFailure) {
    let url = invocation.url(of: path)
    do {
      try AtomicFile.write(Array(text.utf8), to: url)
    } catch {
      throw CommandFailure(
        message: error.description, exitCode: ExitCode.cannotCreate)
    }
  }

  /// The strategies, numbered, each with its one-line description.
  static func strategyList() -> String {
    let width = DispatchStrategy.all.map(\.name.count).max() ?? 0
    let lines = DispatchStrategy.all.map { strategy in
      "\(strategy.number)  \(strategy.name)"
        + String(repeating: " ", count: width - strategy.name.count) + "  \(strategy.summary)"
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The simple iteration's strategies, each with its one-line description.
  static func simpleIterationList() -> String {
    let strategies = SimpleIterBenchmark.strategies
    let width = strategies.map(\.name.count).max() ?? 0
    return strategies.map { strategy in
      strategy.name + String(repeating: " ", count: width - strategy.name.count)
        + "  \(strategy.summary)\n"
    }.joined()
  }

  /// `--sizes`: positive entity counts, comma-separated, each once.
  @Sendable static func sizes(_ text: String) throws(OptionValueError) -> [Int] {
    var sizes: [Int] = []
    for size in try CommaList.wholeNumbers(text, in: 1...10_000_000, example: "1000,100000")
    where !sizes.contains(size) {
      sizes.append(size)
    }
    return sizes
  }

  /// `--strategy`: known strategy names, comma-separated, in the benchmark's order.
  @Sendable static func strategies(_ text: String) throws(OptionValueError) -> [DispatchStrategy] {
    var names: [String] = []
    for name in CommaList.items(text) {
      guard DispatchStrategy.named(name) != nil else {
        throw .invalid(
          "expected one of " + DispatchStrategy.all.map(\.name).joined(separator: ", "),
          part: name)
      }
      names.append(name)
    }
    return DispatchStrategy.all.filter { names.contains($0.name) }
  }

  /// A file format `sandbox bench` can also write its results in, and the option that asks
  /// for it.
  enum ReportFormat: CaseIterable {
    case json, csv, svg

    /// The option that names the file.
    var option: Option<String?> {
      switch self {
      case .json: BenchCommand.json
      case .csv: BenchCommand.csv
      case .svg: BenchCommand.svg
      }
    }

    /// The report in this format.
    func text(of report: BenchmarkReport) -> String {
      switch self {
      case .json: report.json()
      case .csv: report.csv()
      case .svg: report.svg() ?? ""
      }
    }
  }
}
