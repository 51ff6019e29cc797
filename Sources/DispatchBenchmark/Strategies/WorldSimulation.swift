import TraitSandbox

/// Strategy 9: TraitSandbox's own `World`, stepping the real `MovementTrait` and `HealthTrait`
/// systems over four entity types, one pool per type.
///
/// Each tick the world makes one dynamic call per type and system into the trait's static loop
/// requirement (`stepMovement`, `resolveHealth`), whose witness is compiled in this module,
/// specialised for the concrete type, from TraitSandbox's `@inlinable` defaults. Inside, the
/// loops also do the traits' bookkeeping: releasing holds, the damage lookup and the death
/// check. The types don't declare `SteeringTrait`, as nothing in the workload steers, so
/// `MovementTrait`'s own `steer` and `keepApart` do nothing and the compiler removes their
/// passes.
struct WorldSimulation: Simulation {
  private var world: World
  private let workload: Workload

  init(_ workload: Workload) {
    let context = workload.context
    world = World(
      seed: 1, fixedDeltaTime: context.deltaTime,
      arenaSize: Vector2(context.width, context.height),
      schedule: Schedule([.init("move", [.movement]), .init("resolve", [.health])]))
    world.register(WorldScout.self)
    world.register(WorldRunner.self)
    world.register(WorldBrute.self)
    world.register(WorldHauler.self)
    for state in workload.entities {
      switch state.kind {
      case .scout: world.spawn(WorldScout(state))
      case .runner: world.spawn(WorldRunner(state))
      case .brute: world.spawn(WorldBrute(state))
      case .hauler: world.spawn(WorldHauler(state))
      }
    }
    self.workload = workload
  }

  mutating func run(ticks: Int) {
    for _ in 0..<ticks {
      world.step()
    }
  }

  func states() -> [EntityState] {
    func states<Entity: WorldEntity>(_: Entity.Type) -> [EntityState] {
      // The world keeps its own storage order; identities follow creation order.
      world.entities(of: Entity.self).sorted { $0.id < $1.id }.map(\.state)
    }
    return statesInCreationOrder(
      workload,
      kinds: [
        states(WorldScout.self), states(WorldRunner.self), states(WorldBrute.self),
        states(WorldHauler.self),
      ])
  }

  var probe: UInt64 { world.tick }
}

/// An entity type of the benchmark's world: TraitSandbox's real traits and components.
protocol WorldEntity: GameObject, MovementTrait, HealthTrait {
  /// The workload's kind of this type.
  static var kind: EntityKind { get }

  /// An entity at the origin, standing, with one hit point.
  init()
}

extension WorldEntity {
  /// Creates the entity from the workload's state for it.
  init(_ state: EntityState) {
    var health = Health(
      maximum: state.maximumHealth, regeneration: state.regeneration, radius: 8)
    health.current = state.health
    self.init()
    position = state.position
    movement = Movement(velocity: state.velocity, speed: state.velocity.length)
    self.health = health
  }

  /// Moves with the workload's bounce at the walls.
  ///
  /// Replaces `MovementTrait.move(in:)`, which clamps: a default from this refining protocol's
  /// extension is more specific, so it is the witness every `WorldEntity` type gets.
  mutating func move(in context: TickContext) {
    // Through protocol requirements `position` and `movement` are both accesses to `self`,
    // so they are copied out and back rather than passed `inout` side by side.
    var position = self.position
    var velocity = movement.velocity
    StepContext.advance(&position.x, &velocity.x, by: context.deltaTime, limit: context.arenaSize.x)
    StepContext.advance(&position.y, &velocity.y, by: context.deltaTime, limit: context.arenaSize.y)
    self.position = position
    movement.velocity = velocity
  }

  /// The entity's state, for the checksum.
  var state: EntityState {
    EntityState(
      kind: Self.kind, position: position, velocity: movement.velocity, health: health.current,
      maximumHealth: health.maximum, regeneration: health.regeneration)
  }
}

// Each type gets `WorldEntity`'s bouncing `move(in:)` in place of `MovementTrait`'s clamping
// one; regeneration is HealthTrait's default.

struct WorldScout: WorldEntity {
  static let kind = EntityKind.scout
  var id = EntityID<Self>.unassigned
  var position = Vector2.zero
  var faction = Faction(0)
  var movement = Movement(speed: 0)
  var health = Health(maximum: 1, radius: 1)
}

struct WorldRunner: WorldEntity {
  static let kind = EntityKind.runner
  var id = EntityID<Self>.unassigned
  var position = Vector2.zero
  var faction = Faction(0)
  var movement = Movement(speed: 0)
  var health = Health(maximum: 1, radius: 1)
}

struct WorldBrute: WorldEntity {
  static let kind = EntityKind.brute
  var id = EntityID<Self>.unassigned
  var position = Vector2.zero
  var faction = Faction(1)
  var movement = Movement(speed: 0)
  var health = Health(maximum: 1, radius: 1)
  /// Payload the workload carries but never reads, as `Brute` does.
  var armor = Vector2(1, 1)
}

struct WorldHauler: WorldEntity {
  static let kind = EntityKind.hauler
  var id = EntityID<Self>.unassigned
  var position = Vector2.zero
  var faction = Faction(1)
  var movement = Movement(speed: 0)
  var health = Health(maximum: 1, radius: 1)
  /// Payload the workload carries but never reads, as `Hauler` does.
  var cargo = Vector2(1, 1)
  var fuel: Float = 1
}
