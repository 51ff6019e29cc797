import Foundation

extension BenchmarkReport {
  /// The CSV header.
  public static let csvHeader = [
    "strategy", "number", "entities", "checksum", "ticks_per_sample", "samples",
    "median_ns_per_entity_tick", "min_ns_per_entity_tick", "max_ns_per_entity_tick",
    "ratio_to_fastest", "build",
  ]

  /// The report as CSV: a header, then one row per strategy and size; untimed fields empty.
  public func csv() -> String {
    var lines = [Self.csvHeader.joined(separator: ",")]
    for row in measurements {
      func text(_ value: (some CustomStringConvertible)?) -> String {
        value.map { $0.description } ?? ""
      }
      let fields: [String] = [
        row.strategy, text(row.strategyNumber), text(row.entityCount), row.checksum,
        text(row.ticksPerSample), text(row.samples?.count), text(row.median), text(row.minimum),
        text(row.maximum), text(row.ratioToFastest), build.summary,
      ]
      lines.append(fields.map(Self.csvField).joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A field quoted when it holds a comma, a quote or a line break (RFC 4180).
  static func csvField(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
      return text
    }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
