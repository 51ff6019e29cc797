import TraitSandbox

/// Strategy 1: a base class with the shared state and an `update` that moves; every kind is a
/// subclass whose override calls `super` and then regenerates with its own numbers.
///
/// Each call is a vtable call through an indirect branch. In creation order the kinds come at
/// random, so the branch predictor guesses the target wrong about as often as the kind changes;
/// sorted by kind, the target changes three times per tick.
struct ClassHierarchySimulation: Simulation {
  private let objects: [HierarchyEntity]
  /// The creation index of each object, in `objects` order.
  private let creationIndices: [Int]
  private let context: StepContext

  /// Builds one object per entity, in creation order or, if `sortedByKind`, kind by kind (and
  /// allocated in that order, so both orders walk memory forwards).
  init(_ workload: Workload, sortedByKind: Bool) {
    let order =
      sortedByKind ? workload.indicesByKind.flatMap { $0 } : Array(workload.entities.indices)
    objects = order.map { HierarchyEntity.make(workload.entities[$0]) }
    creationIndices = order
    context = workload.context
  }

  mutating func run(ticks: Int) {
    let context = self.context
    for _ in 0..<ticks {
      for object in objects {
        object.update(in: context)
      }
    }
  }

  func states() -> [EntityState] {
    var states = [EntityState?](repeating: nil, count: objects.count)
    for (object, creationIndex) in zip(objects, creationIndices) {
      states[creationIndex] = object.state
    }
    return states.map { $0! }
  }

  var probe: UInt64 { UInt64(objects[0].position.x.bitPattern) }
}

/// The base class: where every entity is and how it moves.
class HierarchyEntity {
  final var position: Vector2
  final var velocity: Vector2
  final var health: Float

  init(_ state: EntityState) {
    position = state.position
    velocity = state.velocity
    health = state.health
  }

  /// An object of the right subclass for the entity's kind.
  static func make(_ state: EntityState) -> HierarchyEntity {
    switch state.kind {
    case .scout: HierarchyScout(state)
    case .runner: HierarchyRunner(state)
    case .brute: HierarchyBrute(state)
    case .hauler: HierarchyHauler(state)
    }
  }

  /// Moves and bounces; subclasses add their own behaviour.
  func update(in context: StepContext) {
    StepContext.advance(&position.x, &velocity.x, by: context.deltaTime, limit: context.width)
    StepContext.advance(&position.y, &velocity.y, by: context.deltaTime, limit: context.height)
  }

  /// The entity's state, for the checksum.
  var state: EntityState {
    preconditionFailure("every kind overrides state")
  }

  /// Regains health over one tick, never above `maximum`.
  @inline(__always)
  final func regenerate(maximum: Float, regeneration: Float, in context: StepContext) {
    health = StepContext.regenerated(
      health, maximum: maximum, regeneration: regeneration, by: context.deltaTime)
  }

  /// The state of an entity of `kind` with these health numbers.
  final func state(_ kind: EntityKind, maximumHealth: Float, regeneration: Float) -> EntityState {
    EntityState(
      kind: kind, position: position, velocity: velocity, health: health,
      maximumHealth: maximumHealth, regeneration: regeneration)
  }
}

final class HierarchyScout: HierarchyEntity {
  override func update(in context: StepContext) {
    super.update(in: context)
    regenerate(maximum: Scout.maximumHealth, regeneration: Scout.regeneration, in: context)
  }

  override var state: EntityState {
    state(.scout, maximumHealth: Scout.maximumHealth, regeneration: Scout.regeneration)
  }
}

final class HierarchyRunner: HierarchyEntity {
  override func update(in context: StepContext) {
    super.update(in: context)
    regenerate(maximum: Runner.maximumHealth, regeneration: Runner.regeneration, in: context)
  }

  override var state: EntityState {
    state(.runner, maximumHealth: Runner.maximumHealth, regeneration: Runner.regeneration)
  }
}

final class HierarchyBrute: HierarchyEntity {
  let maximumHealth: Float
  let regeneration: Float
  var armor = Vector2(1, 1)

  override init(_ state: EntityState) {
    maximumHealth = state.maximumHealth
    regeneration = state.regeneration
    super.init(state)
  }

  override func update(in context: StepContext) {
    super.update(in: context)
    regenerate(maximum: maximumHealth, regeneration: regeneration, in: context)
  }

  override var state: EntityState {
    state(.brute, maximumHealth: maximumHealth, regeneration: regeneration)
  }
}

final class HierarchyHauler: HierarchyEntity {
  let maximumHealth: Float
  let regeneration: Float
  var cargo = Vector2(1, 1)
  var fuel: Float = 1

  override init(_ state: EntityState) {
    maximumHealth = state.maximumHealth
    regeneration = state.regeneration
    super.init(state)
  }

  override func update(in context: StepContext) {
    super.update(in: context)
    regenerate(maximum: maximumHealth, regeneration: regeneration, in: context)
  }

  override var state: EntityState {
    state(.hauler, maximumHealth: maximumHealth, regeneration: regeneration)
  }
}
