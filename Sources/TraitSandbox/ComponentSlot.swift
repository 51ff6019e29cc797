import Frames

/// One component of an entity type: where it lives, what it is called, how it is hashed.
struct ComponentSlot<Entity: GameObject> {
  /// The key path, for telling two systems' components apart.
  let keyPath: PartialKeyPath<Entity>
  /// The component's type name, e.g. `Movement`.
  let typeName: String
  /// Hashes this component of every entity in the pool, in pool order.
  let hash: (ContiguousArray<Entity>, inout StateHasher) -> Void

  init<State: Component>(_ keyPath: WritableKeyPath<Entity, State>) {
    self.keyPath = keyPath
    typeName = String(describing: State.self)
    hash = { entities, hasher in
      for entity in entities { entity[keyPath: keyPath].hash(into: &hasher) }
    }
  }
}
