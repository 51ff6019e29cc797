import DispatchBenchmark
import Foundation
import GameShell
import JSON
import MonsterWars
import TraitSandbox

/// `sandbox scale`: how the cost of a MonsterWars tick grows with the number of monsters, on
/// one thread and more.
struct ScaleCommand: Subcommand {
  static let spec = CommandSpec(
    name: "scale",
    abstract: "Time swarm ticks from thousands to a million monsters, on 1 and more threads.",
    discussion: """
      For each size, sets up the swarm scenario at its density (the arena grows with the \
      square root of the count), runs two ticks untimed, then times --ticks ticks one by one \
      and reports the median and min-max nanoseconds per entity-update (a tick's time divided \
      by the entities it stepped), the milliseconds per tick, the set-up time and the speed-up \
      over one thread. Timings need a release build: swift run -c release sandbox scale.
      """,
    options: [sizes, threads, ticks, json, svg, SharedOptions.assets])

  /// `--sizes`: monster counts.
  static let sizes = Option<[Int]?>(
    "sizes", valueName: "n,n,...", help: "Monster counts, comma-separated (1 to 3000000 each).",
    defaultDescription: defaultSizes.map(String.init).joined(separator: ","),
    parse: { text throws(OptionValueError) in
      try CommaList.wholeNumbers(text, in: 1...3_000_000, example: "1000,100000")
    })
  /// `--threads`: thread counts.
  static let threads = Option<[Int]?>(
    "threads", valueName: "n,n,...", help: "Thread counts, comma-separated (1 to 256 each).",
    defaultDescription: "1 and all cores",
    parse: { text throws(OptionValueError) in
      try CommaList.wholeNumbers(text, in: 1...256, example: "1,2")
    })
  /// `--ticks`: timed ticks per size.
  static let ticks: Option<Int> = .integer(
    "ticks", help: "Ticks timed at each size (1 to 10000).", in: 1...10_000, default: 20)
  /// `--json`: a JSON report file.
  static let json: Option<String?> = .text(
    "json", valueName: "file", help: "Also write the measurements as JSON to this file.")
  /// `--svg`: a chart file.
  static let svg: Option<String?> = .text(
    "svg", valueName: "file", help: "Also write a log-log chart of ns per entity-update.")

  static let defaultSizes = [10_000, 30_000, 100_000, 300_000, 1_000_000]

  /// What a debug build says instead of timing.
  static let debugBuildMessage =
    "sandbox scale reports timings only from an optimised build, and this is a debug build; "
    + "run: swift run -c release sandbox scale"

  let sizes: [Int]
  let threads: [Int]
  let ticks: Int
  let jsonPath: String?
  let svgPath: String?
  let assetsOption: String?
  let invocation: Sandbox.Invocation

  init(options: ParsedOptions, invocation: Sandbox.Invocation) throws(CommandFailure) {
    sizes = try options[Self.sizes] ?? Self.defaultSizes
    let cores = ProcessInfo.processInfo.activeProcessorCount
    threads = try options[Self.threads] ?? (cores > 1 ? [1, cores] : [1])
    ticks = try options[Self.ticks]
    jsonPath = try options[Self.json]
    svgPath = try options[Self.svg]
    assetsOption = try options[SharedOptions.assets]
    self.invocation = invocation
  }

  func run(console: Console) throws(CommandFailure) -> Int32 {
    guard BuildConfiguration.current.isOptimized else {
      throw CommandFailure(message: Self.debugBuildMessage, exitCode: ExitCode.usage)
    }
    // Output paths are checked before minutes of timing, not after.
    for (option, path) in [("--json", jsonPath), ("--svg", svgPath)] {
      guard let path else { continue }
      try LinesFile.checkDestination(url(of: path), option: option)
    }
    let assets = try AssetFolder.locate(option: assetsOption, invocation: invocation)
    let scenario = try assets.loadScenario("swarm", invocation: invocation)
    for size in sizes { _ = try SwarmCount.check(size, for: scenario) }
    var scaling = TickScaling(ticks: ticks, entityName: "monsters")
    console.writeOutput(scaling.header(describing: Self.workload(scenario)))
    for size in sizes {
      for threadCount in threads {
        let measurement = scaling.measure(entities: size, threads: threadCount) {
          Match(scenario: scenario, seed: 1, swarmCount: size)
        } entityCount: {
          $0.world.entityCount
        } threadsUsed: {
          $0.world.tickThreadCount
        }
        console.writeOutput(scaling.row(measurement))
      }
    }
    let peak = RunProfile.peakMemoryBytes
    console.writeOutput(
      "peak memory: " + String(format: "%.1f", Double(peak) / 1_048_576) + " MiB\n")
    if let jsonPath {
      try write(scaling.json(peakMemoryBytes: peak), to: jsonPath)
      console.print("Wrote \(jsonPath)")
    }
    if let svgPath {
      try write(
        scaling.svg(title: "MonsterWars swarm: ns per entity-update (median, min-max bars)"),
        to: svgPath)
      console.print("Wrote \(svgPath)")
    }
    return ExitCode.success
  }

  /// What the swarm is: its density.
  static func workload(_ scenario: Scenario) -> String {
    let density = scenario.swarm.map { String(format: "%g", Double($0.density)) } ?? "?"
    return "Swarm at \(density) monsters per million square units"
  }

  private func url(of path: String) -> URL {
    invocation.url(of: path)
  }

  private func write(_ text: String, to path: String) throws(CommandFailure) {
    try LinesFile.write(Array(text.utf8), to: url(of: path))
  }
}
