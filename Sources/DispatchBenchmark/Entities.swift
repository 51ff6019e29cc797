import TraitSandbox

// The workload's four entity kinds as value types. Scouts and runners (20 bytes) fit in an
// existential's 24-byte inline buffer; brutes (28 bytes) and haulers (32 bytes) do not, so
// `any Simulated` boxes them on the heap.

/// A small, fast entity whose maximum health and regeneration are constants of its kind.
struct Scout: ConstantHealthKind {
  static let kind = EntityKind.scout
  static let maximumHealth: Float = 60
  static let regeneration: Float = 5

  var position = Vector2.zero
  var velocity = Vector2.zero
  var health: Float = 0
}

/// A small, tough entity whose maximum health and regeneration are constants of its kind.
struct Runner: ConstantHealthKind {
  static let kind = EntityKind.runner
  static let maximumHealth: Float = 120
  static let regeneration: Float = 3

  var position = Vector2.zero
  var velocity = Vector2.zero
  var health: Float = 0
}

/// A large entity with its own maximum health and regeneration, and armour.
struct Brute: Simulated {
  static let kind = EntityKind.brute
  var position: Vector2
  var velocity: Vector2
  var health: Float
  var maximumHealth: Float
  var regeneration: Float
  /// Payload the workload carries but never reads: armour at the front and the back.
  var armor = Vector2(1, 1)

  init(_ state: EntityState) {
    position = state.position
    velocity = state.velocity
    health = state.health
    maximumHealth = state.maximumHealth
    regeneration = state.regeneration
  }
}

/// A large entity with its own maximum health and regeneration, and cargo.
struct Hauler: Simulated {
  static let kind = EntityKind.hauler
  var position: Vector2
  var velocity: Vector2
  var health: Float
  var maximumHealth: Float
  var regeneration: Float
  /// Payload the workload carries but never reads: the cargo's size and its fuel.
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
