import Frames
import TraitSandbox

/// HUD view model: one castle's walls and purse.
public struct CastleStatusLabel: HUDLabel, Equatable, Sendable {
  /// Whose castle.
  public var side: Side
  /// Hit points left (0 once the castle has fallen).
  public var health: Float
  /// Hit points when whole.
  public var maximumHealth: Float
  /// Coins in the purse.
  public var coins: Float

  /// Creates the label.
  public init(side: Side, health: Float, maximumHealth: Float, coins: Float) {
    self.side = side
    self.health = health
    self.maximumHealth = maximumHealth
    self.coins = coins
  }

  /// "Left 1500/1500  $60".
  public var text: String {
    let name = side == .left ? "Left" : "Right"
    return "\(name) \(Int(max(health, 0).rounded(.up)))/\(Int(maximumHealth))  $\(Int(coins))"
  }

  /// The side's colour, or red while the walls are about to fall (replaces the default white).
  public var textColor: Color {
    health < maximumHealth * 0.25 ? Color(red: 255, green: 70, blue: 60) : side.color
  }
}
