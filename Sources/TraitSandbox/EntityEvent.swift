import Frames

/// Something that happened to one entity during a tick: it joined the world, or it died.
///
/// The world keeps the events of its last tick (`World.lastEvents`), in the order they
/// happened, so a game can keep its own statistics without the core knowing what they are.
public struct EntityEvent: Sendable, Equatable {
  /// What happened.
  public enum Kind: Sendable, Equatable {
    /// The entity joined the world when the tick ended.
    case spawned
    /// The entity's health ran out and it left the world.
    case died
  }

  /// Which entity.
  public var entity: AnyEntityID
  /// The entity's type, as `ObjectIdentifier(Turret.self)`.
  public var entityType: ObjectIdentifier
  /// What happened.
  public var kind: Kind
  /// The entity's faction.
  public var faction: Faction

  /// Creates an event about `entity`.
  @inlinable
  public init<Entity: GameObject>(_ kind: Kind, _ entity: Entity) {
    self.kind = kind
    self.entity = entity.id.erased
    self.entityType = ObjectIdentifier(Entity.self)
    self.faction = entity.faction
  }

  /// Whether the event is about an entity of type `type`.
  @inlinable
  public func isAbout<Entity: GameObject>(_ type: Entity.Type) -> Bool {
    entityType == ObjectIdentifier(type)
  }
}
