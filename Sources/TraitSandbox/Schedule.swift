/// The order of everything a tick runs: phases in order, and in each phase its systems in
/// order. This is the one place that order is written.
///
/// Within a system, entity types run in the order they were registered with the world. Read
/// `Schedule.standard` top to bottom to see a whole tick:
///
///     Schedule([
///       .init("index", [.targets, .targetGrid]),
///       .init("think", [.spawner]),
///       ...
///     ])
public struct Schedule: Sendable {
  /// One named phase of a tick and its systems, in the order they run.
  public struct Phase: Sendable {
    /// The phase's name, as reports show it.
    public var name: String
    /// The phase's systems, in the order they run.
    public var systems: [TraitSystem]

    /// Creates a phase.
    public init(_ name: String, _ systems: [TraitSystem]) {
      self.name = name
      self.systems = systems
    }
  }

  /// The phases, in the order they run.
  public private(set) var phases: [Phase]

  /// Creates a schedule from its phases; phase and system names must each be unique.
  public init(_ phases: [Phase]) {
    let phaseNames = phases.map(\.name)
    precondition(Set(phaseNames).count == phaseNames.count, "phase names repeat: \(phaseNames)")
    let systemNames = phases.flatMap { $0.systems.map(\.name) }
    precondition(
      Set(systemNames).count == systemNames.count, "system names repeat: \(systemNames)")
    self.phases = phases
  }

  /// Every system in the order a tick runs them.
  public var systems: [TraitSystem] { phases.flatMap(\.systems) }

  /// This schedule with `systems` added at the end of the phase named `phaseName`.
  public func appending(_ systems: [TraitSystem], to phaseName: String) -> Schedule {
    guard let index = phases.firstIndex(where: { $0.name == phaseName }) else {
      preconditionFailure(
        "no phase named '\(phaseName)'; the phases are \(phases.map(\.name))")
    }
    var copy = phases
    copy[index].systems += systems
    return Schedule(copy)
  }

  /// This schedule with a new phase inserted right after the phase named `phaseName`.
  public func inserting(_ phase: Phase, after phaseName: String) -> Schedule {
    guard let index = phases.firstIndex(where: { $0.name == phaseName }) else {
      preconditionFailure(
        "no phase named '\(phaseName)'; the phases are \(phases.map(\.name))")
    }
    var copy = phases
    copy.insert(phase, at: index + 1)
    return Schedule(copy)
  }
}

extension Schedule {
  /// The built-in traits' systems.
  ///
  /// - `index`: every entity with health enters the tick's target index, then the grid that
  ///   answers "nearest enemy" queries is built.
  /// - `think`: spawners earn and spend.
  /// - `act`: guns fire, melee attacks strike.
  /// - `move`: movers steer (those that declare `SteeringTrait`) and move.
  /// - `collide`: projectiles age and hit what they touch.
  /// - `resolve`: the tick's damage is applied, the dead leave, the living regenerate.
  /// - `present`: cosmetic state (facing, animation clocks) follows the tick's outcome.
  public static let standard = Schedule([
    Phase("index", [.targets, .targetGrid]),
    Phase("think", [.spawner]),
    Phase("act", [.gun, .melee]),
    Phase("move", [.movement]),
    Phase("collide", [.projectile]),
    Phase("resolve", [.health]),
    Phase("present", [.render]),
  ])
}
