/// The state of something that moves: its velocity, cruising speed and where it is heading.
public struct Movement: Component {
  /// World units per second, as of the last move.
  public var velocity: Vector2
  /// The cruising speed in world units per second.
  public var speed: Float
  /// Where the entity is walking to, or `nil` to keep its velocity (projectiles).
  public var destination: Vector2?
  /// Whether something (an enemy in range) holds the entity in place this tick.
  public var isHolding: Bool

  /// Creates a movement state.
  public init(
    velocity: Vector2 = .zero, speed: Float, destination: Vector2? = nil, isHolding: Bool = false
  ) {
    self.velocity = velocity
    self.speed = speed
    self.destination = destination
    self.isHolding = isHolding
  }

  /// Mixes every stored value into the hasher: what the default (`hashEncoding(into:)`) feeds,
  /// without walking the encoding.
  @inlinable
  public func hash(into hasher: inout StateHasher) {
    hasher.combine(velocity)
    hasher.combine(speed)
    hasher.combine(UInt64(destination == nil ? 0 : 1))
    if let destination { hasher.combine(destination) }
    hasher.combine(isHolding)
  }
}

/// Something that moves through the arena.
public protocol MovementTrait: GameObject {
  /// The trait's state.
  var movement: Movement { get set }

  /// Sets `movement.velocity` for this tick; by default heads for the destination at cruising
  /// speed, or stands still while held.
  mutating func steer(in context: TickContext)

  /// Moves by velocity times the time step; by default stays inside the arena.
  mutating func move(in context: TickContext)

  /// Steps every entity of this type; the movement system calls this once per tick.
  static func stepMovement(_ pool: inout EntityPool<Self>, in context: inout TickContext)
}

extension MovementTrait {
  /// Heads for the destination at cruising speed, arriving exactly; stands still while held.
  @inlinable
  public mutating func steer(in context: TickContext) {
    if movement.isHolding {
      movement.velocity = .zero
      return
    }
    guard let destination = movement.destination else { return }
    let offset = destination - position
    let distance = offset.length
    let stride = movement.speed * context.deltaTime
    if distance <= stride || distance == 0 {
      movement.velocity = offset * (1 / context.deltaTime)
    } else {
      movement.velocity = offset * (movement.speed / distance)
    }
  }

  /// Integrates velocity over one step and keeps the entity inside the arena.
  @inlinable
  public mutating func move(in context: TickContext) {
    position += movement.velocity * context.deltaTime
    position = position.clamped(x: 0...context.arenaSize.x, y: 0...context.arenaSize.y)
  }

  /// Steers and moves every entity, then releases holds for the next tick.
  ///
  /// - Complexity: O(n) in the pool's entities.
  @inlinable
  public static func stepMovement(_ pool: inout EntityPool<Self>, in context: inout TickContext) {
    for index in pool.indices {
      pool[index].steer(in: context)
      pool[index].move(in: context)
      pool[index].movement.isHolding = false
    }
  }
}

extension TraitSystem {
  /// Steers and moves every `MovementTrait` entity.
  public static let movement = TraitSystem(
    name: "movement", trait: (any MovementTrait).self, runsInParallel: true
  ) { type in
    guard let mover = type as? any MovementTrait.Type else { return nil }
    return movementJob(mover)
  }

  private static func movementJob<Entity: MovementTrait>(_: Entity.Type) -> any AnySystemJob {
    SystemJob(component: \Entity.movement, run: { Entity.stepMovement(&$0, in: &$1) })
  }
}
