import Frames

/// A type-erased `SystemJob`, returned by a system's binder.
public protocol AnySystemJob {}

/// A system bound to one entity type: its loop, the component it owns, and how it draws.
///
/// The component is required: it is what the world hashes (and will save) for the trait, so a
/// trait's state cannot be left out of the state hash.
public struct SystemJob<Entity: GameObject>: AnySystemJob {
  @usableFromInline
  internal let run: (inout EntityPool<Entity>, inout TickContext) -> Void
  @usableFromInline
  internal let draw: ((EntityPool<Entity>, inout FrameBuilder) -> Void)?
  /// The trait's component in the entity.
  internal let component: ComponentSlot<Entity>

  /// Creates a job from the trait's component and the loop that steps a pool, and, for
  /// drawable traits, how a pool draws.
  ///
  /// - Parameters:
  ///   - component: Where the trait keeps its state in the entity, e.g. `\.movement`.
  ///   - run: Steps every entity of the pool for one tick.
  ///   - draw: Adds the pool's pictures to a frame.
  public init<State: Component>(
    component: WritableKeyPath<Entity, State>,
    run: @escaping (inout EntityPool<Entity>, inout TickContext) -> Void,
    draw: ((EntityPool<Entity>, inout FrameBuilder) -> Void)? = nil
  ) {
    self.run = run
    self.draw = draw
    self.component = ComponentSlot(component)
  }
}
