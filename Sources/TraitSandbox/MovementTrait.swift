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

  /// Sets `movement.velocity` for this tick; by default keeps it, and a `SteeringTrait` entity
  /// walks (stands still while held, else heads for the nearest enemy within `sight`, or else
  /// for its destination).
  mutating func steer(in context: TickContext)

  /// Adds to `movement.velocity` a push away from the bodies the entity overlaps, so crowds
  /// spread into a front instead of stacking; `own` is the entity's entry in the tick's target
  /// index, if it has one. By default pushes nothing; a `SteeringTrait` entity with a body
  /// (`HealthTrait`) is pushed by its own side, at up to its cruising speed. The movement
  /// system calls it every `keepApartInterval` ticks.
  mutating func keepApart(in context: TickContext, own: TargetRef?)

  /// How often the movement system calls `keepApart` for each entity: once every this many
  /// ticks (at least 1), by default every tick, and every 8 ticks for a `SteeringTrait` entity
  /// with a body.
  ///
  /// The calls are staggered by identity (on the ticks where the tick plus the identity is a
  /// multiple of the interval), and in a type of 4,096 entities or more by groups of 256
  /// neighbours in storage, so that a tick reads only the due groups' columns.
  static var keepApartInterval: UInt64 { get }

  /// Moves by velocity times the time step; by default stays inside the arena.
  mutating func move(in context: TickContext)

  /// Steps every entity of this type; the movement system calls this once per tick.
  static func stepMovement(_ pool: inout EntityPool<Self>, in context: inout TickContext)
}

extension MovementTrait {
  /// Keeps the velocity: a mover changes course only by an override of this method, or by
  /// declaring `SteeringTrait`. The movement system's loop over it costs nothing: the compiler
  /// removes a loop whose method does nothing.
  @inlinable @inline(__always)
  public mutating func steer(in context: TickContext) {}

  /// Pushes nothing: a mover keeps its course unless it implements this method or declares
  /// `SteeringTrait`.
  @inlinable
  public mutating func keepApart(in context: TickContext, own: TargetRef?) {}

  /// Every tick.
  @inlinable
  public static var keepApartInterval: UInt64 { 1 }

  /// Integrates velocity over one step and keeps the entity inside the arena.
  @inlinable
  public mutating func move(in context: TickContext) {
    position += movement.velocity * context.deltaTime
    position = position.clamped(x: 0...context.arenaSize.x, y: 0...context.arenaSize.y)
  }

  /// Steers, keeps apart and moves every entity, then releases holds for the next tick.
  ///
  /// Each step is its own pass over the pool: none changes anything but the entity it is
  /// given, so the order across entities changes nothing, and moving, simple arithmetic that
  /// calls nothing, runs as vector code. A type that neither declares `SteeringTrait` nor
  /// implements `steer` or `keepApart` takes the moving pass alone: the compiler removes the
  /// loops over methods that do nothing.
  /// - Complexity: O(n) in the pool's entities, plus the neighbours and enemies each looks at.
  @inlinable
  public static func stepMovement(_ pool: inout EntityPool<Self>, in context: inout TickContext) {
    let base = pool.targetBase
    let isIndexed = pool.indexedTick == context.tick
    let context = context
    // Named and always inlined, as every built-in trait's loop does: a closure the compiler
    // leaves as a call would make each entity go through memory instead of registers.
    @inline(__always) func steer(_ entity: inout Self) { entity.steer(in: context) }
    @inline(__always) func keepApart(_ entity: inout Self, _ index: Int) {
      entity.keepApart(in: context, own: isIndexed ? TargetRef(index: base + index) : nil)
    }
    @inline(__always) func move(_ entity: inout Self) {
      entity.move(in: context)
      entity.movement.isHolding = false
    }
    pool.updateEach(steer)
    pool.updateEach(staggeredBy: Self.keepApartInterval, on: context.tick, keepApart)
    pool.updateEach(writingBack: .everyWord, move)
  }
}

/// Something that steers itself: it walks to its destination, chases enemies within sight,
/// stands its ground while a fight holds it, and keeps apart from the bodies of its side.
///
/// The behaviours are `MovementTrait`'s `steer(in:)` and `keepApart(in:own:)`; a mover that
/// doesn't declare this trait gets their `MovementTrait` defaults, which do nothing, and sets
/// its velocity itself.
public protocol SteeringTrait: MovementTrait {
  /// How far the entity sees enemies to chase; 0, the default, chases none.
  var sight: Float { get }
}

extension SteeringTrait {
  /// Sees nothing: by default an entity walks to its destination and chases no one.
  @inlinable
  public var sight: Float { 0 }

  /// How often the default `steer` looks for an enemy within `sight`: every this many ticks,
  /// staggered by identity. Looking every tick cost a quarter of a battle's tick.
  public static var pursuitInterval: UInt64 { 4 }

  /// Stands still while held; else heads for the nearest enemy within `sight`, or for the
  /// destination, at cruising speed, arriving exactly.
  @inlinable @inline(__always)
  public mutating func steer(in context: TickContext) {
    if movement.isHolding {
      movement.velocity = .zero
      return
    }
    var goal = movement.destination
    if sight > 0, let destination = goal {
      // Looking for the nearest enemy costs a search of the whole sight, most of all when
      // there is none: it is done every `pursuitInterval` ticks, staggered by identity. In
      // between, an entity already heading elsewhere than its destination keeps chasing.
      if isDue(every: Self.pursuitInterval, on: context.tick) {
        if let enemy = context.targets.nearestEnemyPosition(
          of: faction, near: position, within: sight)
        {
          goal = enemy
        }
      } else if movement.velocity != .zero {
        let ahead = destination - position
        let alignment = ahead.x * movement.velocity.x + ahead.y * movement.velocity.y
        // Within about 8 degrees of the destination counts as marching, not chasing.
        if alignment < 0.99 * ahead.length * movement.velocity.length { return }
      }
    }
    guard let destination = goal else { return }
    let offset = destination - position
    let distance = offset.length
    let stride = movement.speed * context.deltaTime
    if distance <= stride || distance == 0 {
      movement.velocity = offset * (1 / context.deltaTime)
    } else {
      movement.velocity = offset * (movement.speed / distance)
    }
  }
}

extension SteeringTrait where Self: HealthTrait {
  /// Every 8 ticks, with 8 times the push: looking for bodies to keep apart from every tick
  /// cost more than the rest of a tick at 100,000 entities, and a push every eighth tick
  /// spreads crowds too.
  @inlinable
  public static var keepApartInterval: UInt64 { 8 }

  /// Pushes the entity's body away from the bodies of its own side it overlaps, with
  /// `keepApartInterval` times the push (it is called that much less often); the push never
  /// takes its speed past cruising. Enemies are left to fight each other.
  @inlinable
  public mutating func keepApart(in context: TickContext, own: TargetRef?) {
    let push = context.targets.separation(
      at: position, radius: health.radius, excluding: own, among: faction)
    guard push != .zero else { return }
    var velocity = movement.velocity + push * (movement.speed * Float(Self.keepApartInterval))
    let speedSquared = velocity.lengthSquared
    let limit = movement.speed * movement.speed
    if speedSquared > limit, speedSquared > 0 {
      velocity = velocity * (movement.speed / speedSquared.squareRoot())
    }
    movement.velocity = velocity
  }
}

extension TraitSystem {
  /// Steers and moves every `MovementTrait` entity.
  public static let movement = TraitSystem(
    name: "movement", trait: (any MovementTrait).self, runsInParallel: true
  ) { ($0 as? any MovementTrait.Type)?.movementJob }
}

extension MovementTrait {
  /// The movement system's work on this type: `stepMovement`, and what it touches.
  static var movementJob: any AnySystemJob {
    SystemJob(
      component: \Self.movement,
      reads: [.identity, .position, .faction, .component(\.movement)],
      // Overrides may keep bookkeeping of the type's own.
      writes: [.position, .component(\.movement), .ownState],
      run: { Self.stepMovement(&$0, in: &$1) })
  }
}
