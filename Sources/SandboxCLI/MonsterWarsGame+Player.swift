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
  public func playerLines(seat: Int?) -> [String] {
    guard let seat else { return ["Watching: left (blue) against right (red)"] }
    guard let side = Self.side(ofSeat: seat) else { return [] }
    return ["You: \(side.name) (\(side.colorName))"]
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
