/// The state of something that can be hurt: hit points, regeneration and body size.
public struct Health: Component {
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

  /// The share of hit points left, 0...1.
  @inlinable
  public var fraction: Float { maximum > 0 ? min(max(current / maximum, 0), 1) : 0 }

  /// Changes the maximum and regeneration, keeping the share of hit points left.
  public mutating func rescale(maximum newMaximum: Float, regeneration newRegeneration: Float) {
    let share = maximum > 0 ? current / maximum : 1
    maximum = newMaximum
    current = share * newMaximum
    regeneration = newRegeneration
  }

  /// Mixes every stored value into the hasher: what the default (`hashEncoding(into:)`) feeds,
  /// without walking the encoding.
  @inlinable
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

  /// Adds every entity of this type to the tick's target index; the targets system calls this.
  static func indexTargets(_ pool: inout EntityPool<Self>, in context: inout TickContext)

  /// Applies the tick's damage to every entity of this type; the health system calls this.
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
    // A choice of values rather than an early return: the loop over a pool has no branch.
    let regained = min(health.maximum, health.current + health.regeneration * context.deltaTime)
    health.current = health.regeneration > 0 ? regained : health.current
  }

  /// Leaves the world at the end of the tick.
  @inlinable
  public mutating func die(in context: inout TickContext) {
    context.despawn(id)
  }

  /// Adds every entity of this type to the tick's target index; on several threads their
  /// entries are reserved, and the world writes every type's, in one parallel step, once the
  /// system is done. The entries are the same, in the same order, for any thread count.
  ///
  /// - Complexity: O(n) in the pool's entities.
  @inlinable
  public static func indexTargets(_ pool: inout EntityPool<Self>, in context: inout TickContext) {
    pool.targetBase = context.targets.count
    pool.indexedTick = context.tick
    context.targets.insertAll(from: pool, threads: context.threadCount)
  }

  /// Applies damage, lets the living regenerate and the dead die.
  ///
  /// Damage comes from the tick's target index; a world without the `targets` system has no
  /// index, and its entities only regenerate. Each step is a pass over the pool: all damage,
  /// then regeneration (`regenerate(in:)` runs for every entity, and what it changes is kept
  /// for those with hit points left), then the deaths of those without, a pass only a pool
  /// with any dead takes. A death that removes the entity is recorded as an `EntityEvent`.
  /// - Complexity: O(n) in the pool's entities.
  @inlinable
  public static func resolveHealth(_ pool: inout EntityPool<Self>, in context: inout TickContext) {
    // Named and always inlined: a closure the compiler leaves as a call would make each
    // entity go through memory instead of registers.
    let base = pool.targetBase
    @inline(__always) func damage(_ entity: inout Self, _ index: Int, _ context: inout TickContext)
    {
      let damage = context.targets.damage[base + index]
      if damage > 0 { entity.takeDamage(damage, in: &context) }
    }
    // Every entity's regeneration is worked out and kept for the living only: a choice of
    // values, which makes a faster loop than a branch around the call.
    var anyDead = false
    @inline(__always) func regenerate(_ entity: inout Self) {
      var regenerated = entity
      // The context read where it is: a copy of it would retain each of its buffers.
      regenerated.regenerate(in: context)
      let isAlive = entity.health.isAlive
      anyDead = anyDead || !isAlive
      entity = isAlive ? regenerated : entity
    }
    @inline(__always) func die(_ entity: inout Self, _ context: inout TickContext) {
      guard !entity.health.isAlive else { return }
      let requestsBefore = context.despawnRequestCount
      entity.die(in: &context)
      // A death counts when `die` removed the entity (an override may not).
      if context.despawnRequestCount > requestsBefore {
        context.recordDeath(of: entity)
      }
    }
    if pool.indexedTick == context.tick { pool.updateEach(in: &context, damage) }
    // The living regenerate, and only a pool with any dead takes the pass that lets them die.
    pool.updateEach(writingBack: .everyWord, regenerate)
    if anyDead { pool.updateEach(in: &context, die) }
  }
}

extension TraitSystem {
  /// Puts every `HealthTrait` entity in the tick's target index.
  public static let targets = TraitSystem(name: "targets", trait: (any HealthTrait).self) {
    ($0 as? any HealthTrait.Type)?.targetsJob
  }

  /// Sorts the tick's target index into its grid, once every `targets` entry is in.
  ///
  /// - Complexity: O(n + cells) for n entries: a counting sort split across the world's
  ///   threads.
  public static let targetGrid = TraitSystem(name: "targetGrid") { context in
    context.targets.buildGrid(arenaSize: context.arenaSize, threads: context.threadCount)
  }

  /// Applies damage, death and regeneration to every `HealthTrait` entity.
  public static let health = TraitSystem(
    name: "health", trait: (any HealthTrait).self, runsInParallel: true
  ) { ($0 as? any HealthTrait.Type)?.healthJob }
}

extension HealthTrait {
  /// The targets system's work on this type: `indexTargets`, and what it touches.
  static var targetsJob: any AnySystemJob {
    SystemJob(
      component: \Self.health,
      reads: [.identity, .faction, .position, .component(\.health)], writes: [],
      effects: .targets, run: { Self.indexTargets(&$0, in: &$1) })
  }

  /// The health system's work on this type: `resolveHealth`, and what it touches.
  static var healthJob: any AnySystemJob {
    SystemJob(
      component: \Self.health,
      reads: [.identity, .faction, .component(\.health)],
      writes: [.component(\.health), .ownState],
      effects: [.despawns, .readsDamage], run: { Self.resolveHealth(&$0, in: &$1) })
  }
}
