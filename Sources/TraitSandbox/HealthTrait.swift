/// The state of something that can be hurt: hit points, regeneration and body size.
public struct Health: Sendable, Equatable, StateHashable {
  /// Hit points left; the entity dies when they reach zero.
  public var current: Float
  /// The most hit points the entity can have.
  public var maximum: Float
  /// Hit points regained per second while alive.
  public var regeneration: Float
  /// The radius of the entity's body, for hits and reach.
  public var radius: Float

  /// Creates a health state at full hit points.
  public init(maximum: Float, regeneration: Float = 0, radius: Float) {
    self.current = maximum
    self.maximum = maximum
    self.regeneration = regeneration
    self.radius = radius
  }

  /// Whether hit points remain.
  @inlinable
  public var isAlive: Bool { current > 0 }

  /// Mixes every stored value into the hasher.
  public func hash(into hasher: inout StateHasher) {
    hasher.combine(current)
    hasher.combine(maximum)
    hasher.combine(regeneration)
    hasher.combine(radius)
  }
}

/// Something with hit points that others can target and hurt.
public protocol HealthTrait: GameObject {
  /// The trait's state.
  var health: Health { get set }

  /// Loses hit points; by default exactly `amount`.
  mutating func takeDamage(_ amount: Float, in context: inout TickContext)

  /// Regains hit points over one step; by default `regeneration` per second, up to the maximum.
  mutating func regenerate(in context: TickContext)

  /// Reacts to reaching zero hit points; by default leaves the world at the end of the tick.
  mutating func die(in context: inout TickContext)

  /// Adds every entity of this type to the tick's target index; runs in the `index` phase.
  static func indexTargets(_ pool: inout EntityPool<Self>, in context: inout TickContext)

  /// Applies the tick's damage to every entity of this type; runs in the `resolve` phase.
  static func resolveHealth(_ pool: inout EntityPool<Self>, in context: inout TickContext)
}

extension HealthTrait {
  /// Loses exactly `amount` hit points.
  @inlinable
  public mutating func takeDamage(_ amount: Float, in context: inout TickContext) {
    health.current -= amount
  }

  /// Regains `regeneration` hit points per second, never above the maximum.
  @inlinable
  public mutating func regenerate(in context: TickContext) {
    guard health.regeneration > 0 else { return }
    health.current = min(health.maximum, health.current + health.regeneration * context.deltaTime)
  }

  /// Leaves the world at the end of the tick.
  @inlinable
  public mutating func die(in context: inout TickContext) {
    context.despawn(id)
  }

  /// Adds every entity of this type to the tick's target index.
  @inlinable
  public static func indexTargets(_ pool: inout EntityPool<Self>, in context: inout TickContext) {
    pool.targetBase = context.targets.count
    pool.indexedTick = context.tick
    for entity in pool.entities {
      context.targets.insert(
        id: entity.id, team: entity.team, position: entity.position, radius: entity.health.radius)
    }
  }

  /// Applies damage, lets the dead die and the living regenerate.
  ///
  /// Damage comes from the tick's target index; a world without the `targets` system has no
  /// index, and its entities only regenerate.
  @inlinable
  public static func resolveHealth(_ pool: inout EntityPool<Self>, in context: inout TickContext) {
    let base = pool.targetBase
    let isIndexed = pool.indexedTick == context.tick
    var kills = PerTeam(repeating: 0)
    // One uniqueness check for the whole loop, not one per element access: the optimiser does
    // not hoist it here by itself, and it cost about a third of the loop.
    pool.storage.withUnsafeMutableBufferPointer { entities in
      for index in entities.indices {
        let damage = isIndexed ? context.targets.damage[base + index] : 0
        if damage > 0 { entities[index].takeDamage(damage, in: &context) }
        if entities[index].health.isAlive {
          entities[index].regenerate(in: context)
        } else {
          let requestsBefore = context.despawnRequestCount
          entities[index].die(in: &context)
          // A death counts as a kill when `die` removed the entity (an override may not).
          if context.despawnRequestCount > requestsBefore { kills[entities[index].team] += 1 }
        }
      }
    }
    pool.killedCount.left += kills.left
    pool.killedCount.right += kills.right
  }
}

extension TraitSystem {
  /// Puts every `HealthTrait` entity in the tick's target index, in the `index` phase.
  public static let healthIndex = TraitSystem(
    name: "targets", trait: "HealthTrait", phase: .index
  ) { type in
    guard let mortal = type as? any HealthTrait.Type else { return nil }
    return indexJob(mortal)
  }

  /// Applies damage, death and regeneration to every `HealthTrait` entity, in `resolve`.
  public static let health = TraitSystem(
    name: "health", trait: "HealthTrait", phase: .resolve
  ) { type in
    guard let mortal = type as? any HealthTrait.Type else { return nil }
    return healthJob(mortal)
  }

  private static func indexJob<Entity: HealthTrait>(_: Entity.Type) -> any AnySystemJob {
    SystemJob(run: { Entity.indexTargets(&$0, in: &$1) })
  }

  private static func healthJob<Entity: HealthTrait>(_: Entity.Type) -> any AnySystemJob {
    SystemJob(
      run: { Entity.resolveHealth(&$0, in: &$1) },
      hashState: { pool, hasher in
        for entity in pool.entities { entity.health.hash(into: &hasher) }
      })
  }
}
