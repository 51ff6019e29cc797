import TraitSandbox

// The kinds as internal classes: the same stored state as the value types, in reference types.

final class ScoutObject: ConstantHealthKind {
  static let kind = EntityKind.scout
  static let maximumHealth = Scout.maximumHealth
  static let regeneration = Scout.regeneration
  var position = Vector2.zero
  var velocity = Vector2.zero
  var health: Float = 0
}

final class RunnerObject: ConstantHealthKind {
  static let kind = EntityKind.runner
  static let maximumHealth = Runner.maximumHealth
  static let regeneration = Runner.regeneration
  var position = Vector2.zero
  var velocity = Vector2.zero
  var health: Float = 0
}

final class BruteObject: Simulated {
  static let kind = EntityKind.brute
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
}

final class HaulerObject: Simulated {
  static let kind = EntityKind.hauler
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
}
