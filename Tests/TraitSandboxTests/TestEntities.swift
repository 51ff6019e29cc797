import Frames
import TraitSandbox

// Small entity types that exist only for the tests. Each one mixes in the traits under test and,
// where a test needs it, implements a trait requirement itself so the test can tell whether the
// world called the entity's own implementation or the trait's default.

// MARK: - Worlds

/// A quarter-second tick: every time and distance in these tests stays exactly representable.
let quarterSecond: Float = 0.25

/// A world with the standard schedule (plus `extra` test systems, each in its phase) and a
/// quarter-second tick.
func makeWorld(
  seed: UInt64 = 1, arena: Vector2 = Vector2(1000, 1000), extra: [TraitSystem] = []
) -> World {
  let schedule = extra.reduce(Schedule.standard) { schedule, system in
    schedule.appending([system], to: system.name == "probe" ? "act" : "present")
  }
  return World(seed: seed, fixedDeltaTime: quarterSecond, arenaSize: arena, schedule: schedule)
}

/// The state the census system writes: how many entities of its type it saw.
struct Census: Component {
  var count = 0
}

/// Something whose census a test system can write.
protocol Counted: GameObject {
  var counted: Census { get set }
}

extension Counted {
  /// How many entities of its type the census system saw on the last tick.
  var census: Int { counted.count }
}

/// What a probe found on its last tick.
struct ProbeResult: Component {
  /// The identity of the nearest enemy found.
  var found: AnyEntityID?
  /// How many entries the last splash hit.
  var splashHits = 0
}

extension TraitSystem {
  /// Writes the pool's size into every `Counted` entity (in the `present` phase), so a test
  /// can see how many entities the systems saw during the tick.
  static let census = TraitSystem(name: "census", trait: (any Counted).self) {
    ($0 as? any Counted.Type)?.censusJob
  }
}

extension Counted {
  /// The census system's work on this type, and what it touches.
  static var censusJob: any AnySystemJob {
    SystemJob(
      component: \Self.counted,
      run: { pool, _ in
        let count = pool.count
        for index in pool.indices { pool[index].counted.count = count }
      })
  }
}

extension TraitSystem {
  /// Lets every `Probe` query the tick's target index (in the `act` phase).
  static let probe = TraitSystem(name: "probe", trait: Probe.self) { type in
    guard type is Probe.Type else { return nil }
    return SystemJob<Probe>(
      component: \.result, effects: .damage,
      run: { pool, context in
        for index in pool.indices { pool[index].query(&context) }
      })
  }
}

// MARK: - Entities without traits

/// An entity with no traits at all.
struct Bare: GameObject {
  var id = EntityID<Self>.unassigned
  var position = Vector2.zero
  var faction = Faction.left
}

/// Asks the target index for the nearest enemy, and optionally splashes damage, every tick.
struct Probe: GameObject {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var reach: Float
  var splashRadius: Float = 0
  var splashDamage: Float = 0
  /// What the last tick's query found.
  var result = ProbeResult()
  /// The identity of the nearest enemy found on the last tick.
  var found: AnyEntityID? { result.found }
  /// How many entries the last splash hit.
  var splashHits: Int { result.splashHits }

  mutating func query(_ context: inout TickContext) {
    result.found = context.targets.nearestEnemy(of: faction, near: position, within: reach).map {
      context.targets[$0].id
    }
    if splashRadius > 0 {
      result.splashHits = context.targets.damageEnemies(
        of: faction, around: position, radius: splashRadius, amount: splashDamage)
    }
  }
}

// MARK: - Movement

/// Walks with the default steering.
struct Walker: SteeringTrait, Counted {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var movement: Movement
  var counted = Census()

  init(faction: Faction = .left, at position: Vector2, movement: Movement) {
    self.faction = faction
    self.position = position
    self.movement = movement
  }
}

/// Moves without steering: declares `MovementTrait` alone, with a body that could be pushed.
struct Coaster: MovementTrait, HealthTrait {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  var faction = Faction.left
  var movement: Movement
  var health = Health(maximum: 10, radius: 5)
}

/// Steers itself: always drifts by `drift` per second, whatever its destination.
struct Drifter: MovementTrait {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  var faction = Faction.left
  var movement: Movement
  var drift: Vector2
  var steerCalls = 0

  mutating func steer(in context: TickContext) {
    steerCalls += 1
    movement.velocity = drift
  }
}

// MARK: - Render

/// Drawn, but never moves.
struct Banner: RenderTrait {
  static let sprite = SpriteID("banner")
  var id = EntityID<Self>.unassigned
  var position = Vector2(10, 10)
  var faction = Faction.left
  static let style = StandardRenderStyle(layer: 1)
  var appearance = Appearance(size: Vector2(8, 8))
}

/// Drawn and moving: gets the facing-aware animation.
struct FacingWalker: SteeringTrait, RenderTrait {
  static let sprite = SpriteID("walker")
  var id = EntityID<Self>.unassigned
  var position: Vector2
  var faction = Faction.left
  var movement: Movement
  var appearance = Appearance(size: Vector2(8, 8))
}

/// Animates itself: counts frames instead of advancing the clock.
struct Blinker: RenderTrait {
  static let sprite = SpriteID("blinker")
  var id = EntityID<Self>.unassigned
  var position = Vector2(10, 10)
  var faction = Faction.left
  static let style = StandardRenderStyle(layer: 1)
  var appearance = Appearance(size: Vector2(8, 8))
  var frames = 0

  mutating func animate(in context: TickContext) {
    frames += 1
  }
}

// MARK: - Health

/// Has health and the default behaviour.
struct Dummy: HealthTrait, Counted {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var health: Health
  var counted = Census()

  init(faction: Faction, at position: Vector2, health: Health) {
    self.faction = faction
    self.position = position
    self.health = health
  }
}

/// Takes half damage.
struct Armored: HealthTrait {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var health: Health
  var hitsTaken = 0

  mutating func takeDamage(_ amount: Float, in context: inout TickContext) {
    hitsTaken += 1
    health.current -= amount / 2
  }
}

/// Refuses to die: comes back at full health instead.
struct Phoenix: HealthTrait {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var health: Health
  var rebirths = 0

  mutating func die(in context: inout TickContext) {
    rebirths += 1
    health.current = health.maximum
  }
}

// MARK: - Melee

/// Fights with the default melee, and has no body: its reach is `melee.reach` alone.
struct Brawler: MeleeTrait {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var melee: Melee
}

/// Fights with a body: its reach is measured from the edge of its body.
struct Knight: MeleeTrait, HealthTrait {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var melee: Melee
  var health: Health
}

/// Fights and walks: stands its ground while an enemy is within reach.
struct Charger: WalkingFighter {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var movement: Movement
  var melee: Melee
}

/// A fighter that walks, built from its position, side, walk and attack.
protocol WalkingFighter: SteeringTrait, MeleeTrait {
  init(id: EntityID<Self>, position: Vector2, faction: Faction, movement: Movement, melee: Melee)
}

extension WalkingFighter {
  /// A left-side fighter at x 100 in `row`, walking east to x 300 at 40 units a second, whose
  /// strikes deal 1 damage, reach 10 and recover in `cooldown` seconds.
  static func walking(row: Float, cooldown: Float) -> Self {
    Self(
      id: .unassigned, position: Vector2(100, row), faction: .left,
      movement: Movement(speed: 40, destination: Vector2(300, row)),
      melee: Melee(damage: 1, reach: 10, cooldown: cooldown))
  }
}

/// Steps `world` `ticks` times; returns the step on which the movers of type `Mover` in each
/// row (by `y`) first stood east of `x`, for the rows where one did.
func firstSteps<Mover: GameObject>(
  east x: Float, of type: Mover.Type, in world: inout World, ticks: Int,
  after each: (World, Int) -> Void = { _, _ in }
) -> [Float: Int] {
  var first: [Float: Int] = [:]
  for tick in 1...ticks {
    world.step()
    for mover in world.entities(of: type) where mover.position.x > x {
      first[mover.position.y] = first[mover.position.y] ?? tick
    }
    each(world, tick)
  }
  return first
}

/// A `Charger` that, while recovering, looks for an enemy within reach every fourth tick.
struct WaryCharger: WalkingFighter {
  static var reachCheckInterval: UInt64 { 4 }
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var movement: Movement
  var melee: Melee
}

/// Strikes itself: deals double damage and remembers whom it hit.
struct Cleaver: MeleeTrait {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var melee: Melee
  var victims: [AnyEntityID] = []

  mutating func strike(_ target: TargetRef, in context: inout TickContext) {
    victims.append(context.targets[target].id)
    context.targets.addDamage(melee.damage * 2, to: target)
  }
}

// MARK: - Projectiles

/// Flies straight and hits with the default impact.
struct Bolt: MovementTrait, ProjectileTrait {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var movement: Movement
  var projectile: Projectile

  init(faction: Faction, at position: Vector2, velocity: Vector2 = .zero, projectile: Projectile) {
    self.faction = faction
    self.position = position
    self.movement = Movement(velocity: velocity, speed: velocity.length)
    self.projectile = projectile
  }
}

/// Impacts itself: triple damage to the struck target.
struct Shell: ProjectileTrait {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var projectile: Projectile

  mutating func impact(_ target: TargetRef, in context: inout TickContext) {
    context.targets.addDamage(projectile.damage * 3, to: target)
  }
}

// MARK: - Guns

/// The bolt every test gun fires from `position` in `direction`.
func bolt(from position: Vector2, faction: Faction, direction: Vector2, gun: Gun) -> Bolt {
  Bolt(
    faction: faction, at: position, velocity: direction * gun.projectileSpeed,
    projectile: Projectile(
      damage: gun.damage, hitRadius: 1, splashRadius: gun.splashRadius,
      lifetime: gun.projectileLifetime))
}

/// Shoots with the default gun and never moves.
struct Turret: GunTrait {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var gun: Gun

  func makeProjectile(direction: Vector2) -> Bolt {
    bolt(from: position, faction: faction, direction: direction, gun: gun)
  }
}

/// Fires itself: every volley is two bolts, one forward and one backward.
struct TwinTurret: GunTrait {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var gun: Gun
  var volleyTargets: [Vector2] = []

  func makeProjectile(direction: Vector2) -> Bolt {
    bolt(from: position, faction: faction, direction: direction, gun: gun)
  }

  mutating func fire(at target: Vector2, in context: inout TickContext) {
    volleyTargets.append(target)
    let direction = (target - position).normalized
    context.spawn(makeProjectile(direction: direction))
    context.spawn(makeProjectile(direction: direction * -1))
  }
}

/// Shoots and walks: holds position while a target is in range.
struct Gunner: WalkingGun {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var movement: Movement
  var gun: Gun

  func makeProjectile(direction: Vector2) -> Bolt {
    bolt(from: position, faction: faction, direction: direction, gun: gun)
  }
}

/// A `Gunner` that, while reloading, looks for something to shoot at every fourth tick.
struct WaryGunner: WalkingGun {
  static var rangeCheckInterval: UInt64 { 4 }
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var movement: Movement
  var gun: Gun

  func makeProjectile(direction: Vector2) -> Bolt {
    bolt(from: position, faction: faction, direction: direction, gun: gun)
  }
}

/// A gun that walks, built from its position, side, walk and gun.
protocol WalkingGun: SteeringTrait, GunTrait {
  init(id: EntityID<Self>, position: Vector2, faction: Faction, movement: Movement, gun: Gun)
}

extension WalkingGun {
  /// A left-side gun at x 100 in `row`, walking east to x 300 at 40 units a second.
  static func walking(row: Float, gun: Gun) -> Self {
    Self(
      id: .unassigned, position: Vector2(100, row), faction: .left,
      movement: Movement(speed: 40, destination: Vector2(300, row)), gun: gun)
  }
}

// MARK: - Spawners

/// Earns and saves with the default spawner.
struct Bank: SpawnerTrait {
  var id = EntityID<Self>.unassigned
  var position = Vector2.zero
  var faction = Faction.left
  var spawner: Spawner
}

/// Spends itself: records every decision and, when `hatches`, spawns a walker each time.
struct Hatchery: SpawnerTrait {
  var id = EntityID<Self>.unassigned
  var position = Vector2(500, 500)
  var faction = Faction.left
  var spawner: Spawner
  var hatches = false
  /// Walkers are hatched at a random height when set, else at `position`.
  var randomHeight = false
  var spendTicks: [UInt64] = []
  var pendingBefore: [Int] = []
  var hatchedCount = 0

  mutating func spend(in context: inout TickContext) {
    spendTicks.append(context.tick)
    pendingBefore.append(context.pendingSpawnCount)
    guard hatches else { return }
    var spot = position
    if randomHeight { spot.y = context.random.nextFloat(in: 0...1000) }
    context.spawn(
      Walker(at: spot, movement: Movement(speed: 40, destination: Vector2(900, spot.y))))
    hatchedCount += 1
  }
}

// MARK: - Factions

extension Faction {
  /// The first of a test world's two factions.
  static let left = Faction(0)
  /// The second of a test world's two factions.
  static let right = Faction(1)
}

// MARK: - Parallel systems

/// What a `Budding` entity saw when its parallel system last ran.
struct BuddingRecord: Component {
  var spawnsBefore = 0
  var despawnsBefore = 0
  var roll: UInt64 = 0
}

/// Spawns a bud every third entity and despawns every fifth (in a system that runs in
/// parallel), recording the request counts and a random draw it saw first.
struct Budding: GameObject {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  var faction = Faction.left
  var record = BuddingRecord()
  let number: Int
}

/// Anything the `budding` system runs: `Budding`, and two more types that do the same.
protocol Budder: GameObject {
  var record: BuddingRecord { get set }
  var number: Int { get }
}

extension Budding: Budder {}

/// A `Budding` of a type of its own.
struct Sprouting: Budder {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  var faction = Faction.left
  var record = BuddingRecord()
  let number: Int
}

/// A `Budding` of a third type.
struct Seeding: Budder {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  var faction = Faction.right
  var record = BuddingRecord()
  let number: Int
}

extension Budder {
  /// The budding system's work on this type.
  static var buddingJob: any AnySystemJob {
    SystemJob<Self>(
      component: \.record, effects: [.spawns, .despawns, .randomness],
      run: { pool, context in
        for index in pool.indices {
          pool[index].record.spawnsBefore = context.pendingSpawnCount
          pool[index].record.despawnsBefore = context.despawnRequestCount
          pool[index].record.roll = context.random.next()
          let number = pool[index].number
          if number % 3 == 0 { context.spawn(Bare()) }
          if number % 5 == 0 { context.despawn(pool[index].id) }
        }
      })
  }
}

extension TraitSystem {
  /// Runs every `Budder` entity, in parallel chunks.
  static let budding = TraitSystem(
    name: "budding", trait: (any Budder).self, runsInParallel: true
  ) { ($0 as? any Budder.Type)?.buddingJob }
}
