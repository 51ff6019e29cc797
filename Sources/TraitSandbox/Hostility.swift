/// Which factions fight which: the rule target queries use to tell enemies from friends.
///
/// By default every faction is the enemy of every other and the friend of itself. Alliances
/// and feuds are set per pair and are always mutual.
public struct Hostility: Sendable, Equatable {
  /// How many factions the world has; entities belong to `Faction(0)..<Faction(factionCount)`.
  public let factionCount: Int
  /// For each faction, a bit per faction it is hostile to.
  @usableFromInline internal var enemyMasks: [UInt64]

  /// Factions `0..<factionCount` (1...64), each hostile to every other.
  public init(factionCount: Int = 2) {
    precondition((1...Faction.limit).contains(factionCount), "factionCount must be 1...64")
    self.factionCount = factionCount
    let everyone = factionCount == 64 ? UInt64.max : (UInt64(1) << UInt64(factionCount)) - 1
    enemyMasks = (0..<factionCount).map { everyone & ~(UInt64(1) << UInt64($0)) }
  }

  /// Whether `faction` attacks `other` (and `other` attacks it).
  @inlinable
  public func isHostile(_ faction: Faction, to other: Faction) -> Bool {
    enemyMasks[faction.index] & (UInt64(1) << UInt64(other.index)) != 0
  }

  /// Makes two different factions friends, or enemies again.
  public mutating func setHostile(_ isHostile: Bool, between faction: Faction, and other: Faction) {
    precondition(faction != other, "a faction's stance toward itself is fixed: friendly")
    precondition(contains(faction) && contains(other), "faction outside this world's factions")
    let bit = UInt64(1) << UInt64(other.index)
    let otherBit = UInt64(1) << UInt64(faction.index)
    if isHostile {
      enemyMasks[faction.index] |= bit
      enemyMasks[other.index] |= otherBit
    } else {
      enemyMasks[faction.index] &= ~bit
      enemyMasks[other.index] &= ~otherBit
    }
  }

  /// Whether `faction` is one of this world's factions.
  @inlinable
  public func contains(_ faction: Faction) -> Bool { faction.index < factionCount }

  /// Stops the program if a spawned `entity`'s faction is not one of these: a programming
  /// error.
  @inlinable
  internal func checkFaction<Entity: GameObject>(of entity: Entity) {
    precondition(
      entity.faction.index < factionCount,
      "\(Entity.typeName) of \(entity.faction) spawned in a world of \(factionCount) factions")
  }

  /// Every faction, in order.
  public var factions: [Faction] { (0..<factionCount).map(Faction.init) }

  /// The factions `faction` is hostile to, in ascending order.
  public func enemies(of faction: Faction) -> [Faction] {
    factions.filter { isHostile(faction, to: $0) }
  }
}
