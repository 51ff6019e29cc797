import Frames

/// One component of an entity type: what it is called and, for a component that holds
/// references, how it is hashed (plain components are hashed with their columns).
struct ComponentSlot<Entity: GameObject> {
  /// The key path, for telling two systems' components apart.
  let keyPath: PartialKeyPath<Entity>
  /// The component's type name, e.g. `Movement`.
  let typeName: String
  /// The component's type.
  let stateType: ObjectIdentifier
  /// Whether the component is plain bytes, which the state hash reads from the columns.
  let isPlain: Bool
  /// Hashes this component of every entity in the pool, in storage order.
  let hash: (EntityPool<Entity>, inout StateHasher) -> Void

  init<State: Component>(_ keyPath: WritableKeyPath<Entity, State>) {
    self.keyPath = keyPath
    typeName = String(describing: State.self)
    stateType = ObjectIdentifier(State.self)
    isPlain = _isPOD(State.self)
    hash = { pool, hasher in
      pool.forEach { entity in entity[keyPath: keyPath].hash(into: &hasher) }
    }
  }
}
