/// Strategy 7: one contiguous array per concrete kind, each stepped by a generic function that
/// the compiler specialises for that kind: no dynamic dispatch at all.
///
/// This is what `@inlinable` generic code becomes when the caller's module sees the concrete
/// type; the loop inlines `update` and walks 20- to 32-byte structs in order.
struct GenericArraySimulation: Simulation {
  private var scouts: ContiguousArray<Scout>
  private var runners: ContiguousArray<Runner>
  private var brutes: ContiguousArray<Brute>
  private var haulers: ContiguousArray<Hauler>
  private let workload: Workload

  init(_ workload: Workload) {
    scouts = workload.entities(of: Scout.self)
    runners = workload.entities(of: Runner.self)
    brutes = workload.entities(of: Brute.self)
    haulers = workload.entities(of: Hauler.self)
    self.workload = workload
  }

  mutating func run(ticks: Int) {
    let context = workload.context
    for _ in 0..<ticks {
      updateAll(&scouts, in: context)
      updateAll(&runners, in: context)
      updateAll(&brutes, in: context)
      updateAll(&haulers, in: context)
    }
  }

  func states() -> [EntityState] {
    statesInCreationOrder(
      workload,
      kinds: [
        scouts.map(\.state), runners.map(\.state), brutes.map(\.state), haulers.map(\.state),
      ])
  }

  var probe: UInt64 { UInt64(scouts.first?.position.x.bitPattern ?? 0) }
}

/// Updates every entity of one concrete kind; specialised at each call site above.
private func updateAll<Entity: Simulated>(
  _ entities: inout ContiguousArray<Entity>, in context: StepContext
) {
  for index in entities.indices {
    entities[index].update(in: context)
  }
}
