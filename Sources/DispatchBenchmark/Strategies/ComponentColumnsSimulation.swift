import TraitSandbox

/// Prototype: one typed column per component (identities, positions, `Movement`s, `Health`s),
/// and a system that copies the components it declares into an entity, runs the trait's
/// per-entity methods on it, and copies back the components it writes.
///
/// The copies are written against the traits' requirements (`movement`, `health`), so in
/// specialised code they are plain field moves, and every column is a whole component (24
/// bytes for `Movement`). What it shows: the trait code reads as before, but the system must
/// know statically which components a type has (here, a protocol that refines both traits);
/// properties the system does not copy keep a template entity's values, so an override that
/// reads one reads the wrong value, and a generic world would need code written per type to
/// copy the rest.
struct ComponentColumnsSimulation: Simulation {
  private var host: PrototypeHost
  private let store: ComponentColumnStore
  private let workload: Workload

  init(_ workload: Workload) {
    let store = ComponentColumnStore(workload)
    host = PrototypeHost(
      workload, move: { store.stepMovement(in: &$0) }, resolve: { store.resolveHealth(in: &$0) })
    self.store = store
    self.workload = workload
  }

  mutating func run(ticks: Int) { host.run(ticks: ticks) }

  func states() -> [EntityState] { store.states(workload) }

  var probe: UInt64 { host.world.tick }
}

/// One kind's components, a column each, and the entity the rest is taken from.
struct ComponentColumns<Entity: WorldEntity> {
  private let template: Entity
  private var identities: ContiguousArray<EntityID<Entity>>
  private var positions: ContiguousArray<Vector2>
  private var movements: ContiguousArray<Movement>
  private var healths: ContiguousArray<Health>

  init(_ entities: ContiguousArray<Entity>) {
    template =
      entities.first
      ?? Entity(
        position: .zero, movement: Movement(speed: 0), health: Health(maximum: 1, radius: 1))
    identities = ContiguousArray(entities.map(\.id))
    positions = ContiguousArray(entities.map(\.position))
    movements = ContiguousArray(entities.map(\.movement))
    healths = ContiguousArray(entities.map(\.health))
  }

  /// Movement reads identity, position, movement and health (keeping apart) and writes
  /// position and movement.
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

  /// The entities' states, in this kind's creation order.
  func states(_ kind: EntityKind) -> [EntityState] {
    positions.indices.map { index in
      var entity = template
      entity.position = positions[index]
      entity.movement = movements[index]
      entity.health = healths[index]
      return entity.state(kind)
    }
  }
}

/// The component columns of every kind.
final class ComponentColumnStore: PrototypeStore, @unchecked Sendable {
  private var scouts: ComponentColumns<WorldScout>
  private var runners: ComponentColumns<WorldRunner>
  private var brutes: ComponentColumns<WorldBrute>
  private var haulers: ComponentColumns<WorldHauler>

  init(_ workload: Workload) {
    scouts = ComponentColumns(prototypeEntities(workload, .scout))
    runners = ComponentColumns(prototypeEntities(workload, .runner))
    brutes = ComponentColumns(prototypeEntities(workload, .brute))
    haulers = ComponentColumns(prototypeEntities(workload, .hauler))
  }

  func stepMovement(in context: inout TickContext) {
    scouts.stepMovement(in: context)
    runners.stepMovement(in: context)
    brutes.stepMovement(in: context)
    haulers.stepMovement(in: context)
  }

  func resolveHealth(in context: inout TickContext) {
    scouts.resolveHealth(in: &context)
    runners.resolveHealth(in: &context)
    brutes.resolveHealth(in: &context)
    haulers.resolveHealth(in: &context)
  }

  func states(_ workload: Workload) -> [EntityState] {
    statesInCreationOrder(
      workload,
      kinds: [
        scouts.states(.scout), runners.states(.runner), brutes.states(.brute),
        haulers.states(.hauler),
      ])
  }
}
