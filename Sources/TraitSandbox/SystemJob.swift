import Frames

/// A type-erased `SystemJob`, returned by a system's binder.
public protocol AnySystemJob {}

/// A system bound to one entity type: its loop, the component it owns, what it reads and
/// writes, and how it draws.
///
/// The declaration is what `sandbox describe` prints for the system, and debug builds stop the
/// program when the loop changes a stored property it did not declare (see `ColumnAccess`).
public struct SystemJob<Entity: GameObject>: AnySystemJob {
  @usableFromInline
  internal let run: (inout EntityPool<Entity>, inout TickContext) -> Void
  /// How the type's entities become a frame's instances, for the render system's job.
  internal var drawing: InstanceDrawing<Entity>?
  /// The trait's component in the entity: what the inspector and `sandbox describe` list.
  internal let component: ComponentSlot<Entity>
  /// The parts of the entity the loop reads.
  internal let reads: [ColumnAccess<Entity>]
  /// The parts of the entity the loop writes.
  internal let writes: [ColumnAccess<Entity>]
  /// What the loop does through the tick's buffers.
  internal let effects: TickEffects

  /// Creates a job from the trait's component, what its loop reads, writes and does, and the
  /// loop that steps a pool.
  ///
  /// - Parameters:
  ///   - component: Where the trait keeps its state in the entity, e.g. `\.movement`.
  ///   - reads: The parts of the entity the loop reads; the component when not given.
  ///   - writes: The parts of the entity the loop writes; the component when not given.
  ///   - effects: What the loop does to the rest of the world; nothing when not given.
  ///   - run: Steps every entity of the pool for one tick.
  public init<State: Component>(
    component: WritableKeyPath<Entity, State> & Sendable,
    reads: [ColumnAccess<Entity>]? = nil,
    writes: [ColumnAccess<Entity>]? = nil,
    effects: TickEffects = [],
    run: @escaping (inout EntityPool<Entity>, inout TickContext) -> Void
  ) {
    self.run = run
    self.drawing = nil
    self.component = ComponentSlot(component)
    self.reads = reads ?? [.component(component)]
    self.writes = writes ?? [.component(component)]
    self.effects = effects
  }

  /// The declaration as reports show it.
  internal var accesses: ColumnAccesses {
    ColumnAccesses(reads: reads.map(\.name), writes: writes.map(\.name), effects: effects)
  }
}
