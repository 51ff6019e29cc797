import Frames
import TraitSandbox

/// One of the two sides of a MonsterWars match: the castle at the arena's left edge and its
/// monsters, or the castle at the right edge and its monsters.
///
/// The core knows only factions; a side is the game's name for faction 0 or 1.
public enum Side: Int, CaseIterable, Sendable, Hashable, Codable {
  /// The side whose castle stands at the arena's left edge.
  case left
  /// The side whose castle stands at the arena's right edge.
  case right

  /// The side of `faction`, if it is one of the two.
  public init?(_ faction: Faction) {
    self.init(rawValue: faction.index)
  }

  /// The faction the side's entities belong to.
  @inlinable
  public var faction: Faction { Faction(rawValue) }

  /// The other side.
  @inlinable
  public var opponent: Side { self == .left ? .right : .left }

  /// The side's name as the command line and JSON reports spell it.
  public var name: String { self == .left ? "left" : "right" }

  /// The colour the side's castle and monsters are drawn in, as a word: "blue", "red".
  public var colorName: String { self == .left ? "blue" : "red" }

  /// The side's colour, used to tint its sprites.
  public var color: Color {
    switch self {
    case .left: Color(red: 120, green: 175, blue: 255)
    case .right: Color(red: 255, green: 125, blue: 105)
    }
  }
}

extension GameObject {
  /// The MonsterWars side of this entity (`left` for any faction that is not 1).
  public var side: Side { Side(faction) ?? .left }
}
