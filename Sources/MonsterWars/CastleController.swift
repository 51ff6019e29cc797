import TraitSandbox

/// Who decides what a castle buys.
public enum CastleController: Sendable, Equatable, Codable {
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
    chooseIndex(using: &random).map { kinds[$0] }
  }

  /// Picks a kind at random, in proportion to the weights, and returns its position in
  /// `kinds`, or `nil` if every weight is 0.
  ///
  /// - Complexity: O(kinds), with no allocation.
  public func chooseIndex(using random: inout SeededRandom) -> Int? {
    let total = total
    guard total > 0 else { return nil }
    var roll = random.nextUnitFloat() * total
    var lastWeighted: Int?
    for index in values.indices where values[index] > 0 {
      roll -= values[index]
      if roll < 0 { return index }
      lastWeighted = index
    }
    return lastWeighted
  }

}
