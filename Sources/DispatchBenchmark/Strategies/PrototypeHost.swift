import TraitSandbox

/// A world that owns no entities and runs two systems of a prototype's own: how the storage
/// prototypes get a real `TickContext` to call the traits' per-entity methods with, tick by
/// tick, exactly as the world's own systems do.
struct PrototypeHost {
  private(set) var world: World

  /// A world of the workload's arena and step whose `move` and `resolve` phases run `move` and
  /// `resolve` once per tick.
  init(
    _ workload: Workload, move: @escaping @Sendable (inout TickContext) -> Void,
    resolve: @escaping @Sendable (inout TickContext) -> Void
  ) {
    let context = workload.context
    world = World(
      seed: 1, fixedDeltaTime: context.deltaTime,
      arenaSize: Vector2(context.width, context.height),
      schedule: Schedule([
        .init("move", [TraitSystem(name: "prototype-movement", run: move)]),
        .init("resolve", [TraitSystem(name: "prototype-health", run: resolve)]),
      ]))
  }

  /// Steps the world `ticks` times.
  mutating func run(ticks: Int) {
    for _ in 0..<ticks { world.step() }
  }
}

/// How one storage prototype keeps one kind's entities, and its two systems over them.
///
/// The storages mark their systems `@inline(__always)`: left as calls of their own from the
/// simulation's closures, `world-component-columns` kept its entity in memory between the
/// copies and ran at half its speed.
protocol PrototypeStorage: SendableMetatype {
  /// The kind's entity type.
  associatedtype Entity: WorldEntity

  /// Keeps `entities`, given in creation order.
  init(_ entities: ContiguousArray<Entity>)
  /// Steers, keeps apart and moves every entity, and releases holds, as `MovementTrait` does.
  mutating func stepMovement(in context: TickContext)
  /// Regenerates the living and lets the dead die, as `HealthTrait` does.
  mutating func resolveHealth(in context: inout TickContext)
  /// Every entity's state, in this kind's creation order.
  mutating func states() -> [EntityState]
}

extension PrototypeStorage {
  /// Keeps the workload's entities of this kind, with the identities a world would give them
  /// (in creation order, from 1).
  init(_ workload: Workload) {
    self.init(
      ContiguousArray(
        workload.indicesByKind[Entity.kind.rawValue].map { index in
          var entity = Entity(workload.entities[index])
          entity.id = EntityID(rawValue: UInt64(index + 1))
          return entity
        }))
  }
}

/// A storage prototype run as a strategy: one storage for each kind, stepped by the systems of
/// a `PrototypeHost`'s world.
///
/// The storages are concrete type parameters, not existentials: a generic storage reached
/// through an existential would run its loops unspecialised (as `type-erased-pools-unspecialised`
/// shows), and the prototype would measure that instead of its layout.
struct PrototypeSimulation<
  Scouts: PrototypeStorage, Runners: PrototypeStorage, Brutes: PrototypeStorage,
  Haulers: PrototypeStorage
>: Simulation
where
  Scouts.Entity == WorldScout, Runners.Entity == WorldRunner, Brutes.Entity == WorldBrute,
  Haulers.Entity == WorldHauler
{
  /// The storages behind a class, so the systems, which run on the world's one thread between
  /// its own steps, can reach them.
  private final class Storages: @unchecked Sendable {
    var scouts: Scouts
    var runners: Runners
    var brutes: Brutes
    var haulers: Haulers

    init(_ workload: Workload) {
      scouts = Scouts(workload)
      runners = Runners(workload)
      brutes = Brutes(workload)
      haulers = Haulers(workload)
    }
  }

  private var host: PrototypeHost
  private let storages: Storages
  private let workload: Workload

  init(_ workload: Workload) {
    let storages = Storages(workload)
    host = PrototypeHost(
      workload,
      move: { context in
        storages.scouts.stepMovement(in: context)
        storages.runners.stepMovement(in: context)
        storages.brutes.stepMovement(in: context)
        storages.haulers.stepMovement(in: context)
      },
      resolve: { context in
        storages.scouts.resolveHealth(in: &context)
        storages.runners.resolveHealth(in: &context)
        storages.brutes.resolveHealth(in: &context)
        storages.haulers.resolveHealth(in: &context)
      })
    self.storages = storages
    self.workload = workload
  }

  mutating func run(ticks: Int) { host.run(ticks: ticks) }

  func states() -> [EntityState] {
    statesInCreationOrder(
      workload,
      kinds: [
        storages.scouts.states(), storages.runners.states(), storages.brutes.states(),
        storages.haulers.states(),
      ])
  }

  var probe: UInt64 { host.world.tick }
}

extension WorldEntity {
  /// What `MovementTrait.stepMovement` does to one entity, in one pass (the world without a
  /// target index: nothing is held, nothing is indexed). An entity keeps apart on one tick in
  /// `keepApartInterval`, staggered by identity, as in the world's smaller types; a type of
  /// 4,096 or more staggers groups of neighbours in storage, as many entities a tick.
  @inline(__always)
  mutating func stepMovementOnce(in context: TickContext) {
    steer(in: context)
    if (context.tick &+ id.rawValue) % Self.keepApartInterval == 0 {
      keepApart(in: context, own: nil)
    }
    move(in: context)
    movement.isHolding = false
  }

  /// What `HealthTrait.resolveHealth` does to one entity in a world without a target index.
  @inline(__always)
  mutating func resolveHealthOnce(in context: inout TickContext) {
    if health.isAlive {
      regenerate(in: context)
    } else {
      let requestsBefore = context.despawnRequestCount
      die(in: &context)
      if context.despawnRequestCount > requestsBefore { context.recordDeath(of: self) }
    }
  }
}
