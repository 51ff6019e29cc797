import DispatchBenchmark
import Foundation
import GameShell
import Imaging

/// The options of `sandbox bench`, declared once.
extension BenchCommand {
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
}
