import GameShell
import JSON
import MonsterWars

extension RunReport {
  /// The members of `json()` that measure the wall clock rather than the match.
  static let wallClockKeys: Set<String> = [
    "wallSeconds", "ticksPerSecond", "entityUpdatesPerSecond",
  ]

  /// `json()` without its wall-clock members (`wallClockKeys`): otherwise the same keys in the
  /// same order, so the line depends only on the scenario, the seed and the tick budget.
  ///
  /// It is cut from the report's own JSON value, so whatever `sandbox run --json` reports, a
  /// sweep line reports too.
  func jsonWithoutWallClock() -> String {
    jsonValue().removingMembers(named: Self.wallClockKeys).rendered + "\n"
  }
}

extension JSONValue {
  /// The value without any object member named one of `keys`, at any depth.
  ///
  /// - Complexity: O(n) in the values it holds.
  func removingMembers(named keys: Set<String>) -> JSONValue {
    switch self {
    case .object(let members):
      .object(
        members.filter { !keys.contains($0.key) }.map {
          ($0.key, $0.value.removingMembers(named: keys))
        })
    case .array(let elements): .array(elements.map { $0.removingMembers(named: keys) })
    default: self
    }
  }
}
