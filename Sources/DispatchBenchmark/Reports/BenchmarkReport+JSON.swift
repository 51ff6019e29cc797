import Foundation

extension BenchmarkReport {
  /// The report as pretty-printed JSON with sorted keys: the build, the machine, the
  /// configuration, every measurement with its samples, and the world comparison.
  public func json() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    } catch {
      // Every field is a string, a finite number or an array of them.
      preconditionFailure("a benchmark report failed to encode: \(error)")
    }
  }
}
