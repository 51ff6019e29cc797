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
}
