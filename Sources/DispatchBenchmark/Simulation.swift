/// One strategy's own representation of a workload's entities, ready to step.
///
/// The harness holds it as `any Simulation` and makes one dynamic call per sample, so
/// everything a strategy pays per entity happens inside its own `run(ticks:)`.
protocol Simulation {
  /// Steps every entity `ticks` times.
  mutating func run(ticks: Int)

  /// Every entity's state, in creation order, for the checksum.
  func states() -> [EntityState]

  /// A few bits of the current state, cheap to read, for the black hole after each sample.
  var probe: UInt64 { get }
}

/// A strategy that keeps every entity in one array, in creation order, and updates each with one
/// call per tick: its element type and that call are the strategy.
protocol EntityArraySimulation: Simulation {
  /// How the strategy holds one entity.
  associatedtype Entity

  /// Every entity, in creation order.
  var entities: ContiguousArray<Entity> { get set }
  /// The arena and the step.
  var context: StepContext { get }

  /// One tick of one entity, called the strategy's way.
  static func update(_ entity: inout Entity, in context: StepContext)
  /// The entity's state, for the checksum.
  static func state(of entity: Entity) -> EntityState
}

extension EntityArraySimulation {
  /// Updates every entity in order, `ticks` times.
  mutating func run(ticks: Int) {
    let context = self.context
    for _ in 0..<ticks {
      for index in entities.indices {
        Self.update(&entities[index], in: context)
      }
    }
  }

  /// Every entity's state, in creation order.
  func states() -> [EntityState] { entities.map(Self.state(of:)) }

  /// The first entity's x coordinate.
  var probe: UInt64 { UInt64(Self.state(of: entities[0]).position.x.bitPattern) }
}

extension Simulation {
  /// The checksum of the current state.
  func checksum() -> WorkloadChecksum {
    WorkloadChecksum(states())
  }
}

/// Fills an array in creation order from per-kind arrays whose entities' creation indices are
/// `workload.indicesByKind`.
func statesInCreationOrder(
  _ workload: Workload, kinds: [[EntityState]]
) -> [EntityState] {
  var states = workload.entities
  for (kindIndex, indices) in workload.indicesByKind.enumerated() {
    for (position, creationIndex) in indices.enumerated() {
      states[creationIndex] = kinds[kindIndex][position]
    }
  }
  return states
}
