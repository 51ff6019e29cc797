import Frames

/// What systems and behaviours see and change during one tick.
///
/// Spawns and despawns requested here are collected and applied when the tick ends, so every
/// system of a tick sees the same set of entities. A system that runs on several threads gives
/// each fixed-size chunk of a pool a context of its own; the world merges their requests and
/// damage in chunk order, which is the order one thread would have made them in.
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
  @usableFromInline internal var spawnQueue: [any GameObject] = []
  /// Despawn requests in the order made, each with its entity type; sorted when the tick ends.
  @usableFromInline internal var despawned: [DespawnRequest] = []
  /// Deaths in the order they happened; spawn events are added when the tick ends.
  @usableFromInline internal var events: [EntityEvent] = []

  @usableFromInline
  internal init(
    tick: UInt64, deltaTime: Float, arenaSize: Vector2, random: SeededRandom,
    targets: TargetIndex
  ) {
    self.tick = tick
    self.deltaTime = deltaTime
    self.arenaSize = arenaSize
    self.random = random
    self.targets = targets
  }

  /// A context for one chunk of a system's run: the same tick and targets, nothing requested
  /// yet, and a random stream of its own drawn from the tick's (`salt` names the chunk).
  @usableFromInline
  internal func chunkContext(salt: UInt64) -> TickContext {
    var targets = targets
    targets.pendingDamage.removeAll()
    return TickContext(
      tick: tick, deltaTime: deltaTime, arenaSize: arenaSize, random: random.derived(salt),
      targets: targets)
  }

  /// Takes a chunk's requests, damage and events, after everything taken so far.
  @usableFromInline
  internal mutating func merge(_ chunk: TickContext) {
    targets.pendingDamage.append(contentsOf: chunk.targets.pendingDamage)
    spawnQueue.append(contentsOf: chunk.spawnQueue)
    despawned.append(contentsOf: chunk.despawned)
    events.append(contentsOf: chunk.events)
  }

  /// Requests a new entity; it joins the world, with its identity, when the tick ends.
  ///
  /// Identities go to the tick's new entities in the order they were requested.
  @inlinable
  public mutating func spawn<Entity: GameObject>(_ entity: Entity) {
    spawnQueue.append(entity)
  }

  /// Requests that an entity leave the world when the tick ends.
  @inlinable
  public mutating func despawn<Entity>(_ id: EntityID<Entity>) {
    despawned.append(DespawnRequest(type: ObjectIdentifier(Entity.self), id: id.erased))
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

/// A request that an entity of one type leave the world.
@usableFromInline
internal struct DespawnRequest: Sendable {
  @usableFromInline let type: ObjectIdentifier
  @usableFromInline let id: AnyEntityID

  @usableFromInline
  init(type: ObjectIdentifier, id: AnyEntityID) {
    self.type = type
    self.id = id
  }
}
