import Frames

/// What systems and behaviours see and change during one tick.
///
/// Spawns and despawns requested here are collected and applied when the tick ends, so every
/// system of a tick sees the same set of entities.
public struct TickContext {
  /// The tick being simulated; the first tick is 1.
  public let tick: UInt64
  /// The fixed time step in seconds.
  public let deltaTime: Float
  /// The arena's width and height; positions stay within it.
  public let arenaSize: Vector2
  /// The simulation's only source of randomness.
  public var random: SeededRandom
  /// Every entity with health at the start of the tick, for target queries and damage.
  public var targets: TargetIndex
  @usableFromInline internal var nextID: UInt64
  @usableFromInline internal var spawnQueue: [any GameObject] = []
  /// Despawn requests in the order made; sorted when the tick ends.
  @usableFromInline internal var despawned: [AnyEntityID] = []
  /// Deaths in the order they happened; spawn events are added when the tick ends.
  @usableFromInline internal var events: [EntityEvent] = []

  internal init(
    tick: UInt64, deltaTime: Float, arenaSize: Vector2, random: SeededRandom,
    targets: TargetIndex, nextID: UInt64
  ) {
    self.tick = tick
    self.deltaTime = deltaTime
    self.arenaSize = arenaSize
    self.random = random
    self.targets = targets
    self.nextID = nextID
  }

  /// Requests a new entity; it joins the world when the tick ends.
  ///
  /// - Returns: The identity the entity will have.
  @inlinable
  @discardableResult
  public mutating func spawn<Entity: GameObject>(_ entity: Entity) -> EntityID<Entity> {
    var entity = entity
    entity.id = EntityID(rawValue: nextID)
    nextID += 1
    spawnQueue.append(entity)
    return entity.id
  }

  /// Requests that an entity leave the world when the tick ends.
  @inlinable
  public mutating func despawn<Entity>(_ id: EntityID<Entity>) {
    despawned.append(id.erased)
  }

  /// Records that an entity died this tick, for the world's `lastEvents`.
  @inlinable
  public mutating func recordDeath<Entity: GameObject>(of entity: Entity) {
    events.append(EntityEvent(.died, entity))
  }

  /// The number of despawn requests made during this tick so far.
  @inlinable
  public var despawnRequestCount: Int { despawned.count }

  /// The number of spawns requested during this tick so far.
  public var pendingSpawnCount: Int { spawnQueue.count }
}
