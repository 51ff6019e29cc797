/// Strategy 4, the naive loop: one array of `any Body`, and for every entity every tick an
/// `as? any Moving` cast to move it and an `as? any Regenerating` cast to heal it, each followed
/// by writing the changed value back.
///
/// A cast from one existential to another asks the runtime whether the dynamic type conforms
/// (`swift_dynamicCast`, which looks the conformance up in a cache) and builds a new container;
/// for boxed kinds, mutating the copy copies the box, because the array still shares it.
struct DynamicCastSimulation: EntityArraySimulation {
  var entities: ContiguousArray<any Body>
  let context: StepContext

  init(_ workload: Workload) {
    entities = ContiguousArray(
      workload.entities.map { ExistentialSimulation.Types.structs.make($0) as any Body })
    context = workload.context
  }

  @inline(__always)
  static func update(_ entity: inout any Body, in context: StepContext) {
    if var mover = entity as? any Moving {
      mover.move(in: context)
      entity = mover
    }
    if var mortal = entity as? any Regenerating {
      mortal.regenerate(in: context)
      entity = mortal
    }
  }

  static func state(of entity: any Body) -> EntityState { (entity as! any Simulated).state }
}
