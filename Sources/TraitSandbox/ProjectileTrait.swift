/// The state of a projectile: what it does on impact and how long it flies.
public struct Projectile: Component {
  /// Damage dealt on impact.
  public var damage: Float
  /// How close to an enemy body the projectile must come to hit it.
  public var hitRadius: Float
  /// Radius of the blast on impact; 0 hits the struck target only.
  public var splashRadius: Float
  /// Seconds of flight left before the projectile fizzles.
  public var lifetimeRemaining: Float

  /// Creates a projectile state.
  public init(damage: Float, hitRadius: Float, splashRadius: Float = 0, lifetime: Float) {
    self.damage = damage
    self.hitRadius = hitRadius
    self.splashRadius = splashRadius
    self.lifetimeRemaining = lifetime
  }

  /// Mixes every stored value into the hasher: what the default (`hashEncoding(into:)`) feeds,
  /// without walking the encoding.
  @inlinable
  public func hash(into hasher: inout StateHasher) {
    hasher.combine(damage)
    hasher.combine(hitRadius)
    hasher.combine(splashRadius)
    hasher.combine(lifetimeRemaining)
  }
}

/// Something in flight that hurts the first enemy it touches and then disappears.
public protocol ProjectileTrait: GameObject {
  /// The trait's state.
  var projectile: Projectile { get set }

  /// Hits a target; by default deals damage to it, or to every enemy in the splash radius.
  mutating func impact(_ target: TargetRef, in context: inout TickContext)

  /// Ages the projectile and checks for a hit; by default it leaves the world on impact or
  /// when its lifetime runs out.
  mutating func updateProjectile(in context: inout TickContext)

  /// Steps every entity of this type; the projectile system calls this once per tick.
  static func stepProjectiles(_ pool: inout EntityPool<Self>, in context: inout TickContext)
}

extension ProjectileTrait {
  /// Deals damage to the target, or to every enemy in the splash radius.
  @inlinable
  public mutating func impact(_ target: TargetRef, in context: inout TickContext) {
    if projectile.splashRadius > 0 {
      context.targets.damageEnemies(
        of: faction, around: position, radius: projectile.splashRadius, amount: projectile.damage)
    } else {
      context.targets.addDamage(projectile.damage, to: target)
    }
  }

  /// Ages the projectile, hits the nearest enemy it touches and leaves the world when spent.
  @inlinable
  public mutating func updateProjectile(in context: inout TickContext) {
    projectile.lifetimeRemaining -= context.deltaTime
    if let target = context.targets.nearestEnemy(
      of: faction, near: position, within: projectile.hitRadius)
    {
      impact(target, in: &context)
      context.despawn(id)
    } else if projectile.lifetimeRemaining <= 0 {
      context.despawn(id)
    }
  }

  /// Runs `updateProjectile` for every entity.
  ///
  /// - Complexity: O(n) in the pool's entities, plus each hit test: the enemies in the cells
  ///   the projectile's hit and splash radii cover.
  @inlinable
  public static func stepProjectiles(_ pool: inout EntityPool<Self>, in context: inout TickContext)
  {
    @inline(__always) func update(_ entity: inout Self, _ context: inout TickContext) {
      entity.updateProjectile(in: &context)
    }
    pool.updateEach(in: &context, update)
  }
}

extension TraitSystem {
  /// Ages every `ProjectileTrait` entity and resolves its hits.
  public static let projectile = TraitSystem(
    name: "projectile", trait: (any ProjectileTrait).self, runsInParallel: true
  ) { ($0 as? any ProjectileTrait.Type)?.projectileJob }
}

extension ProjectileTrait {
  /// The projectile system's work on this type: `stepProjectiles`, and what it touches.
  static var projectileJob: any AnySystemJob {
    SystemJob(
      component: \Self.projectile,
      reads: [.identity, .position, .faction, .component(\.projectile)],
      writes: [.component(\.projectile), .ownState], effects: [.damage, .despawns],
      run: { Self.stepProjectiles(&$0, in: &$1) })
  }
}
