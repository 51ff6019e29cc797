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
