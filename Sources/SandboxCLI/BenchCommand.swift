import DispatchBenchmark
import Foundation
import Imaging

/// `sandbox bench`: what each way of calling trait code costs, measured on one workload.
struct BenchCommand {
  static let spec = CommandSpec(
    name: "bench",
    abstract: "Measure what each way of dispatching trait code costs per entity.",
    discussion: """
      Runs one workload (movement with a bounce at the arena's walls plus health \
      regeneration, over entities of four kinds) with every dispatch strategy at each size, \
      checks that all strategies end in the same state (a checksum mismatch stops the run), \
      and prints nanoseconds per entity per tick: the median and min-max of the samples, and \
      the ratio to the fastest strategy. Timings need a release build: swift run -c release \
      sandbox bench. See README.md, "Benchmarks", for the build flags that matter.
      """,
    options: [
      OptionSpec(
        name: "sizes", valueName: "n,n,...",
        help: "Entity counts, comma-separated (1 to 10000000 each).",
        defaultValue: "1000,10000,100000,1000000"),
      OptionSpec(
        name: "samples", valueName: "n", help: "Timed samples per strategy and size (3 to 1000).",
        defaultValue: "15"),
      OptionSpec(
        name: "strategy", valueName: "name,...",
        help: "Run only these strategies, comma-separated (see --list).", defaultValue: "all"),
      OptionSpec(name: "list", valueName: nil, help: "List the strategies and exit."),
      OptionSpec(
        name: "quick", valueName: nil,
        help:
          "For CI: sizes 100 and 1000, 3 samples, checks that every checksum agrees; no verdict."
          + " Runs in debug builds too, checking checksums only."),
      OptionSpec(name: "json", valueName: "file", help: "Also write the results as JSON."),
      OptionSpec(name: "csv", valueName: "file", help: "Also write the results as CSV."),
      OptionSpec(
        name: "svg", valueName: "file", help: "Also write a log-log chart of the results as SVG."),
      OptionSpec(
        name: "seed", valueName: "n", help: "Seeds the workload (0 to 2^64-1).", defaultValue: "1"),
    ])

  /// What a debug build says instead of timing.
  static let debugBuildMessage =
    "sandbox bench reports timings only from an optimised build, and this is a debug build; "
    + "run: swift run -c release sandbox bench ... (or add --quick to check the checksums only)"

  let configuration: BenchmarkConfiguration
  let lists: Bool
  let isQuick: Bool
  let outputs: [(option: String, path: String)]
  let invocation: Sandbox.Invocation

  init(options: ParsedOptions, invocation: Sandbox.Invocation) throws(CommandFailure) {
    lists = options.flag("list")
    isQuick = options.flag("quick")
    let sizes =
      try options.string("sizes").map { text throws(CommandFailure) in try Self.sizes(text) }
      ?? (isQuick ? BenchmarkConfiguration.quickSizes : BenchmarkConfiguration.defaultSizes)
    let samples =
      try options.integer("samples", in: 3...1000)
      ?? (isQuick
        ? BenchmarkConfiguration.quickSampleCount : BenchmarkConfiguration.defaultSampleCount)
    let strategies =
      try options.string("strategy").map { text throws(CommandFailure) in
        try Self.strategies(text)
      } ?? DispatchStrategy.all
    let seed = try options.integer("seed", in: UInt64.min...UInt64.max) ?? 1
    var outputs: [(option: String, path: String)] = []
    for option in ["json", "csv", "svg"] {
      guard let path = options.string(option) else { continue }
      guard !path.isEmpty else { throw .usage("Missing value for '--\(option) <file>'") }
      outputs.append((option, path))
    }
    self.outputs = outputs
    // Timings from a debug build mean nothing; --quick there checks checksums only.
    let measuresTime = BuildConfiguration.current.isOptimized
    configuration = BenchmarkConfiguration(
      sizes: sizes, sampleCount: samples, strategies: strategies, seed: seed,
      measuresTime: measuresTime,
      minimumSampleNanoseconds: isQuick ? 2_000_000 : 20_000_000)
    self.invocation = invocation
  }

  func run(console: Console) throws(CommandFailure) -> Int32 {
    if lists {
      console.writeOutput(Self.list())
      return ExitCode.success
    }
    if !configuration.measuresTime && (!isQuick || !outputs.isEmpty) {
      throw CommandFailure(message: Self.debugBuildMessage, exitCode: ExitCode.usage)
    }
    let showsProgress = console.errorIsTerminal
    var report: BenchmarkReport
    do {
      report = try Benchmark.run(configuration) { entityCount, strategy in
        guard showsProgress else { return }
        console.writeError(
          "\r\u{1B}[2K  measuring \(strategy.name) at \(entityCount) entities...")
      }
    } catch {
      if showsProgress { console.writeError("\r\u{1B}[2K") }
      throw CommandFailure(message: error.description, exitCode: ExitCode.failure)
    }
    if showsProgress { console.writeError("\r\u{1B}[2K") }
    if isQuick { report.verdict = nil }
    console.writeOutput(report.table())
    for output in outputs {
      let text: String
      switch output.option {
      case "json": text = report.json()
      case "csv": text = report.csv()
      default: text = report.svg() ?? ""
      }
      try write(text, to: output.path)
      console.print("Wrote \(output.path)")
    }
    return ExitCode.success
  }

  private func write(_ text: String, to path: String) throws(CommandFailure) {
    let url = URL(
      fileURLWithPath: path,
      relativeTo: URL(fileURLWithPath: invocation.workingDirectory, isDirectory: true))
    do {
      try AtomicFile.write(Array(text.utf8), to: url)
    } catch {
      throw CommandFailure(
        message: "Cannot write \(url.path): \(error)", exitCode: ExitCode.cannotCreate)
    }
  }

  /// The strategies, numbered, each with its one-line description.
  static func list() -> String {
    let width = DispatchStrategy.all.map(\.name.count).max() ?? 0
    let lines = DispatchStrategy.all.map { strategy in
      "\(strategy.number)  \(strategy.name)"
        + String(repeating: " ", count: width - strategy.name.count) + "  \(strategy.summary)"
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `--sizes`: positive entity counts, comma-separated.
  static func sizes(_ text: String) throws(CommandFailure) -> [Int] {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    var sizes: [Int] = []
    for part in parts {
      guard let size = Int(part.trimmingCharacters(in: .whitespaces)),
        (1...10_000_000).contains(size)
      else {
        throw .usage(
          "The value '\(text)' is invalid for '--sizes <n,n,...>': expected entity counts from "
            + "1 to 10000000, comma-separated, e.g. 1000,100000")
      }
      if !sizes.contains(size) { sizes.append(size) }
    }
    return sizes
  }

  /// `--strategy`: known strategy names, comma-separated, in the benchmark's order.
  static func strategies(_ text: String) throws(CommandFailure) -> [DispatchStrategy] {
    var names: [String] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let name = part.trimmingCharacters(in: .whitespaces)
      guard DispatchStrategy.named(name) != nil else {
        throw .usage(
          "The value '\(name)' is invalid for '--strategy <name,...>': expected one of "
            + DispatchStrategy.all.map(\.name).joined(separator: ", "))
      }
      names.append(name)
    }
    return DispatchStrategy.all.filter { names.contains($0.name) }
  }
}
