import TraitSandbox

/// The state of something that flies in a flock: how strongly it follows each of Reynolds'
/// three rules, how far it sees, and what it saw last.
public struct Flocking: Component {
  /// Pull toward the centre of the flockmates in view, per second squared per unit of offset.
  public var cohesion: Float
  /// Pull toward the flockmates' average velocity, per second.
  public var alignment: Float
  /// Push away from flockmates inside `separationRadius`, in units per second squared.
  public var separation: Float
  /// Push away from the nearest enemy inside `threatRadius`, and back from the arena's edges,
  /// in units per second squared.
  public var avoidance: Float
  /// Random jitter added to the steering, in units per second squared.
  public var wander: Float
  /// How far away a flockmate is seen; also how far from an edge the turn back starts.
  public var viewRadius: Float
  /// How close a flockmate may come before the separation rule pushes it away.
  public var separationRadius: Float
  /// How close an enemy may come before the flocker flees it.
  public var threatRadius: Float
  /// Flockmates in view during the last tick.
  public var neighbourCount: Int = 0

  /// Creates a flocking state; the defaults give a loose, lively flock of small birds.
  public init(
    cohesion: Float = 1.2, alignment: Float = 2.5, separation: Float = 700,
    avoidance: Float = 900, wander: Float = 60, viewRadius: Float = 60,
    separationRadius: Float = 18, threatRadius: Float = 90
  ) {
    self.cohesion = cohesion
    self.alignment = alignment
    self.separation = separation
    self.avoidance = avoidance
    self.wander = wander
    self.viewRadius = viewRadius
    self.separationRadius = separationRadius
    self.threatRadius = threatRadius
  }
}

/// Something that flies in a flock with the other entities of its type: it steers toward its
/// flockmates (cohesion), with them (alignment), not into them (separation), and away from
/// enemies and walls.
///
/// A flock is one entity type: the flocking system steps one pool at a time, so a boid's
/// flockmates are the other boids. Flocking only sets `movement.velocity`; the movement system
/// then moves the flocker with it, so the default `steer` (which keeps the velocity: always
/// `MovementTrait`'s, and `SteeringTrait`'s when there is no destination) must not be replaced
/// by a flocker.
public protocol FlockingTrait: MovementTrait {
  /// The trait's state.
  var flocking: Flocking { get set }

  /// Sets `movement.velocity` for this tick from the flockmates as they stood when the tick
  /// began; by default applies the three rules, flees the nearest enemy, turns back from the
  /// arena's edges and keeps the speed between half and all of `movement.speed`.
  mutating func flock(among flockmates: ContiguousArray<Self>, in context: inout TickContext)

  /// Steps every entity of this type; the flocking system calls this once per tick.
  static func stepFlocking(_ pool: inout EntityPool<Self>, in context: inout TickContext)
}

extension FlockingTrait {
  /// Applies cohesion, alignment and separation among the flockmates in view, flees the
  /// nearest enemy in `threatRadius`, turns back from the edges and adds a little jitter.
  ///
  /// - Complexity: O(n) in the flockmates.
  public mutating func flock(
    among flockmates: ContiguousArray<Self>, in context: inout TickContext
  ) {
    let viewLimit = flocking.viewRadius * flocking.viewRadius
    let personalSpace = flocking.separationRadius
    var neighbours = 0
    var centre = Vector2.zero
    var heading = Vector2.zero
    var crowding = Vector2.zero
    for other in flockmates where other.id != id {
      let offset = other.position - position
      let distanceSquared = offset.lengthSquared
      guard distanceSquared < viewLimit else { continue }
      neighbours += 1
      centre += other.position
      heading += other.movement.velocity
      let distance = distanceSquared.squareRoot()
      if distance < personalSpace {
        // Two birds on the same spot have no direction to part in; the jitter parts them.
        crowding += offset.normalized * (distance / personalSpace - 1)
      }
    }

    var steering = crowding * flocking.separation
    if neighbours > 0 {
      let share = 1 / Float(neighbours)
      steering += (centre * share - position) * flocking.cohesion
      steering += (heading * share - movement.velocity) * flocking.alignment
    }
    if let threat = context.targets.nearestEnemyPosition(
      of: faction, near: position, within: flocking.threatRadius)
    {
      steering += (position - threat).normalized * flocking.avoidance
    }
    steering +=
      context.edgeAvoidance(at: position, margin: flocking.viewRadius)
      * flocking.avoidance
    steering +=
      Vector2(
        context.random.nextFloat(in: -1...1), context.random.nextFloat(in: -1...1))
      * flocking.wander

    flocking.neighbourCount = neighbours
    let velocity = movement.velocity + steering * context.deltaTime
    movement.velocity = velocity.clampedLength(
      to: (movement.speed * 0.5)...movement.speed, fallback: Vector2(movement.speed * 0.5, 0))
  }

  /// Runs `flock` for every entity, each seeing its flockmates as they stood when the tick
  /// began, so the outcome does not depend on the order the flock is stepped in.
  ///
  /// - Complexity: O(n^2) in the pool's entities: every flocker looks at every other. Fine for
  ///   a few hundred; a larger flock would bucket its members in a grid first, as the target
  ///   index does.
  public static func stepFlocking(_ pool: inout EntityPool<Self>, in context: inout TickContext) {
    let flockmates = pool.entities
    pool.updateEach(in: &context) { entity, context in
      entity.flock(among: flockmates, in: &context)
    }
  }
}

extension TraitSystem {
  /// Steers every `FlockingTrait` entity by its flockmates, before anything moves.
  public static let flocking = TraitSystem(name: "flocking", trait: (any FlockingTrait).self) {
    ($0 as? any FlockingTrait.Type)?.flockingJob
  }
}

extension FlockingTrait {
  /// The flocking system's work on this type, and what it touches.
  static var flockingJob: any AnySystemJob {
    SystemJob(
      component: \Self.flocking,
      reads: [.identity, .position, .faction, .component(\.flocking), .component(\.movement)],
      writes: [.component(\.flocking), .component(\.movement)], effects: .randomness,
      run: { Self.stepFlocking(&$0, in: &$1) })
  }
}
