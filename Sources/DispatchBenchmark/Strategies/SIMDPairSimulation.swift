import TraitSandbox

/// Strategy 8 with SIMD types: position and velocity as one `SIMD2<Float>` per entity, the way
/// vector code is often first written; health in plain `Float` arrays as in `soa`.
///
/// Each step is two-lane arithmetic on one entity. LLVM does not widen that across entities,
/// so the movement pass runs as narrow vector code, one entity at a time.
struct SIMDPairSimulation: Simulation {
  private var positions: [SIMD2<Float>]
  private var velocities: [SIMD2<Float>]
  private var health: HealthColumns
  private let workload: Workload

  init(_ workload: Workload) {
    let entities = workload.entities
    positions = entities.map { SIMD2($0.position.x, $0.position.y) }
    velocities = entities.map { SIMD2($0.velocity.x, $0.velocity.y) }
    health = HealthColumns(entities)
    self.workload = workload
  }

  mutating func run(ticks: Int) {
    let context = workload.context
    let limit = SIMD2(context.width, context.height)
    for _ in 0..<ticks {
      positions.withUnsafeMutableBufferPointer { positions in
        velocities.withUnsafeMutableBufferPointer { velocities in
          for index in 0..<positions.count {
            var position = positions[index]
            var velocity = velocities[index]
            StepContext.advance(lanes: &position, &velocity, by: context.deltaTime, limit: limit)
            positions[index] = position
            velocities[index] = velocity
          }
        }
      }
      health.regenerateAll(by: context.deltaTime)
    }
  }

  func states() -> [EntityState] {
    workload.entities.indices.map { index in
      var state = workload.entities[index]
      state.position = Vector2(positions[index].x, positions[index].y)
      state.velocity = Vector2(velocities[index].x, velocities[index].y)
      state.health = health.current[index]
      return state
    }
  }

  var probe: UInt64 { UInt64(positions[0].x.bitPattern) }
}
