import TraitSandbox

/// Strategy 8: data-oriented structure of arrays, one plain `Float` array per field, stepped in
/// one pass per axis and one for health.
///
/// Nothing is dispatched and nothing is loaded that the step does not use, so the loops are
/// limited by arithmetic and memory bandwidth, and LLVM vectorises them across entities (four
/// lanes with the baseline x86-64 SSE2, more with a wider `-target-cpu`). The loops read through
/// buffer pointers, as data-oriented Swift does, so no bounds checks break vectorisation.
struct StructureOfArraysSimulation: Simulation {
  private var x: [Float]
  private var y: [Float]
  private var velocityX: [Float]
  private var velocityY: [Float]
  private var health: HealthColumns
  private let workload: Workload

  init(_ workload: Workload) {
    let entities = workload.entities
    x = entities.map(\.position.x)
    y = entities.map(\.position.y)
    velocityX = entities.map(\.velocity.x)
    velocityY = entities.map(\.velocity.y)
    health = HealthColumns(entities)
    self.workload = workload
  }

  mutating func run(ticks: Int) {
    let context = workload.context
    for _ in 0..<ticks {
      advanceAll(&x, &velocityX, by: context.deltaTime, limit: context.width)
      advanceAll(&y, &velocityY, by: context.deltaTime, limit: context.height)
      health.regenerateAll(by: context.deltaTime)
    }
  }

  func states() -> [EntityState] {
    workload.entities.indices.map { index in
      var state = workload.entities[index]
      state.position = Vector2(x[index], y[index])
      state.velocity = Vector2(velocityX[index], velocityY[index])
      state.health = health.current[index]
      return state
    }
  }

  var probe: UInt64 { UInt64(x[0].bitPattern) }
}

/// Moves every coordinate along its axis and bounces it; one pass over two arrays.
func advanceAll(
  _ coordinates: inout [Float], _ velocities: inout [Float], by deltaTime: Float, limit: Float
) {
  precondition(coordinates.count == velocities.count)
  coordinates.withUnsafeMutableBufferPointer { coordinates in
    velocities.withUnsafeMutableBufferPointer { velocities in
      for index in 0..<coordinates.count {
        var coordinate = coordinates[index]
        var velocity = velocities[index]
        StepContext.advance(&coordinate, &velocity, by: deltaTime, limit: limit)
        coordinates[index] = coordinate
        velocities[index] = velocity
      }
    }
  }
}

/// Every entity's health as three plain `Float` arrays, as the structure-of-arrays strategies
/// keep it.
struct HealthColumns {
  /// Hit points now.
  private(set) var current: [Float]
  /// The most hit points.
  private let maximum: [Float]
  /// Hit points regained per second.
  private let regeneration: [Float]

  /// The columns of `entities`' health, in their order.
  init(_ entities: [EntityState]) {
    current = entities.map(\.health)
    maximum = entities.map(\.maximumHealth)
    regeneration = entities.map(\.regeneration)
  }

  /// Regenerates every entity's health; one pass over the three arrays.
  mutating func regenerateAll(by deltaTime: Float) {
    maximum.withUnsafeBufferPointer { maximum in
      regeneration.withUnsafeBufferPointer { regeneration in
        current.withUnsafeMutableBufferPointer { health in
          for index in 0..<health.count {
            health[index] = StepContext.regenerated(
              health[index], maximum: maximum[index], regeneration: regeneration[index],
              by: deltaTime)
          }
        }
      }
    }
  }
}
