import TraitSandbox

/// The checksum of a workload's state: one 64-bit hash over every entity's position, velocity
/// and health bit patterns, in creation order.
///
/// Every strategy reports its final state through this one definition, so equal checksums mean
/// bit-identical results.
public struct WorkloadChecksum: Hashable, Sendable, CustomStringConvertible {
  /// The hash's bits.
  public let rawValue: UInt64

  /// Creates a checksum from its bits.
  public init(rawValue: UInt64) {
    self.rawValue = rawValue
  }

  /// The checksum of `entityCount` entities whose state `state(index)` gives by creation index.
  ///
  /// - Complexity: O(n).
  public init(entityCount: Int, state: (Int) -> EntityState) {
    var hasher = StateHasher()
    hasher.combine(entityCount)
    for index in 0..<entityCount {
      let entity = state(index)
      hasher.combine(entity.position)
      hasher.combine(entity.velocity)
      hasher.combine(entity.health)
    }
    rawValue = hasher.finalize().rawValue
  }

  /// The checksum of entities in creation order.
  public init(_ entities: [EntityState]) {
    self.init(entityCount: entities.count) { entities[$0] }
  }

  /// The checksum as 16 lowercase hex digits.
  public var description: String {
    StateHash(rawValue: rawValue).description
  }
}

extension Workload {
  /// The checksum after `ticks` ticks of the reference simulation: a plain loop over
  /// `entities`, against which every strategy is checked.
  ///
  /// - Complexity: O(n x ticks).
  public func referenceChecksum(ticks: Int) -> WorkloadChecksum {
    var states = entities
    let context = self.context
    for _ in 0..<ticks {
      for index in states.indices {
        var state = states[index]
        StepContext.advance(
          &state.position.x, &state.velocity.x, by: context.deltaTime, limit: context.width)
        StepContext.advance(
          &state.position.y, &state.velocity.y, by: context.deltaTime, limit: context.height)
        state.health = StepContext.regenerated(
          state.health, maximum: state.maximumHealth, regeneration: state.regeneration,
          by: context.deltaTime)
        states[index] = state
      }
    }
    return WorkloadChecksum(states)
  }
}
