/// The state of a close-combat attack: damage, reach and rhythm.
public struct Melee: Component {
  /// Damage one strike deals.
  public var damage: Float
  /// How far beyond both bodies a strike reaches.
  public var reach: Float
  /// Seconds between strikes.
  public var cooldown: Float
  /// Seconds until the next strike is ready.
  public var recoveryRemaining: Float = 0
  /// Strikes landed so far.
  public var strikes: Int32 = 0
  /// Whether an enemy was within reach when the recovering attack last looked; a strike sets
  /// it, since a strike needs an enemy within reach.
  public var hasEnemyInReach: Bool = false

  /// Creates a ready melee attack.
  public init(damage: Float, reach: Float, cooldown: Float) {
    self.damage = damage
    self.reach = reach
    self.cooldown = cooldown
  }

  /// Mixes every stored value into the hasher: what the default (`hashEncoding(into:)`) feeds,
  /// without walking the encoding.
  @inlinable
  public func hash(into hasher: inout StateHasher) {
    hasher.combine(damage)
    hasher.combine(reach)
    hasher.combine(cooldown)
    hasher.combine(recoveryRemaining)
    hasher.combine(Int(strikes))
    hasher.combine(hasEnemyInReach)
  }
}

/// Something that fights enemies within arm's reach.
public protocol MeleeTrait: GameObject {
  /// The trait's state.
  var melee: Melee { get set }

  /// How far from its centre this entity's strike reaches; by default `melee.reach`.
  var strikeReach: Float { get }

  /// How often a recovering attack looks whether an enemy is still within reach: every this
  /// many ticks (at least 1), staggered by identity; by default every tick. In between, the
  /// last answer, `melee.hasEnemyInReach`, stands.
  static var reachCheckInterval: UInt64 { get }

  /// Hits one target; by default deals `melee.damage` to it.
  mutating func strike(_ target: TargetRef, in context: inout TickContext)

  /// Runs the attack for one tick: recovers, finds an enemy within reach and strikes when ready.
  mutating func updateMelee(in context: inout TickContext)

  /// Steps every entity of this type; the melee system calls this once per tick.
  static func stepMelee(_ pool: inout EntityPool<Self>, in context: inout TickContext)
}

extension MeleeTrait {
  /// The melee reach alone.
  @inlinable
  public var strikeReach: Float { melee.reach }

  /// Deals `melee.damage` to the target.
  @inlinable
  public mutating func strike(_ target: TargetRef, in context: inout TickContext) {
    context.targets.addDamage(melee.damage, to: target)
  }

  /// Recovers, finds an enemy within reach and strikes when ready.
  ///
  /// Nothing holds an entity that doesn't move, so while it recovers it doesn't look for
  /// enemies at all (a mover's `updateMelee` calls `engage`, which does).
  @inlinable @inline(__always)
  public mutating func updateMelee(in context: inout TickContext) {
    if recover(by: context.deltaTime) { return }
    _ = strikeNearest(in: &context)
  }

  /// Every tick.
  @inlinable
  public static var reachCheckInterval: UInt64 { 1 }

  /// Recovers and strikes the nearest enemy within reach; returns whether one was there.
  ///
  /// While recovering, it only asks whether an enemy is within reach, which stops at the first,
  /// and only every `reachCheckInterval` ticks; in between, `melee.hasEnemyInReach`, the last
  /// answer, stands.
  @inlinable @inline(__always)
  public mutating func engage(in context: inout TickContext) -> Bool {
    if recover(by: context.deltaTime) {
      if isDue(every: Self.reachCheckInterval, on: context.tick) {
        melee.hasEnemyInReach = context.targets.hasEnemy(
          of: faction, near: position, within: strikeReach)
      }
      return melee.hasEnemyInReach
    }
    return strikeNearest(in: &context)
  }

  /// Recovers for `deltaTime` seconds; returns whether the attack is still recovering.
  @inlinable @inline(__always)
  internal mutating func recover(by deltaTime: Float) -> Bool {
    melee.recoveryRemaining = max(0, melee.recoveryRemaining - deltaTime)
    return melee.recoveryRemaining > 0
  }

  /// Strikes the nearest enemy within reach, if there is one, and starts recovering; returns
  /// whether it struck.
  @inlinable @inline(__always)
  internal mutating func strikeNearest(in context: inout TickContext) -> Bool {
    guard
      let target = context.targets.nearestEnemy(of: faction, near: position, within: strikeReach)
    else { return false }
    strike(target, in: &context)
    melee.recoveryRemaining = melee.cooldown
    melee.strikes &+= 1
    melee.hasEnemyInReach = true
    return true
  }

  /// Runs `updateMelee` for every entity.
  ///
  /// - Complexity: O(n) in the pool's entities, plus each nearest-enemy query: the enemies in
  ///   the few cells its reach covers.
  @inlinable
  public static func stepMelee(_ pool: inout EntityPool<Self>, in context: inout TickContext) {
    @inline(__always) func update(_ entity: inout Self, _ context: inout TickContext) {
      entity.updateMelee(in: &context)
    }
    pool.updateEach(in: &context, update)
  }
}

extension MeleeTrait where Self: HealthTrait {
  /// The melee reach measured from the edge of this entity's body.
  @inlinable
  public var strikeReach: Float { melee.reach + health.radius }
}

extension MeleeTrait where Self: MovementTrait {
  /// Recovers and strikes, and stands its ground while an enemy is within reach.
  @inlinable @inline(__always)
  public mutating func updateMelee(in context: inout TickContext) {
    if engage(in: &context) { movement.isHolding = true }
  }
}

extension TraitSystem {
  /// Runs every `MeleeTrait` entity's attack.
  public static let melee = TraitSystem(
    name: "melee", trait: (any MeleeTrait).self, runsInParallel: true
  ) { ($0 as? any MeleeTrait.Type)?.meleeJob }
}

extension MeleeTrait {
  /// The melee system's work on this type: `stepMelee`, and what it touches.
  static var meleeJob: any AnySystemJob {
    // A mover stands its ground while an enemy is within reach, and a strike may heal the
    // striker (a bite that drains life, say).
    var writes: [ColumnAccess<Self>] = [.component(\.melee), .ownState]
    if let mover = Self.self as? any MovementTrait.Type {
      writes += TraitSystem.movementWrites(mover)
    }
    if let mortal = Self.self as? any HealthTrait.Type {
      writes += TraitSystem.healthWrites(mortal)
    }
    return SystemJob(
      component: \Self.melee, reads: [.identity, .position, .faction, .component(\.melee)],
      writes: writes, effects: .damage, run: { Self.stepMelee(&$0, in: &$1) })
  }
}
