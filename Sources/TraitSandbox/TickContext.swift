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
  /// One queue per entity type spawned this tick, in the order each type was first spawned.
  @usableFromInline internal var spawnBuffers: [AnySpawnBuffer] = []
  /// The queue of each spawn request, in the order made: identities follow this order.
  @usableFromInline internal var spawnOrder: [UInt16] = []
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

  /// Takes the chunks' requests, damage and events, in chunk order, after everything taken
  /// so far; each chunk's buffers are released as soon as they are taken.
  @usableFromInline
  internal mutating func merge(_ chunks: inout [TickContext]) {
    func total(_ count: (TickContext) -> Int) -> Int { chunks.reduce(0) { $0 + count($1) } }
    targets.pendingDamage.reserveCapacity(
      targets.pendingDamage.count + total { $0.targets.pendingDamage.count })
    despawned.reserveCapacity(despawned.count + total { $0.despawned.count })
    events.reserveCapacity(events.count + total { $0.events.count })
    spawnOrder.reserveCapacity(spawnOrder.count + total { $0.spawnOrder.count })
    // Each type's queue grows once, to its final size.
    var needed = spawnBuffers.map(\.count)
    for chunk in chunks {
      for buffer in chunk.spawnBuffers {
        let slot = spawnSlot(for: buffer.entityType) { buffer.makeEmpty() }
        if slot == needed.count { needed.append(0) }
        needed[slot] += buffer.count
      }
    }
    for (slot, count) in needed.enumerated() { spawnBuffers[slot].reserveCapacity(count) }
    for index in chunks.indices {
      let chunk = chunks[index]
      chunks[index].release()
      targets.pendingDamage.append(contentsOf: chunk.targets.pendingDamage)
      despawned.append(contentsOf: chunk.despawned)
      events.append(contentsOf: chunk.events)
      var slots: [UInt16] = []
      for buffer in chunk.spawnBuffers {
        let slot = spawnSlot(for: buffer.entityType) { buffer.makeEmpty() }
        spawnBuffers[slot].append(contentsOf: buffer)
        slots.append(UInt16(slot))
      }
      spawnOrder.append(contentsOf: chunk.spawnOrder.lazy.map { slots[Int($0)] })
    }
  }

  /// Drops a merged chunk's requests, damage and events.
  private mutating func release() {
    targets.pendingDamage = []
    despawned = []
    events = []
    spawnBuffers = []
    spawnOrder = []
  }

  /// Requests a new entity; it joins the world, with its identity, when the tick ends.
  ///
  /// Identities go to the tick's new entities in the order they were requested.
  @inlinable
  public mutating func spawn<Entity: GameObject>(_ entity: Entity) {
    let slot = spawnSlot(for: ObjectIdentifier(Entity.self)) { SpawnBuffer<Entity>() }
    // The slot's type is Entity: no dynamic cast is needed.
    unsafeDowncast(spawnBuffers[slot], to: SpawnBuffer<Entity>.self).entities.append(entity)
    spawnOrder.append(UInt16(slot))
  }

  /// The position of the spawn queue for `type`, created by `make` if there is none yet, and
  /// not shared with any other context.
  @inlinable
  internal mutating func spawnSlot(
    for type: ObjectIdentifier, make: () -> AnySpawnBuffer
  ) -> Int {
    // A tick spawns a handful of types: a linear search beats hashing.
    var slot = 0
    while slot < spawnBuffers.count && spawnBuffers[slot].entityType != type { slot += 1 }
    if slot == spawnBuffers.count {
      precondition(slot <= Int(UInt16.max), "more than 65,536 entity types spawned in one tick")
      spawnBuffers.append(make())
    } else if !isKnownUniquelyReferenced(&spawnBuffers[slot]) {
      spawnBuffers[slot] = spawnBuffers[slot].copy()
    }
    return slot
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
  public var pendingSpawnCount: Int { spawnOrder.count }
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
