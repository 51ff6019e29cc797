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
