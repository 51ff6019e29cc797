import Foundation
import MonsterWars

extension RunReport {
  /// The members of `json()` that measure the wall clock rather than the match.
  static let wallClockKeys = ["wallSeconds", "ticksPerSecond", "entityUpdatesPerSecond"]

  /// `json()` without its wall-clock members (`wallClockKeys`): otherwise the same keys in the
  /// same order, so the line depends only on the scenario, the seed and the tick budget.
  ///
  /// It is cut from `json()` itself, so whatever `sandbox run --json` reports, a sweep line
  /// reports too.
  func jsonWithoutWallClock() -> String {
    var text = json()
    for key in Self.wallClockKeys {
      text = Self.removingMembers(named: key, from: text)
    }
    return text
  }

  /// `json` without every `"key":value` member, at any depth, where each value is a number or
  /// `null`.
  ///
  /// `JSONText` renders compactly and escapes every quote inside a string, so `"key":` right
  /// after a `,` or `{` is always a member, never text; a number or `null` ends at the next `,`
  /// or `}`.
  static func removingMembers(named key: String, from json: String) -> String {
    let marker = Array((JSONValue.quoted(key) + ":").utf8)
    let comma = UInt8(ascii: ","), openingBrace = UInt8(ascii: "{")
    let closingBrace = UInt8(ascii: "}")
    var bytes = Array(json.utf8)
    var searchStart = 0
    while let member = bytes[searchStart...].firstRange(of: marker) {
      let valueEnd =
        bytes[member.upperBound...].firstIndex { $0 == comma || $0 == closingBrace }
        ?? bytes.endIndex
      let before = member.lowerBound > 0 ? bytes[member.lowerBound - 1] : 0
      if before == comma {
        // A later member: drop it with the comma in front of it.
        bytes.removeSubrange(member.lowerBound - 1..<valueEnd)
        searchStart = member.lowerBound - 1
      } else if before == openingBrace {
        // The first member: drop it with the comma after it, if another member follows.
        let end = valueEnd < bytes.endIndex && bytes[valueEnd] == comma ? valueEnd + 1 : valueEnd
        bytes.removeSubrange(member.lowerBound..<end)
        searchStart = member.lowerBound
      } else {
        searchStart = member.upperBound
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
