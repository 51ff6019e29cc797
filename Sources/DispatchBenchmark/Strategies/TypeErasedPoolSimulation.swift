/// Strategy 6: one contiguous pool per kind behind a type-erased `any EntityPoolProtocol`: one
/// dynamic call per pool per tick, and a loop over concrete values inside.
///
/// `specialised` pools route the loop through the static requirement `Simulated.updateAll`,
/// whose witness for each concrete kind is compiled specialised, as TraitSandbox's `World`
/// does with `MovementTrait.stepMovement`. `unspecialised` pools write the loop in the generic
/// pool itself: reached through an existential, that generic code runs unspecialised, with a
/// witness-table call per entity and generic array accesses.
struct TypeErasedPoolSimulation: Simulation {
  private var pools: [any EntityPoolProtocol]
  private let workload: Workload

  init(_ workload: Workload, specialised: Bool) {
    func pool<Entity: Simulated>(_: Entity.Type) -> any EntityPoolProtocol {
      let entities = workload.entities(of: Entity.self)
      return specialised
        ? SpecialisedPool(entities: entities) : UnspecialisedPool(entities: entities)
    }
    pools = [pool(Scout.self), pool(Runner.self), pool(Brute.self), pool(Hauler.self)]
    self.workload = workload
  }

  mutating func run(ticks: Int) {
    let context = workload.context
    for _ in 0..<ticks {
      for index in pools.indices {
        pools[index].update(in: context)
      }
    }
  }

  func states() -> [EntityState] {
    statesInCreationOrder(workload, kinds: pools.map(\.states))
  }

  var probe: UInt64 { pools[0].probe }
}

/// A pool of one kind's entities, seen without its type.
protocol EntityPoolProtocol {
  /// Updates every entity in the pool.
  mutating func update(in context: StepContext)

  /// The entities' states, in pool order.
  var states: [EntityState] { get }

  /// The first entity's x bits, for the black hole.
  var probe: UInt64 { get }
}

extension EntityPoolProtocol {
  /// The first entity's x bits of any pool with an `entities` array.
  fileprivate static func probe(_ entities: ContiguousArray<some Simulated>) -> UInt64 {
    UInt64(entities.first?.position.x.bitPattern ?? 0)
  }
}

/// A pool whose loop is the kind's own static requirement: specialised for the kind.
struct SpecialisedPool<Entity: Simulated>: EntityPoolProtocol {
  var entities: ContiguousArray<Entity>

  mutating func update(in context: StepContext) {
    Entity.updateAll(&entities, in: context)
  }

  var states: [EntityState] { entities.map(\.state) }

  var probe: UInt64 { Self.probe(entities) }
}

/// A pool whose loop is generic code of its own: unspecialised when reached through an
/// existential.
struct UnspecialisedPool<Entity: Simulated>: EntityPoolProtocol {
  var entities: ContiguousArray<Entity>

  mutating func update(in context: StepContext) {
    for index in entities.indices {
      entities[index].update(in: context)
    }
  }

  var states: [EntityState] { entities.map(\.state) }

  var probe: UInt64 { Self.probe(entities) }
}
