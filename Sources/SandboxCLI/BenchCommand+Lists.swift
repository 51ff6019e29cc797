import DispatchBenchmark
import Foundation
import GameShell
import Imaging

/// What `sandbox bench` lists, parses and writes.
extension BenchCommand {
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
