import TraitSandbox

/// Who decides what a castle buys.
public enum CastleController: Sendable, Equatable {
  /// The seeded AI, following a purchase policy.
  case ai(AIPolicy)
  /// A player, whose orders arrive through `Castle.order(_:)`.
  case player

  /// Seconds between purchase decisions.
  var thinkInterval: Float {
    switch self {
    case .ai(let policy): policy.thinkInterval
    case .player: 0.1
    }
  }
}

extension UnitTable where Value == Float {
  /// Picks a kind at random, in proportion to the weights, or `nil` if every weight is 0.
  public func choose(using random: inout SeededRandom) -> UnitKind? {
    guard total > 0 else { return nil }
    var roll = random.nextUnitFloat() * total
    for (kind, weight) in entries where weight > 0 {
      roll -= weight
      if roll < 0 { return kind }
    }
    return entries.last { $0.value > 0 }?.kind
  }
}
