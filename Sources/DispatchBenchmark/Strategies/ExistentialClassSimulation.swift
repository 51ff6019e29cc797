import TraitSandbox

/// Strategy 3: one array of `any Simulated` whose elements are final classes, each updated
/// through the same protocol default implementations as strategy 2.
///
/// The container holds just a reference, so nothing is boxed, and each `update` is one
/// witness-table call. A class's stored properties need dynamic exclusivity checks
/// (`swift_beginAccess`) unless the optimiser can see every access: for these `internal`
/// classes whole-module optimisation proves no access can overlap and removes the checks; for
/// the `public` copies (`PublicScoutObject`, ...), which other modules could touch, every
/// property access pays one.
struct ExistentialClassSimulation: Simulation {
  private var entities: [any Simulated]
  private let context: StepContext

  init(_ workload: Workload, public isPublic: Bool) {
    entities = workload.entities.map { state -> any Simulated in
      switch (state.kind, isPublic) {
      case (.scout, false): ScoutObject(state)
      case (.runner, false): RunnerObject(state)
      case (.brute, false): BruteObject(state)
      case (.hauler, false): HaulerObject(state)
      case (.scout, true): PublicScoutObject(state)
      case (.runner, true): PublicRunnerObject(state)
      case (.brute, true): PublicBruteObject(state)
      case (.hauler, true): PublicHaulerObject(state)
      }
    }
    context = workload.context
  }

  mutating func run(ticks: Int) {
    let context = self.context
    for _ in 0..<ticks {
      for index in entities.indices {
        entities[index].update(in: context)
      }
    }
  }

  func states() -> [EntityState] {
    entities.map(\.state)
  }

  var probe: UInt64 { UInt64(entities[0].position.x.bitPattern) }
}

// The kinds as internal classes: the same stored state as the value types, in reference types.

final class ScoutObject: Simulated {
  var position: Vector2
  var velocity: Vector2
  var health: Float

  var maximumHealth: Float { Scout.maximumHealth }
  var regeneration: Float { Scout.regeneration }

  init(_ state: EntityState) {
    position = state.position
    velocity = state.velocity
    health = state.health
  }

  var state: EntityState { EntityState(objectOf: .scout, self) }
}

final class RunnerObject: Simulated {
  var position: Vector2
  var velocity: Vector2
  var health: Float

  var maximumHealth: Float { Runner.maximumHealth }
  var regeneration: Float { Runner.regeneration }

  init(_ state: EntityState) {
    position = state.position
    velocity = state.velocity
    health = state.health
  }

  var state: EntityState { EntityState(objectOf: .runner, self) }
}

final class BruteObject: Simulated {
  var position: Vector2
  var velocity: Vector2
  var health: Float
  let maximumHealth: Float
  let regeneration: Float
  var armor = Vector2(1, 1)

  init(_ state: EntityState) {
    position = state.position
    velocity = state.velocity
    health = state.health
    maximumHealth = state.maximumHealth
    regeneration = state.regeneration
  }

  var state: EntityState { EntityState(objectOf: .brute, self) }
}

final class HaulerObject: Simulated {
  var position: Vector2
  var velocity: Vector2
  var health: Float
  let maximumHealth: Float
  let regeneration: Float
  var cargo = Vector2(1, 1)
  var fuel: Float = 1

  init(_ state: EntityState) {
    position = state.position
    velocity = state.velocity
    health = state.health
    maximumHealth = state.maximumHealth
    regeneration = state.regeneration
  }

  var state: EntityState { EntityState(objectOf: .hauler, self) }
}

extension EntityState {
  /// The state of any `Simulated` entity of a known kind.
  init(objectOf kind: EntityKind, _ entity: some Simulated) {
    self.init(
      kind: kind, position: entity.position, velocity: entity.velocity, health: entity.health,
      maximumHealth: entity.maximumHealth, regeneration: entity.regeneration)
  }
}
