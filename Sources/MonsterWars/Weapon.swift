/// How a kind of unit fights, with its stats: up close, or with a gun.
public enum Weapon: Sendable, Equatable, Codable {
  /// A close-combat attack.
  case melee(MeleeStats)
  /// A ranged weapon.
  case gun(GunStats)

  /// The two ways to fight, without their stats.
  public enum Kind: String, Sendable, Equatable, CaseIterable {
    /// Close combat (`"melee"` in scenario files).
    case melee
    /// Ranged (`"gun"` in scenario files).
    case gun
  }

  /// Which way this weapon fights.
  public var kind: Kind {
    switch self {
    case .melee: .melee
    case .gun: .gun
    }
  }

  /// The melee stats, if this is a melee weapon.
  public var melee: MeleeStats? {
    if case .melee(let stats) = self { stats } else { nil }
  }

  /// The gun stats, if this is a gun.
  public var gun: GunStats? {
    if case .gun(let stats) = self { stats } else { nil }
  }
}
