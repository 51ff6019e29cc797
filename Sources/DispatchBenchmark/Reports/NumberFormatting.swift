import Foundation
import Frames

/// How reports write numbers.
enum NumberFormatting {
  /// Nanoseconds with three significant digits, e.g. `0.412`, `4.12`, `41.2`, `412`.
  static func nanoseconds(_ value: Double) -> String {
    switch value {
    case ..<1: String(format: "%.3f", value)
    case ..<10: String(format: "%.2f", value)
    case ..<100: String(format: "%.1f", value)
    default: String(format: "%.0f", value)
    }
  }

  /// A ratio, e.g. `1.00x`, `12.3x`, `140x`.
  static func ratio(_ value: Double) -> String {
    switch value {
    case ..<10: String(format: "%.2fx", value)
    case ..<100: String(format: "%.1fx", value)
    default: String(format: "%.0fx", value)
    }
  }

  /// An entity count with thousands separators, e.g. `100,000`.
  static func count(_ value: Int) -> String { NumberText.grouped(value) }

  /// An entity count as axis labels write it, e.g. `1k`, `100k`, `1M`.
  static func shortCount(_ value: Double) -> String {
    switch value {
    case 1_000_000...: trimmed(value / 1_000_000) + "M"
    case 1_000...: trimmed(value / 1_000) + "k"
    default: trimmed(value)
    }
  }

  /// A number without a trailing `.0`, with up to three decimals.
  static func trimmed(_ value: Double) -> String {
    if value == value.rounded() { return String(Int(value)) }
    var text = String(format: "%.3f", value)
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }
}
