import TraitSandbox

/// Prototype `world-component-columns`: one typed column per component (identities, positions,
/// `Movement`s, `Health`s), and a system that copies the components it declares into an entity,
/// runs the trait's per-entity methods on it, and copies back the components it writes.
///
/// The copies are written against the traits' requirements (`movement`, `health`), so in
/// specialised code they are plain field moves, and every column is a whole component (24
/// bytes for `Movement`). What it shows: the trait code reads as before, but the system must
/// know statically which components a type has (here, a protocol that refines both traits);
/// properties the system does not copy keep a template entity's values, so an override that
/// reads one reads the wrong value, and a generic world would need code written per type to
/// copy the rest.
struct ComponentColumns<Entity: WorldEntity>: PrototypeStorage {
  private let template: Entity
  private var identities: ContiguousArray<EntityID<Entity>>
  private var positions: ContiguousArray<Vector2>
  private var movements: ContiguousArray<Movement>
  private var healths: ContiguousArray<Health>

  init(_ entities: ContiguousArray<Entity>) {
    template = entities.first ?? Entity()
    identities = ContiguousArray(entities.map(\.id))
    positions = ContiguousArray(entities.map(\.position))
    movements = ContiguousArray(entities.map(\.movement))
    healths = ContiguousArray(entities.map(\.health))
  }

  /// Movement reads identity, position, movement and health (keeping apart) and writes
  /// position and movement.
  @inline(__always)
  mutating func stepMovement(in context: TickContext) {
    var entity = template
    identities.withUnsafeBufferPointer { identities in
      healths.withUnsafeBufferPointer { healths in
        positions.withUnsafeMutableBufferPointer { positions in
          movements.withUnsafeMutableBufferPointer { movements in
            for index in positions.indices {
              entity.id = identities[index]
              entity.position = positions[index]
              entity.movement = movements[index]
              entity.health = healths[index]
              entity.stepMovementOnce(in: context)
              positions[index] = entity.position
              movements[index] = entity.movement
            }
          }
        }
      }
    }
  }

  /// Health reads identity and health and writes health.
  @inline(__always)
  mutating func resolveHealth(in context: inout TickContext) {
    var entity = template
    identities.withUnsafeBufferPointer { identities in
      healths.withUnsafeMutableBufferPointer { healths in
        for index in healths.indices {
          entity.id = identities[index]
          entity.health = healths[index]
          entity.resolveHealthOnce(in: &context)
          healths[index] = entity.health
        }
      }
    }
  }

  func states() -> [EntityState] {
    positions.indices.map { index in
      var entity = template
      entity.position = positions[index]
      entity.movement = movements[index]
      entity.health = healths[index]
      return entity.state
    }
  }
}
