import Frames
import TraitSandbox

/// What a castle can buy and how its units are built: the roster and the scenario's unit
/// stats, bound to a side.
public struct Armory: Sendable, Equatable {
  /// The unit types on offer.
  public var roster: Roster
  /// The stats of every unit kind.
  public var units: UnitTable<UnitStats>
  /// Where this side's units walk to: the enemy castle.
  public var enemyCastle: Vector2

  /// Creates an armory for units that march on `enemyCastle`.
  public init(roster: Roster, units: UnitTable<UnitStats>, enemyCastle: Vector2) {
    self.roster = roster
    self.units = units
    self.enemyCastle = enemyCastle
  }

  /// What one unit of `kind` costs, or `nil` if the armory has no such kind.
  public func cost(of kind: UnitKind) -> Float? {
    units[kind]?.cost
  }

  /// Spawns one unit of `kind` during a tick; it joins the world when the tick ends.
  ///
  /// - Returns: Whether the armory has that kind.
  @discardableResult
  public func spawn(
    _ kind: UnitKind, side: Side, at position: Vector2, in context: inout TickContext
  ) -> Bool {
    guard let type = roster.unitType(of: kind), let stats = units[kind] else { return false }
    type.spawn(stats: stats, side: side, at: position, target: enemyCastle, in: &context)
    return true
  }

  /// Places one unit of `kind` in a world between ticks (for pre-populated scenarios).
  ///
  /// - Returns: The unit's identity, or `nil` if the armory has no such kind.
  @discardableResult
  public func place(
    _ kind: UnitKind, side: Side, at position: Vector2, in world: inout World
  ) -> AnyEntityID? {
    guard let type = roster.unitType(of: kind), let stats = units[kind] else { return nil }
    return type.place(stats: stats, side: side, at: position, target: enemyCastle, in: &world)
  }

  /// Places one unit of `kind` at each of `positions`, in order, between ticks, with one bulk
  /// spawn (for big pre-populated scenarios).
  ///
  /// - Returns: Whether the armory has that kind.
  @discardableResult
  public func place(
    _ kind: UnitKind, side: Side, at positions: [Vector2], in world: inout World
  ) -> Bool {
    guard let type = roster.unitType(of: kind), let stats = units[kind] else { return false }
    type.placeAll(stats: stats, side: side, at: positions, marchingOn: enemyCastle, in: &world)
    return true
  }
}

extension Monster {
  /// Spawns one unit of this type during a tick, generically (no existential box per spawn).
  fileprivate static func spawn(
    stats: UnitStats, side: Side, at position: Vector2, target: Vector2,
    in context: inout TickContext
  ) {
    context.spawn(Self(stats: stats, side: side, at: position, marchingOn: target))
  }

  /// Places one unit of this type in a world between ticks.
  fileprivate static func place(
    stats: UnitStats, side: Side, at position: Vector2, target: Vector2, in world: inout World
  ) -> AnyEntityID {
    world.spawn(Self(stats: stats, side: side, at: position, marchingOn: target)).erased
  }
}

extension CodingUserInfoKey {
  /// The `Roster` a saved armory is read back with: rosters list types, which are not saved.
  public static let roster = CodingUserInfoKey(rawValue: "MonsterWars.roster")!
}

extension Armory: Codable {
  private enum CodingKeys: String, CodingKey {
    case kinds, units, enemyCastle
  }

  /// Writes the roster's kinds (to check against when reading), the stats and the target.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(roster.kinds, forKey: .kinds)
    try container.encode(units, forKey: .units)
    try container.encode(enemyCastle, forKey: .enemyCastle)
  }

  /// Reads an armory for the roster in `decoder.userInfo[.roster]`, which must list the kinds
  /// the armory was saved with.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let roster = decoder.userInfo[.roster] as? Roster else {
      throw DecodingError.dataCorruptedError(
        forKey: .kinds, in: container,
        debugDescription: "an armory is read with a roster in userInfo[.roster]")
    }
    let kinds = try container.decode([UnitKind].self, forKey: .kinds)
    guard kinds == roster.kinds else {
      throw DecodingError.dataCorruptedError(
        forKey: .kinds, in: container,
        debugDescription: "the armory was saved for the units \(kinds.map(\.name)), "
          + "this program has \(roster.kinds.map(\.name))")
    }
    self.init(
      roster: roster, units: try container.decode(UnitTable<UnitStats>.self, forKey: .units),
      enemyCastle: try container.decode(Vector2.self, forKey: .enemyCastle))
  }
}
