import Foundation

extension BenchmarkReport {
  /// The report as pretty-printed JSON with sorted keys: the build, the machine, the
  /// configuration, every measurement with its samples, and the world comparison.
  public func json() -> String { ReportJSON.text(of: self) }
}

/// How the benchmark's reports are written as JSON: the one encoder they share.
enum ReportJSON {
  /// `report` as pretty-printed JSON with sorted keys and a final newline.
  static func text(of report: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
    } catch {
      // Every field of a report is a string, a finite number or an array of them.
      preconditionFailure("a benchmark report failed to encode: \(error)")
    }
  }
}
