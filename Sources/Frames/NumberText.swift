import Foundation

/// Numbers as the HUD, reports and tables write them.
public enum NumberText {
  /// `value` grouped in thousands with commas: `36,000`, `-1,500`, `7`.
  public static func grouped(_ value: Int) -> String {
    (value < 0 ? "-" : "") + groupDigits(String(value.magnitude))
  }

  /// `value` with `decimals` decimals and its whole part grouped in thousands: `18,338.2`.
  public static func grouped(_ value: Double, decimals: Int) -> String {
    let text = String(format: "%.\(max(0, decimals))f", value)
    let point = text.firstIndex(of: ".") ?? text.endIndex
    let whole = text[..<point]
    let sign = whole.hasPrefix("-") ? "-" : ""
    return sign + groupDigits(String(whole.drop { $0 == "-" })) + text[point...]
  }

  private static func groupDigits(_ digits: String) -> String {
    var result = ""
    for (offset, character) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
      result.append(character)
    }
    return result
  }
}
