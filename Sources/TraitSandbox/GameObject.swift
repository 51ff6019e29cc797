/// Anything that lives in a `World`: an identity, a place and a faction.
///
/// An entity is a value type that mixes in traits, and its declaration says what it can do:
///
///     struct ZapMonster: GameObject, MovementTrait, HealthTrait, GunTrait, RenderTrait { ... }
///
/// Each trait keeps its state in one `Component` (`movement`, `health`, ...) and brings its
/// behaviour as protocol requirements with default implementations, so an entity customises a
/// behaviour by implementing the requirement itself.
public protocol GameObject: Sendable {
  /// The entity's identity, given by the world when the entity is spawned.
  var id: EntityID<Self> { get set }
  /// The entity's centre in world units.
  var position: Vector2 { get set }
  /// The side the entity belongs to.
  var faction: Faction { get }

  /// Mixes state kept outside trait components into the world's state hash; by default none.
  ///
  /// Trait components are hashed by the world; only an entity's own extra properties (a
  /// castle's purchase plans, say) need this.
  func hashAttributes(into hasher: inout StateHasher)
}

extension GameObject {
  /// Hashes nothing: by default all of an entity's state lives in its trait components.
  @inlinable
  public func hashAttributes(into hasher: inout StateHasher) {}

  /// The type's name as reports show it, e.g. `ZapMonster`.
  public static var typeName: String { String(describing: Self.self) }
}
