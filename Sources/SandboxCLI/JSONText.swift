import Foundation
import MonsterWars
import TraitSandbox

/// A JSON value being written, with object keys in the order given.
enum JSONText {
  case null
  case string(String)
  case integer(Int)
  case unsigned(UInt64)
  case number(Double)
  case object([(String, JSONText)])
  case array([JSONText])

  /// The value as compact JSON text.
  var rendered: String {
    switch self {
    case .null: "null"
    case .string(let text): JSONValue.quoted(text)
    case .integer(let value): String(value)
    case .unsigned(let value): String(value)
    case .number(let value): value.isFinite ? String(format: "%.6g", value) : "null"
    case .array(let elements):
      "[" + elements.map(\.rendered).joined(separator: ",") + "]"
    case .object(let members):
      "{" + members.map { JSONValue.quoted($0.0) + ":" + $0.1.rendered }.joined(separator: ",")
        + "}"
    }
  }

}
