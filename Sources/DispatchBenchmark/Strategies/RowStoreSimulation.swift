import TraitSandbox

/// Prototype: the world's storage before columns. Each type is one contiguous array of whole
/// entities, and the traits' per-entity methods run on the array in place, in one pass per
/// system, as `World` did until it kept columns.
///
/// What it measures: a system that touches 20 bytes of each entity still reads and writes the
/// entity's every cache line (56 to 72 bytes here), and the one pass interleaves steering,
/// keeping apart, moving and releasing, so nothing in it becomes vector code.
struct RowStoreSimulation: Simulation {
  private var host: PrototypeHost
  private let store: RowStore
  private let workload: Workload

  init(_ workload: Workload) {
    let store = RowStore(workload)
    host = PrototypeHost(
      workload, move: { store.stepMovement(in: &$0) }, resolve: { store.resolveHealth(in: &$0) })
    self.store = store
    self.workload = workload
  }

  mutating func run(ticks: Int) { host.run(ticks: ticks) }

  func states() -> [EntityState] { store.states(workload) }

  var probe: UInt64 { host.world.tick }
}

/// The entities of each kind as arrays of whole values.
final class RowStore: PrototypeStore, @unchecked Sendable {
  private var scouts: ContiguousArray<WorldScout>
  private var runners: ContiguousArray<WorldRunner>
  private var brutes: ContiguousArray<WorldBrute>
  private var haulers: ContiguousArray<WorldHauler>

  init(_ workload: Workload) {
    scouts = prototypeEntities(workload, .scout)
    runners = prototypeEntities(workload, .runner)
    brutes = prototypeEntities(workload, .brute)
    haulers = prototypeEntities(workload, .hauler)
  }

  func stepMovement(in context: inout TickContext) {
    Self.move(&scouts, context)
    Self.move(&runners, context)
    Self.move(&brutes, context)
    Self.move(&haulers, context)
  }

  func resolveHealth(in context: inout TickContext) {
    Self.resolve(&scouts, &context)
    Self.resolve(&runners, &context)
    Self.resolve(&brutes, &context)
    Self.resolve(&haulers, &context)
  }

  private static func move<Entity: WorldEntity>(
    _ entities: inout ContiguousArray<Entity>, _ context: TickContext
  ) {
    entities.withUnsafeMutableBufferPointer { entities in
      for index in entities.indices { entities[index].stepMovementOnce(in: context) }
    }
  }

  private static func resolve<Entity: WorldEntity>(
    _ entities: inout ContiguousArray<Entity>, _ context: inout TickContext
  ) {
    entities.withUnsafeMutableBufferPointer { entities in
      for index in entities.indices { entities[index].resolveHealthOnce(in: &context) }
    }
  }

  func states(_ workload: Workload) -> [EntityState] {
    statesInCreationOrder(
      workload,
      kinds: [
        scouts.map { $0.state(.scout) }, runners.map { $0.state(.runner) },
        brutes.map { $0.state(.brute) }, haulers.map { $0.state(.hauler) },
      ])
  }
}

/// A kind's entities as `WorldEntity` values, with the identities a world would give them (in
/// creation order, from 1), for the prototypes that keep entities outside a world.
func prototypeEntities<Entity: WorldEntity>(
  _ workload: Workload, _ kind: EntityKind
) -> ContiguousArray<Entity> {
  ContiguousArray(
    workload.indicesByKind[kind.rawValue].map { index in
      var entity = Entity(workload.entities[index])
      entity.id = EntityID(rawValue: UInt64(index + 1))
      return entity
    })
}
