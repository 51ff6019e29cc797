import Frames

/// The entities of one type requested during a tick, waiting to join the world: a typed
/// queue, so that a spawn copies the entity into an array instead of boxing it.
///
/// A class so that a tick context can hold queues of any number of types; contexts copy a
/// queue before changing one they share (copy on write), so contexts stay values.
@usableFromInline
internal class AnySpawnBuffer {
  /// The type of the queued entities.
  @usableFromInline let entityType: ObjectIdentifier

  @usableFromInline
  init(entityType: ObjectIdentifier) {
    self.entityType = entityType
  }

  /// An independent copy, for a context about to change a queue it shares.
  @usableFromInline
  func copy() -> AnySpawnBuffer { preconditionFailure("abstract") }

  /// An empty queue of the same type.
  func makeEmpty() -> AnySpawnBuffer { preconditionFailure("abstract") }

  /// The number of queued entities.
  var count: Int { preconditionFailure("abstract") }

  /// Makes room for `count` entities in all.
  func reserveCapacity(_ count: Int) { preconditionFailure("abstract") }

  /// Appends every entity of `other`, a queue of the same type.
  func append(contentsOf other: AnySpawnBuffer) { preconditionFailure("abstract") }

  /// Moves the queued entities into `world` with identities `ids`, one per entity, in order.
  func flush(into world: inout World, ids: [UInt64], events: inout [EntityEvent]?) {
    preconditionFailure("abstract")
  }
}

/// The entities of `Entity` requested during a tick.
@usableFromInline
internal final class SpawnBuffer<Entity: GameObject>: AnySpawnBuffer {
  @usableFromInline var entities: ContiguousArray<Entity> = []

  @usableFromInline
  init() {
    super.init(entityType: ObjectIdentifier(Entity.self))
  }

  @usableFromInline
  override func copy() -> AnySpawnBuffer {
    let copy = SpawnBuffer<Entity>()
    copy.entities = entities
    return copy
  }

  override func makeEmpty() -> AnySpawnBuffer { SpawnBuffer<Entity>() }

  override var count: Int { entities.count }

  override func reserveCapacity(_ count: Int) { entities.reserveCapacity(count) }

  override func append(contentsOf other: AnySpawnBuffer) {
    precondition(other.entityType == entityType, "spawn queues of different types merged")
    entities.append(contentsOf: unsafeDowncast(other, to: SpawnBuffer<Entity>.self).entities)
  }

  override func flush(into world: inout World, ids: [UInt64], events: inout [EntityEvent]?) {
    precondition(entities.count == ids.count, "one identity per spawned entity")
    // Read once: reading the world itself for each entity copied all of it each time.
    let hostility = world.hostility
    entities.withUnsafeMutableBufferPointer { entities in
      for index in entities.indices {
        hostility.checkFaction(of: entities[index])
        entities[index].id = EntityID(rawValue: ids[index])
      }
    }
    // Moved, not copied: an empty pool takes the queue's storage as its own.
    world.insert(moving: &entities, events: &events)
  }
}
