import MonsterWars

/// The demo's buy keys, derived from the scenario's roster: key 1 buys its first kind, key 2
/// its second, and so on up to 9.
enum BuyKeys {
  /// The unit kind a character key buys, if any.
  static func kind(for character: Character, in roster: Roster) -> UnitKind? {
    guard let digit = character.wholeNumberValue, (1...roster.kinds.count).contains(digit),
      character.isASCII
    else { return nil }
    return roster.kinds[digit - 1]
  }

  /// "1 Quirk $20  2 Zap $45  3 Munch $70": each key, the kind it buys and what it costs.
  static func help(for scenario: Scenario) -> String {
    scenario.roster.kinds.enumerated().map { index, kind in
      let cost = scenario.units[kind].map { " $\(Int($0.cost))" } ?? ""
      return "\(index + 1) \(kind.displayName)\(cost)"
    }.joined(separator: "  ")
  }

  /// "1/2/3 buy Quirk/Zap/Munch", for the command's help.
  static func summary(for roster: Roster) -> String {
    let keys = (1...roster.kinds.count).map(String.init).joined(separator: "/")
    let names = roster.kinds.map(\.displayName).joined(separator: "/")
    return "\(keys) buy \(names)"
  }
}
