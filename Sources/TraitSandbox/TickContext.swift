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
  /// The spawn and despawn requests made before the chunk being stepped, which the chunk's
  /// counts leave out (see `beginChunk`).
  @usableFromInline internal var spawnCountBase = 0
  @usableFromInline internal var despawnCountBase = 0
  /// How many threads the world's own work (the grid build, indexing targets) may use.
  @usableFromInline internal var threadCount = 1
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
    chunkContext(random: random.derived(salt))
  }

  /// A context for one chunk of a parallel system, as `chunkContext(salt:)` makes, on the
  /// random stream `random`.
  @usableFromInline
  internal func chunkContext(random: SeededRandom) -> TickContext {
    var targets = targets
    targets.pendingDamage.removeAll()
    return TickContext(
      tick: tick, deltaTime: deltaTime, arenaSize: arenaSize, random: random, targets: targets)
  }

  /// Takes the chunks' requests, damage and events, in chunk order, after everything taken
  /// so far; each chunk's spawn queues are released as soon as they are taken.
  ///
  /// The chunks are read where they lie: a copy of a context retains every buffer it holds
  /// (the target index's among them), on the stepping thread, between the parallel steps.
  @usableFromInline
  internal mutating func merge(_ chunks: UnsafeMutableBufferPointer<TickContext>) {
    var damageCount = 0
    var despawnCount = 0
    var eventCount = 0
    var spawnCount = 0
    for index in chunks.indices {
      damageCount += chunks[index].targets.pendingDamage.count
      despawnCount += chunks[index].despawned.count
      eventCount += chunks[index].events.count
      spawnCount += chunks[index].spawnOrder.count
    }
    if damageCount > 0 {
      targets.pendingDamage.reserveCapacity(targets.pendingDamage.count + damageCount)
      for index in chunks.indices {
        targets.pendingDamage.append(contentsOf: chunks[index].targets.pendingDamage)
      }
    }
    if despawnCount > 0 {
      despawned.reserveCapacity(despawned.count + despawnCount)
      for index in chunks.indices { despawned.append(contentsOf: chunks[index].despawned) }
    }
    if eventCount > 0 {
      events.reserveCapacity(events.count + eventCount)
      for index in chunks.indices { events.append(contentsOf: chunks[index].events) }
    }
    guard spawnCount > 0 else { return }
    spawnOrder.reserveCapacity(spawnOrder.count + spawnCount)
    // Each type's queue grows once, to its final size.
    var needed = spawnBuffers.map(\.count)
    for index in chunks.indices {
      for buffer in chunks[index].spawnBuffers {
        let slot = spawnSlot(for: buffer.entityType) { buffer.makeEmpty() }
        if slot == needed.count { needed.append(0) }
        needed[slot] += buffer.count
      }
    }
    for (slot, count) in needed.enumerated() { spawnBuffers[slot].reserveCapacity(count) }
    for index in chunks.indices where !chunks[index].spawnOrder.isEmpty {
      let buffers = chunks[index].spawnBuffers
      let order = chunks[index].spawnOrder
      chunks[index].spawnBuffers = []
      chunks[index].spawnOrder = []
      var slots: [UInt16] = []
      for buffer in buffers {
        let slot = spawnSlot(for: buffer.entityType) { buffer.makeEmpty() }
        spawnBuffers[slot].append(contentsOf: buffer)
        slots.append(UInt16(slot))
      }
      spawnOrder.append(contentsOf: order.lazy.map { slots[Int($0)] })
    }
  }

  /// Starts stepping one chunk of a pool directly on this context, as one thread does: the
  /// chunk draws from `random` and counts its requests from here, exactly as it would on a
  /// context of its own (see `chunkContext(salt:)`).
  @usableFromInline
  internal mutating func beginChunk(random chunkRandom: SeededRandom) {
    random = chunkRandom
    spawnCountBase = spawnOrder.count
    despawnCountBase = despawned.count
  }

  /// Ends stepping chunks directly on this context, restoring the tick's random stream.
  @usableFromInline
  internal mutating func endChunks(random tickRandom: SeededRandom) {
    random = tickRandom
    spawnCountBase = 0
    despawnCountBase = 0
  }

  /// Requests a new entity; it joins the world, with its identity, when the tick ends.
  ///
  /// Identities go to the tick's new entities in the order they were requested.
  @inlinable
  public mutating func spawn<Entity: GameObject>(_ entity: Entity) {
    let slot = spawnSlot(for: ObjectIdentifier(Entity.self)) { SpawnBuffer<Entity>() }
    // The slot's type is Entity: no dynamic cast is needed.
    let buffer = unsafeDowncast(spawnBuffers[slot], to: SpawnBuffer<Entity>.self)
    let count = buffer.entities.count
    if count == buffer.entities.capacity {
      // Half again, not double: the queue becomes the pool of a type spawned in a burst.
      buffer.entities.reserveCapacity(max(16, count + count / 2))
    }
    buffer.entities.append(entity)
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

  /// The number of despawn requests made so far during this tick, or, in a system that runs
  /// in parallel, during this chunk of the pool: the count never depends on the thread count.
  @inlinable
  public var despawnRequestCount: Int { despawned.count - despawnCountBase }

  /// The number of spawns requested so far during this tick, or, in a system that runs in
  /// parallel, during this chunk of the pool: the count never depends on the thread count.
  public var pendingSpawnCount: Int { spawnOrder.count - spawnCountBase }
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
