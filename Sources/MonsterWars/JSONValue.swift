import Foundation

/// A parsed JSON document (RFC 8259); objects keep their keys in source order.
public enum JSONValue: Equatable, Sendable {
  /// The literal `null`.
  case null
  /// The literal `true` or `false`.
  case bool(Bool)
  /// A number; values too large for `Double` become infinite.
  case number(Double)
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
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: false
    }
  }
}
