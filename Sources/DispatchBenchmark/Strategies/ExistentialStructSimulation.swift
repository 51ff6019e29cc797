/// Strategy 2: one array of `any Simulated` value types, in creation order, each updated through
/// the protocol's default implementation.
///
/// Every element is an existential container: a three-word inline buffer, the type's metadata
/// and its witness table. Scouts and runners fit in the buffer; brutes and haulers live in a
/// heap box the container points to, and mutating them goes through a uniqueness check of that
/// box. Each `update` is an indirect call through the witness table to a thunk specialised for
/// the concrete type.
struct ExistentialStructSimulation: Simulation {
  private var entities: [any Simulated]
  private let context: StepContext

  init(_ workload: Workload) {
    entities = workload.entities.map(makeSimulated)
    context = workload.context
  }

  mutating func run(ticks: Int) {
    let context = self.context
    for _ in 0..<ticks {
      for index in entities.indices {
        entities[index].update(in: context)
      }
    }
  }

  func states() -> [EntityState] {
    entities.map(\.state)
  }

  var probe: UInt64 { UInt64(entities[0].position.x.bitPattern) }
}

/// The value type for an entity's kind, as an existential.
func makeSimulated(_ state: EntityState) -> any Simulated {
  switch state.kind {
  case .scout: Scout(state)
  case .runner: Runner(state)
  case .brute: Brute(state)
  case .hauler: Hauler(state)
  }
}
