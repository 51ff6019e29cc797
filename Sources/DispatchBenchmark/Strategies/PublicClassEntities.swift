import TraitSandbox

// The kinds as public classes, as a library that exposes its entity types declares them. The
// code is the same as `ScoutObject` and its siblings; only the visibility differs, and with it
// whether the optimiser may drop the dynamic exclusivity checks on their stored properties.

/// A scout as a public class, for the `existential-classes-public` strategy.
public final class PublicScoutObject {
  /// The centre in world units.
  public var position = Vector2.zero
  /// World units per second.
  public var velocity = Vector2.zero
  /// Hit points now.
  public var health: Float = 0
}

/// A runner as a public class, for the `existential-classes-public` strategy.
public final class PublicRunnerObject {
  /// The centre in world units.
  public var position = Vector2.zero
  /// World units per second.
  public var velocity = Vector2.zero
  /// Hit points now.
  public var health: Float = 0
}

/// A brute as a public class, for the `existential-classes-public` strategy.
public final class PublicBruteObject {
  /// The centre in world units.
  public var position: Vector2
  /// World units per second.
  public var velocity: Vector2
  /// Hit points now.
  public var health: Float
  /// The most hit points.
  public let maximumHealth: Float
  /// Hit points regained per second.
  public let regeneration: Float
  /// Payload the workload carries but never reads.
  public var armor = Vector2(1, 1)

  init(_ state: EntityState) {
    position = state.position
    velocity = state.velocity
    health = state.health
    maximumHealth = state.maximumHealth
    regeneration = state.regeneration
  }
}

/// A hauler as a public class, for the `existential-classes-public` strategy.
public final class PublicHaulerObject {
  /// The centre in world units.
  public var position: Vector2
  /// World units per second.
  public var velocity: Vector2
  /// Hit points now.
  public var health: Float
  /// The most hit points.
  public let maximumHealth: Float
  /// Hit points regained per second.
  public let regeneration: Float
  /// Payload the workload carries but never reads.
  public var cargo = Vector2(1, 1)
  /// Payload the workload carries but never reads.
  public var fuel: Float = 1

  init(_ state: EntityState) {
    position = state.position
    velocity = state.velocity
    health = state.health
    maximumHealth = state.maximumHealth
    regeneration = state.regeneration
  }
}

extension PublicScoutObject: ConstantHealthKind {
  static let kind = EntityKind.scout
  static let maximumHealth = Scout.maximumHealth
  static let regeneration = Scout.regeneration
}

extension PublicRunnerObject: ConstantHealthKind {
  static let kind = EntityKind.runner
  static let maximumHealth = Runner.maximumHealth
  static let regeneration = Runner.regeneration
}

extension PublicBruteObject: Simulated {
  static let kind = EntityKind.brute
}

extension PublicHaulerObject: Simulated {
  static let kind = EntityKind.hauler
}
