/// One system: code that runs once per tick, in the phase a `Schedule` puts it in.
///
/// Most systems step one trait over every entity type that has it. Such a system is bound to
/// an entity type once, when the type is registered with a world: the conformance check
/// (`type as? any MovementTrait.Type`) happens then, never per tick. The bound job calls the
/// trait's static loop requirement (e.g. `MovementTrait.stepMovement`), whose witness is
/// specialised for the concrete entity type, so the tick pays one dynamic call per type and
/// system and runs a specialised loop inside. A few systems work on the world as a whole
/// instead (building the target grid); they run once per tick.
public struct TraitSystem: Sendable {
  /// What a system runs.
  enum Body: Sendable {
    /// Bound to each registered entity type that has the trait.
    case perType(@Sendable (any GameObject.Type) -> (any AnySystemJob)?)
    /// Runs once per tick on the tick's context.
    case world(@Sendable (inout TickContext) -> Void)
  }

  /// The system's name, as the schedule, the debug overlay and reports show it.
  public let name: String
  /// The trait the system steps, named after its protocol (e.g. `MovementTrait`); `nil` for a
  /// system that works on the world as a whole.
  public let traitName: String?
  /// Whether the system may step fixed-size chunks of a pool on several threads.
  ///
  /// Only for traits whose loop changes nothing but the entities it steps, and reaches the
  /// rest of the world only through its `TickContext` (queries, damage, spawns, despawns,
  /// events). Each chunk gets a context of its own, with its own random stream and its own
  /// counts of requests, and the world merges them in type and chunk order, so results do not
  /// depend on the thread count. On several threads, the chunks of every type the system
  /// steps are shared between the threads in one step, with those of the systems next to it
  /// whose declarations do not conflict (`World.scheduleSteps`).
  public let runsInParallel: Bool
  let body: Body

  /// Creates a system that steps `trait` over every entity type that has it.
  ///
  /// - Parameters:
  ///   - name: The system's name, e.g. `movement`.
  ///   - trait: The trait's protocol as a type, e.g. `(any MovementTrait).self`; its name is
  ///     what inspectors and `sandbox describe` show.
  ///   - runsInParallel: Whether chunks of a pool may be stepped on several threads; see
  ///     `runsInParallel`. `false` by default.
  ///   - bind: Receives each registered entity type once and returns a `SystemJob<E>` for the
  ///     types that have the trait, or `nil`.
  public init<Trait>(
    name: String, trait: Trait.Type, runsInParallel: Bool = false,
    bind: @escaping @Sendable (any GameObject.Type) -> (any AnySystemJob)?
  ) {
    self.name = name
    self.traitName = String(describing: trait)
    self.runsInParallel = runsInParallel
    self.body = .perType(bind)
  }

  /// Creates a system that runs once per tick on the tick's context, whatever entity types
  /// exist.
  public init(name: String, run: @escaping @Sendable (inout TickContext) -> Void) {
    self.name = name
    self.traitName = nil
    self.runsInParallel = false
    self.body = .world(run)
  }
}
