/// Strategies 2 and 3: one array of `any Simulated`, in creation order, each entity updated
/// through the protocol's default implementations.
///
/// Every element is an existential container: a three-word inline buffer, the type's metadata
/// and its witness table, and each `update` is an indirect call through the witness table to a
/// thunk specialised for the concrete type.
///
/// - Value types (strategy 2): scouts and runners fit in the buffer; brutes and haulers live in
///   a heap box the container points to, and mutating them goes through a uniqueness check of
///   that box.
/// - Final classes (strategy 3): the container holds just a reference, so nothing is boxed. A
///   class's stored properties need dynamic exclusivity checks (`swift_beginAccess`) unless the
///   optimiser can see every access: for the `internal` classes whole-module optimisation proves
///   no access can overlap and removes the checks; for the `public` copies
///   (`PublicScoutObject`, ...), which other modules could touch, every property access pays
///   one.
struct ExistentialSimulation: EntityArraySimulation {
  /// Which types the entities are.
  enum Types {
    /// `Scout`, `Runner`, `Brute` and `Hauler`.
    case structs
    /// `ScoutObject` and its internal siblings.
    case classes
    /// `PublicScoutObject` and its public siblings.
    case publicClasses

    /// An entity of `state`'s kind, of these types.
    func make(_ state: EntityState) -> any Simulated {
      ofKind[state.kind.rawValue].init(state)
    }

    /// The type of each kind, in `EntityKind` order.
    private var ofKind: [any Simulated.Type] {
      switch self {
      case .structs: [Scout.self, Runner.self, Brute.self, Hauler.self]
      case .classes: [ScoutObject.self, RunnerObject.self, BruteObject.self, HaulerObject.self]
      case .publicClasses:
        [
          PublicScoutObject.self, PublicRunnerObject.self, PublicBruteObject.self,
          PublicHaulerObject.self,
        ]
      }
    }
  }

  var entities: ContiguousArray<any Simulated>
  let context: StepContext

  init(_ workload: Workload, _ types: Types) {
    entities = ContiguousArray(workload.entities.map(types.make))
    context = workload.context
  }

  @inline(__always)
  static func update(_ entity: inout any Simulated, in context: StepContext) {
    entity.update(in: context)
  }

  static func state(of entity: any Simulated) -> EntityState { entity.state }
}
