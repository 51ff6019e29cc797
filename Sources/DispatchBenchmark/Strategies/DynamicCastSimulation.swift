/// Strategy 4, the naive loop: one array of `any Body`, and for every entity every tick an
/// `as? any Moving` cast to move it and an `as? any Regenerating` cast to heal it, each followed
/// by writing the changed value back.
///
/// A cast from one existential to another asks the runtime whether the dynamic type conforms
/// (`swift_dynamicCast`, which looks the conformance up in a cache) and builds a new container;
/// for boxed kinds, mutating the copy copies the box, because the array still shares it.
struct DynamicCastSimulation: Simulation {
  private var objects: [any Body]
  private let context: StepContext

  init(_ workload: Workload) {
    objects = workload.entities.map { makeSimulated($0) as any Body }
    context = workload.context
  }

  mutating func run(ticks: Int) {
    let context = self.context
    for _ in 0..<ticks {
      for index in objects.indices {
        if var mover = objects[index] as? any Moving {
          mover.move(in: context)
          objects[index] = mover
        }
        if var mortal = objects[index] as? any Regenerating {
          mortal.regenerate(in: context)
          objects[index] = mortal
        }
      }
    }
  }

  func states() -> [EntityState] {
    objects.map { ($0 as! any Simulated).state }
  }

  var probe: UInt64 { UInt64(objects[0].position.x.bitPattern) }
}
