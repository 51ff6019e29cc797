/// The named phases of one simulation tick.
///
/// The order of the cases is the order in which the world runs them, and this is the one place
/// where that order is written. Within a phase, entity types run in registration order and each
/// type's systems in the order the world was given them.
public enum Phase: Int, CaseIterable, Sendable, CustomStringConvertible {
  /// Records every entity with health in the tick's target index, so later phases can find
  /// enemies by position.
  case index
  /// Spawners earn and spend: AI and player purchases happen here.
  case think
  /// Guns and melee attacks pick targets, fire and strike.
  case act
  /// Everything that moves steers and moves.
  case move
  /// Projectiles age and hit what they touch.
  case collide
  /// Damage dealt this tick is applied; the dead are removed; the living regenerate.
  case resolve
  /// Cosmetic state (facing, animation clocks) follows the tick's outcome.
  case present

  /// The phase's name as reports show it.
  public var description: String {
    switch self {
    case .index: "index"
    case .think: "think"
    case .act: "act"
    case .move: "move"
    case .collide: "collide"
    case .resolve: "resolve"
    case .present: "present"
    }
  }
}
