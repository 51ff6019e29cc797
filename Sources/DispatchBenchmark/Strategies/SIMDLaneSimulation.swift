import TraitSandbox

/// Strategy 8 vectorised by hand: every field in `SIMD8<Float>` chunks of eight entities, so
/// each operation works on eight entities whatever the target CPU.
///
/// The last chunk is padded with all-zero lanes, which stay at the origin with no velocity and
/// no health to regain.
struct SIMDLaneSimulation: Simulation {
  typealias Lanes = SIMD8<Float>

  private var x: [Lanes]
  private var y: [Lanes]
  private var velocityX: [Lanes]
  private var velocityY: [Lanes]
  private var health: [Lanes]
  private let maximumHealth: [Lanes]
  private let regeneration: [Lanes]
  private let workload: Workload

  init(_ workload: Workload) {
    let entities = workload.entities
    func chunks(_ field: (EntityState) -> Float) -> [Lanes] {
      stride(from: 0, to: entities.count, by: Lanes.scalarCount).map { start in
        var chunk = Lanes()
        for lane in 0..<min(Lanes.scalarCount, entities.count - start) {
          chunk[lane] = field(entities[start + lane])
        }
        return chunk
      }
    }
    x = chunks(\.position.x)
    y = chunks(\.position.y)
    velocityX = chunks(\.velocity.x)
    velocityY = chunks(\.velocity.y)
    health = chunks(\.health)
    maximumHealth = chunks(\.maximumHealth)
    regeneration = chunks(\.regeneration)
    self.workload = workload
  }

  mutating func run(ticks: Int) {
    let context = workload.context
    for _ in 0..<ticks {
      Self.advanceAll(&x, &velocityX, by: context.deltaTime, limit: Lanes(repeating: context.width))
      Self.advanceAll(
        &y, &velocityY, by: context.deltaTime, limit: Lanes(repeating: context.height))
      maximumHealth.withUnsafeBufferPointer { maximumHealth in
        regeneration.withUnsafeBufferPointer { regeneration in
          health.withUnsafeMutableBufferPointer { health in
            for index in 0..<health.count {
              health[index] = StepContext.regenerated(
                lanes: health[index], maximum: maximumHealth[index],
                regeneration: regeneration[index], by: context.deltaTime)
            }
          }
        }
      }
    }
  }

  private static func advanceAll(
    _ coordinates: inout [Lanes], _ velocities: inout [Lanes], by deltaTime: Float, limit: Lanes
  ) {
    coordinates.withUnsafeMutableBufferPointer { coordinates in
      velocities.withUnsafeMutableBufferPointer { velocities in
        for index in 0..<coordinates.count {
          var coordinate = coordinates[index]
          var velocity = velocities[index]
          StepContext.advance(lanes: &coordinate, &velocity, by: deltaTime, limit: limit)
          coordinates[index] = coordinate
          velocities[index] = velocity
        }
      }
    }
  }

  func states() -> [EntityState] {
    workload.entities.indices.map { index in
      let (chunk, lane) = index.quotientAndRemainder(dividingBy: Lanes.scalarCount)
      var state = workload.entities[index]
      state.position = Vector2(x[chunk][lane], y[chunk][lane])
      state.velocity = Vector2(velocityX[chunk][lane], velocityY[chunk][lane])
      state.health = health[chunk][lane]
      return state
    }
  }

  var probe: UInt64 { UInt64(x[0][0].bitPattern) }
}
