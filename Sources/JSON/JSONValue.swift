import Foundation

/// A JSON document (RFC 8259), parsed or to be written; objects keep their keys in order.
///
/// It is the package's one JSON model: scenario files are read into it, and reports, scenarios
/// and recordings are written from it with `rendered`.
public enum JSONValue: Equatable, Sendable {
  /// The literal `null`.
  case null
  /// The literal `true` or `false`.
  case bool(Bool)
  /// A number; values too large for `Double` become infinite.
  case number(Double)
  /// A whole number written digit for digit (a count); the parser reads every number as
  /// `number`.
  case integer(Int)
  /// A whole number up to `UInt64.max` written digit for digit (a seed, a tick).
  case unsigned(UInt64)
  /// A string with all escapes decoded.
  case string(String)
  /// An array of values.
  case array([JSONValue])
  /// An object's members in source order; keys are unique.
  case object([(key: String, value: JSONValue)])

  /// `text` as a JSON string literal: quoted, with quotes, backslashes and control characters
  /// escaped.
  public static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// A measured number (a time, a rate) to six significant digits, which is all a clock or a
  /// counter gives: `0.0710125`, not `0.07101249999999999`.
  public static func measured(_ value: Double) -> JSONValue {
    guard value.isFinite else { return .number(value) }
    return .number(Double(String(format: "%.6g", value)) ?? value)
  }

  /// An object of the members that have a value, in order: how a report leaves out what it
  /// did not measure.
  public static func object(omittingNil members: [(String, JSONValue?)]) -> JSONValue {
    .object(members.compactMap { key, value in value.map { (key, $0) } })
  }

  /// A number the simulation keeps as a `Float`, exactly.
  public static func float(_ value: Float) -> JSONValue { .number(Double(value)) }

  /// The value as compact JSON text, with no spaces: members in their order, strings quoted as
  /// `quoted(_:)` does, whole numbers without a fraction, and every other number in the shortest
  /// form that reads back as the same value (as the same `Float` when it is one). A number that
  /// is not finite, which JSON cannot hold, is written as `null`.
  public var rendered: String {
    var text = ""
    render(into: &text)
    return text
  }

  private func render(into text: inout String) {
    switch self {
    case .null: text += "null"
    case .bool(let value): text += value ? "true" : "false"
    case .number(let value): text += Self.numberText(value)
    case .integer(let value): text += String(value)
    case .unsigned(let value): text += String(value)
    case .string(let value): text += Self.quoted(value)
    case .array(let elements):
      text += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { text += "," }
        element.render(into: &text)
      }
      text += "]"
    case .object(let members):
      text += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { text += "," }
        text += Self.quoted(member.key) + ":"
        member.value.render(into: &text)
      }
      text += "}"
    }
  }

  /// A number as `rendered` writes it.
  static func numberText(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value.rounded() == value, abs(value) < 9_007_199_254_740_992 {
      return String(Int64(value))
    }
    // `description` is the shortest text that reads back as the same value.
    if let single = Float(exactly: value) { return single.description }
    return value.description
  }

  /// The default maximum nesting of arrays and objects accepted by `parse(_:maxDepth:)`.
  public static let defaultMaxDepth = 256

  /// Parses one JSON document from UTF-8 bytes.
  public static func parse(
    _ data: Data, maxDepth: Int = defaultMaxDepth
  ) throws(JSONParseError) -> JSONValue {
    var parser = JSONParser(bytes: [UInt8](data), maxDepth: maxDepth)
    return try parser.parseDocument()
  }

  /// Compares values structurally, including object key order.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.integer(let a), .integer(let b)): a == b
    case (.unsigned(let a), .unsigned(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: false
    }
  }
}
