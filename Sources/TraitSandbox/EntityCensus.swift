/// How many entities of one type are alive in each faction.
public struct EntityCensus: Sendable, Equatable {
  /// The entity type, as `ObjectIdentifier(Turret.self)`.
  public var entityType: ObjectIdentifier
  /// The entity type's name, e.g. `Turret`.
  public var typeName: String
  /// Live entities, indexed by faction number.
  public var countByFaction: [Int]
}
