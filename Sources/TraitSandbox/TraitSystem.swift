import Frames

/// One system: the code that steps one trait over every entity type that has it, in one phase.
///
/// A system is bound to an entity type once, when the type is registered with a world: the
/// conformance check (`type as? any MovementTrait.Type`) happens then, never per tick. The bound
/// job calls the trait's static loop requirement (e.g. `MovementTrait.stepMovement`), whose
/// witness is specialised for the concrete entity type, so the tick pays one dynamic call per
/// type and system and runs a specialised loop inside.
public struct TraitSystem: Sendable {
  /// The system's name, as the debug overlay and reports show it.
  public let name: String
  /// The trait the system steps, e.g. `MovementTrait`, as the inspector shows it.
  public let trait: String
  /// The phase the system runs in.
  public let phase: Phase
  @usableFromInline
  internal let bind: @Sendable (any GameObject.Type) -> (any AnySystemJob)?

  /// Creates a system from a binder that returns a job for the entity types it applies to.
  ///
  /// The binder receives each registered entity type once and returns `SystemJob<E>` for the
  /// types that have the trait, or `nil`.
  public init(
    name: String, trait: String? = nil, phase: Phase,
    bind: @escaping @Sendable (any GameObject.Type) -> (any AnySystemJob)?
  ) {
    self.name = name
    self.trait = trait ?? name
    self.phase = phase
    self.bind = bind
  }
}

/// A type-erased `SystemJob`, returned by a system's binder.
public protocol AnySystemJob {}

/// A system bound to one entity type: its loop and how it feeds the trait's state to the hash.
public struct SystemJob<Entity: GameObject>: AnySystemJob {
  @usableFromInline
  internal let run: (inout EntityPool<Entity>, inout TickContext) -> Void
  @usableFromInline
  internal let hashState: ((EntityPool<Entity>, inout StateHasher) -> Void)?
  @usableFromInline
  internal let draw: ((EntityPool<Entity>, inout FrameBuilder) -> Void)?
  /// The bound system's position in the world's `systems`, for per-system timing.
  @usableFromInline
  internal var systemIndex = 0

  /// Creates a job from the loop that steps a pool and, optionally, the trait's hashing and
  /// drawing.
  public init(
    run: @escaping (inout EntityPool<Entity>, inout TickContext) -> Void,
    hashState: ((EntityPool<Entity>, inout StateHasher) -> Void)? = nil,
    draw: ((EntityPool<Entity>, inout FrameBuilder) -> Void)? = nil
  ) {
    self.run = run
    self.hashState = hashState
    self.draw = draw
  }
}

extension TraitSystem {
  /// The systems of the built-in traits, in the order they run within a phase.
  public static let standard: [TraitSystem] = [
    .healthIndex, .spawner, .gun, .melee, .movement, .projectile, .health, .render,
  ]
}
