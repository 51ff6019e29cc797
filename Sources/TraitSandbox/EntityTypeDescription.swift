/// One registered entity type as a world sees it: what `sandbox describe` prints.
public struct EntityTypeDescription: Sendable, Equatable {
  /// What one system declares it reads and writes of the type.
  public struct SystemAccess: Sendable, Equatable {
    /// The system's name, e.g. `movement`.
    public var system: String
    /// Its declaration.
    public var accesses: ColumnAccesses
  }

  /// The type, as `ObjectIdentifier(Turret.self)`.
  public var entityType: ObjectIdentifier
  /// The type's name, e.g. `Turret`.
  public var name: String
  /// The traits the world's systems step for it, e.g. `MovementTrait`.
  public var traits: [String]
  /// The type names of the components those traits keep, e.g. `Movement`, in schedule order.
  public var components: [String]
  /// The systems bound to it, in the order they run.
  public var systems: [String]
  /// How many entities of the type are alive.
  public var entityCount: Int
  /// The bytes one entity of the type takes (`MemoryLayout.stride`), in 4-byte columns.
  public var entityStride: Int
  /// What each bound system declares it reads and writes, in the order they run.
  public var accesses: [SystemAccess]
  /// Where the type's stored properties are in its columns.
  public var layout: EntityLayout
}
