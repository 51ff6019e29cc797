import Frames

/// A reference to one entry of the tick's target index: something with health that can be hit.
public struct TargetRef: Hashable, Sendable {
  /// The entry's position in the index.
  public let index: Int

  /// Creates a reference to entry `index`.
  @inlinable
  public init(index: Int) {
    self.index = index
  }
}

/// One entity with health as the target index saw it at the start of the tick.
public struct Target: Sendable, Equatable {
  /// The entity's identity.
  public var id: AnyEntityID
  /// The entity's faction.
  public var faction: Faction
  /// The entity's position at the start of the tick.
  public var position: Vector2
  /// The radius of the entity's body.
  public var radius: Float

  /// Creates a target entry.
  @inlinable
  public init(id: AnyEntityID, faction: Faction, position: Vector2, radius: Float) {
    self.id = id
    self.faction = faction
    self.position = position
    self.radius = radius
  }
}
