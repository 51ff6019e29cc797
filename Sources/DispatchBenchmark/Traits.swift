import TraitSandbox

// The benchmark's own small trait family, shaped like TraitSandbox's (`GameObject`,
// `MovementTrait`, `HealthTrait`) but free of its bookkeeping, so each strategy can call the same
// behaviour in its own way.

/// Anything in the benchmark's arena: the root of the trait family, like `GameObject`.
protocol Body {
  /// The centre in world units.
  var position: Vector2 { get set }
}

/// Something that moves and bounces off the arena's walls.
protocol Moving: Body {
  /// World units per second.
  var velocity: Vector2 { get set }

  /// Moves by velocity over one tick and bounces; by default `StepContext.advance` per axis.
  mutating func move(in context: StepContext)
}

extension Moving {
  /// Moves by velocity over one tick and bounces off the walls.
  @inline(__always)
  mutating func move(in context: StepContext) {
    // Two requirements cannot be passed `inout` at once: work on copies, then store them.
    var position = self.position
    var velocity = self.velocity
    StepContext.advance(&position.x, &velocity.x, by: context.deltaTime, limit: context.width)
    StepContext.advance(&position.y, &velocity.y, by: context.deltaTime, limit: context.height)
    self.position = position
    self.velocity = velocity
  }
}

/// Something that regains health over time, up to a maximum.
protocol Regenerating: Body {
  /// Hit points now.
  var health: Float { get set }
  /// The most hit points.
  var maximumHealth: Float { get }
  /// Hit points regained per second.
  var regeneration: Float { get }

  /// Regains health over one tick; by default `StepContext.regenerated`.
  mutating func regenerate(in context: StepContext)
}

extension Regenerating {
  /// Regains health over one tick, never above the maximum.
  @inline(__always)
  mutating func regenerate(in context: StepContext) {
    health = StepContext.regenerated(
      health, maximum: maximumHealth, regeneration: regeneration, by: context.deltaTime)
  }
}

/// An entity the workload steps: it moves, then regenerates.
protocol Simulated: Moving, Regenerating {
  /// The workload's kind of this type.
  static var kind: EntityKind { get }

  /// Builds the entity from the workload's state for it.
  init(_ state: EntityState)

  /// The entity's state, for the checksum; by default read from the trait requirements.
  var state: EntityState { get }

  /// One tick: `move`, then `regenerate`.
  mutating func update(in context: StepContext)

  /// Steps every entity in contiguous storage: the static loop requirement through which a
  /// type-erased pool reaches a loop specialised for the concrete type.
  static func updateAll(_ entities: inout ContiguousArray<Self>, in context: StepContext)
}

extension Simulated {
  /// The entity's state, read from the trait requirements.
  var state: EntityState {
    EntityState(
      kind: Self.kind, position: position, velocity: velocity, health: health,
      maximumHealth: maximumHealth, regeneration: regeneration)
  }

  /// Moves, then regenerates.
  @inline(__always)
  mutating func update(in context: StepContext) {
    move(in: context)
    regenerate(in: context)
  }

  /// Updates every entity in order.
  static func updateAll(_ entities: inout ContiguousArray<Self>, in context: StepContext) {
    for index in entities.indices {
      entities[index].update(in: context)
    }
  }
}

/// A kind whose maximum health and regeneration are constants of the type, and whose stored
/// state has defaults, so it is built from a workload state by assigning the requirements.
protocol ConstantHealthKind: Simulated {
  /// The most hit points of every entity of the kind.
  static var maximumHealth: Float { get }
  /// Hit points every entity of the kind regains per second.
  static var regeneration: Float { get }

  /// An entity at the origin, standing still, with no health.
  init()
}

extension ConstantHealthKind {
  /// The kind's maximum.
  var maximumHealth: Float { Self.maximumHealth }
  /// The kind's regeneration.
  var regeneration: Float { Self.regeneration }

  /// Builds the entity from the workload's state for it.
  init(_ state: EntityState) {
    self.init()
    position = state.position
    velocity = state.velocity
    health = state.health
  }
}

extension Workload {
  /// The workload's entities of `Entity`'s kind, in creation order.
  func entities<Entity: Simulated>(of _: Entity.Type) -> ContiguousArray<Entity> {
    ContiguousArray(indicesByKind[Entity.kind.rawValue].map { Entity(entities[$0]) })
  }
}
