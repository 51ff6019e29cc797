import GameShell
import MonsterWars

/// What the window shows a player of their own: their side, their orders, their castle.
extension MonsterWarsGame {
  /// The side seat `seat` plays: the first seat the left castle, the second the right.
  static func side(ofSeat seat: Int) -> Side? {
    switch seat {
    case 0: .left
    case 1: .right
    default: nil
    }
  }

  /// "You: left (blue)" and the castle's waiting orders ("Orders 2/10: Zap, Munch; Zap
  /// next, needs $45"); for one who watches, who plays whom.
  ///
  /// Once the match is over, how it came out for them first: "You won", "You lost", "Nobody
  /// won", or for one who watches, "Left won".
  public func playerLines(seat: Int?) -> [String] {
    let side = seat.flatMap(Self.side(ofSeat:))
    let verdict = match.outcome.map { outcome -> [String] in
      let said =
        switch outcome.winner {
        case nil: "Nobody won"
        case let winner? where seat == nil: "\(winner.name.capitalized) won"
        case side: "You won"
        case _?: "You lost"
        }
      return [said]
    }
    guard seat != nil else {
      return (verdict ?? []) + ["Watching: left (blue) against right (red)"]
    }
    guard let side else { return verdict ?? [] }
    return (verdict ?? []) + ["You: \(side.name) (\(side.colorName))"]
      + (match.castle(of: side).map { [$0.ordersSummary] } ?? [])
  }

  /// The player's castle and the ground before its gate.
  public func keptInSight(seat: Int?) -> [WorldArea] {
    guard let side = seat.flatMap(Self.side(ofSeat:)), let castle = match.castle(of: side)
    else { return [] }
    let area = castle.keptInSight
    return [
      WorldArea(
        x: area.left, y: area.top, width: area.right - area.left, height: area.bottom - area.top)
    ]
  }
}
