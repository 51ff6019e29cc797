import Foundation

/// The state of a ranged weapon: what one volley does and when the next one is ready.
public struct Gun: Component {
  /// Damage one projectile deals.
  public var damage: Float
  /// How far away a target may be, from the gun to the target's body.
  public var range: Float
  /// Seconds between volleys.
  public var cooldown: Float
  /// Projectile speed in world units per second.
  public var projectileSpeed: Float
  /// Seconds a projectile flies before it fizzles.
  public var projectileLifetime: Float
  /// Radius of the blast where a projectile lands; 0 hits one target only.
  public var splashRadius: Float
  /// Projectiles per volley, fanned out across `spreadAngle`.
  public var shotCount: Int
  /// The fan, in radians, a volley's projectiles spread across.
  public var spreadAngle: Float
  /// Seconds until the gun can fire again.
  public var reloadRemaining: Float = 0
  /// Volleys fired so far.
  public var volleysFired: Int32 = 0
  /// Whether the gun had something to shoot at when it last looked while reloading; a volley
  /// sets it, since a volley needs a target.
  public var hasTargetInRange: Bool = false

  /// Creates a loaded gun; by default it fires one projectile per volley.
  public init(
    damage: Float, range: Float, cooldown: Float, projectileSpeed: Float,
    projectileLifetime: Float, splashRadius: Float = 0, shotCount: Int = 1,
    spreadAngle: Float = 0
  ) {
    self.damage = damage
    self.range = range
    self.cooldown = cooldown
    self.projectileSpeed = projectileSpeed
    self.projectileLifetime = projectileLifetime
    self.splashRadius = splashRadius
    self.shotCount = shotCount
    self.spreadAngle = spreadAngle
  }

  /// Mixes every stored value into the hasher: what the default (`hashEncoding(into:)`) feeds,
  /// without walking the encoding.
  @inlinable
  public func hash(into hasher: inout StateHasher) {
    hasher.combine(damage)
    hasher.combine(range)
    hasher.combine(cooldown)
    hasher.combine(projectileSpeed)
    hasher.combine(projectileLifetime)
    hasher.combine(splashRadius)
    hasher.combine(shotCount)
    hasher.combine(spreadAngle)
    hasher.combine(reloadRemaining)
    hasher.combine(Int(volleysFired))
    hasher.combine(hasTargetInRange)
  }
}

/// Something that shoots projectiles at enemies in range.
public protocol GunTrait: GameObject {
  /// The projectile entity this gun fires.
  associatedtype Ammunition: GameObject

  /// The trait's state.
  var gun: Gun { get set }

  /// Builds one projectile leaving the muzzle in `direction` (a unit vector).
  func makeProjectile(direction: Vector2) -> Ammunition

  /// Picks what to shoot at; by default the nearest enemy within range.
  func acquireTarget(in context: TickContext) -> TargetRef?

  /// Whether `acquireTarget` would find something; asked instead of it while the gun reloads,
  /// every `rangeCheckInterval` ticks.
  ///
  /// By default whether an enemy's body lies within `gun.range`, which stops at the first enemy
  /// found. A type that replaces `acquireTarget` with another reach or rule replaces this too,
  /// so that it holds its ground exactly while it has something to shoot at.
  func hasTarget(in context: TickContext) -> Bool

  /// How often a reloading gun looks whether it still has something to shoot at: every this
  /// many ticks (at least 1), staggered by identity; by default every tick. In between, the
  /// last answer, `gun.hasTargetInRange`, stands.
  static var rangeCheckInterval: UInt64 { get }

  /// Fires one volley at `target`; by default `shotCount` projectiles fanned across
  /// `spreadAngle`, centred on the target.
  mutating func fire(at target: Vector2, in context: inout TickContext)

  /// Runs the gun for one tick: reloads, aims and fires when ready.
  mutating func updateGun(in context: inout TickContext)

  /// Steps every entity of this type; the gun system calls this once per tick.
  static func stepGuns(_ pool: inout EntityPool<Self>, in context: inout TickContext)
}

extension GunTrait {
  /// The nearest enemy whose body lies within `gun.range`.
  @inlinable
  public func acquireTarget(in context: TickContext) -> TargetRef? {
    context.targets.nearestEnemy(of: faction, near: position, within: gun.range)
  }

  /// Whether an enemy's body lies within `gun.range`.
  @inlinable
  public func hasTarget(in context: TickContext) -> Bool {
    context.targets.hasEnemy(of: faction, near: position, within: gun.range)
  }

  /// Fires `shotCount` projectiles, fanned evenly across `spreadAngle` and centred on the
  /// target; a single shot flies straight at it.
  @inlinable @inline(__always)
  public mutating func fire(at target: Vector2, in context: inout TickContext) {
    let aim = (target - position).normalized
    let count = max(gun.shotCount, 1)
    guard count > 1 else {
      context.spawn(makeProjectile(direction: aim))
      return
    }
    for shot in 0..<count {
      let fraction = Float(shot) / Float(count - 1) - 0.5
      let angle = fraction * gun.spreadAngle
      context.spawn(makeProjectile(direction: aim.rotated(cosine: cos(angle), sine: sin(angle))))
    }
  }

  /// Reloads, aims at the target and fires when the gun is ready.
  ///
  /// Nothing holds an entity that doesn't move, so while it reloads it doesn't look for a
  /// target at all (a mover's `updateGun` calls `operateGun`, which does).
  @inlinable @inline(__always)
  public mutating func updateGun(in context: inout TickContext) {
    if reload(by: context.deltaTime) { return }
    _ = fireAtTarget(in: &context)
  }

  /// Every tick.
  @inlinable
  public static var rangeCheckInterval: UInt64 { 1 }

  /// Reloads, aims and fires; returns whether a target was in range.
  ///
  /// While reloading, it only asks `hasTarget`, which can stop at the first enemy found, and
  /// only every `rangeCheckInterval` ticks; in between, `gun.hasTargetInRange`, the last
  /// answer, stands.
  @inlinable @inline(__always)
  public mutating func operateGun(in context: inout TickContext) -> Bool {
    if reload(by: context.deltaTime) {
      if isDue(every: Self.rangeCheckInterval, on: context.tick) {
        gun.hasTargetInRange = hasTarget(in: context)
      }
      return gun.hasTargetInRange
    }
    return fireAtTarget(in: &context)
  }

  /// Reloads for `deltaTime` seconds; returns whether the gun is still reloading.
  @inlinable @inline(__always)
  internal mutating func reload(by deltaTime: Float) -> Bool {
    gun.reloadRemaining = max(0, gun.reloadRemaining - deltaTime)
    return gun.reloadRemaining > 0
  }

  /// Fires a volley at what `acquireTarget` picks, if anything, and starts reloading; returns
  /// whether it fired.
  @inlinable @inline(__always)
  internal mutating func fireAtTarget(in context: inout TickContext) -> Bool {
    guard let target = acquireTarget(in: context) else { return false }
    fire(at: context.targets[target].position, in: &context)
    gun.reloadRemaining = gun.cooldown
    gun.volleysFired &+= 1
    gun.hasTargetInRange = true
    return true
  }

  /// Runs `updateGun` for every entity.
  ///
  /// - Complexity: O(n) in the pool's entities, plus each target query.
  @inlinable
  public static func stepGuns(_ pool: inout EntityPool<Self>, in context: inout TickContext) {
    @inline(__always) func update(_ entity: inout Self, _ context: inout TickContext) {
      entity.updateGun(in: &context)
    }
    pool.updateEach(in: &context, update)
  }
}

extension GunTrait where Self: MovementTrait {
  /// Reloads, aims and fires, and stands still while a target is in range.
  @inlinable @inline(__always)
  public mutating func updateGun(in context: inout TickContext) {
    if operateGun(in: &context) { movement.isHolding = true }
  }
}

extension TraitSystem {
  /// Runs every `GunTrait` entity's gun.
  public static let gun = TraitSystem(name: "gun", trait: (any GunTrait).self, runsInParallel: true)
  { ($0 as? any GunTrait.Type)?.gunJob }
}

extension GunTrait {
  /// The gun system's work on this type: `stepGuns`, and what it touches.
  static var gunJob: any AnySystemJob {
    // A mover holds its ground while it has something to shoot at.
    var writes: [ColumnAccess<Self>] = [.component(\.gun), .ownState]
    if let mover = Self.self as? any MovementTrait.Type {
      writes += TraitSystem.movementWrites(mover)
    }
    return SystemJob(
      component: \Self.gun, reads: [.identity, .position, .faction, .component(\.gun)],
      writes: writes, effects: .spawns, run: { Self.stepGuns(&$0, in: &$1) })
  }
}

extension GunTrait {
  /// The projectile type as a value, for registering it with a world before the first shot.
  public static var ammunitionType: any GameObject.Type { Ammunition.self }
}
