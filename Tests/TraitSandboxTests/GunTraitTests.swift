import Testing
import TraitSandbox

@Suite("GunTrait")
struct GunTraitTests {
  /// 3 damage, range 60, one volley per second, bolts at 100 units per second.
  private let gun = Gun(
    damage: 3, range: 60, cooldown: 1, projectileSpeed: 100, projectileLifetime: 0.5)

  private func target(
    at position: Vector2, faction: Faction = .right, health: Float = 1000
  ) -> Dummy {
    Dummy(faction: faction, at: position, health: Health(maximum: health, radius: 2))
  }

  /// How many bolts joined the world on its last tick.
  private func boltsSpawned(in world: World) -> Int {
    world.lastEvents.filter { $0.kind == .spawned && $0.isAbout(Bolt.self) }.count
  }

  @Test("a gun fires its projectile at an enemy in range")
  func firesInRange() throws {
    var world = makeWorld()
    world.spawn(Turret(position: Vector2(100, 100), faction: .left, gun: gun))
    world.spawn(target(at: Vector2(130, 140)))
    world.step()
    let turret = try #require(world.entities(of: Turret.self).first)
    #expect(turret.gun.volleysFired == 1)
    #expect(turret.gun.reloadRemaining == 1)
    let bolts = world.entities(of: Bolt.self)
    try #require(bolts.count == 1)
    #expect(bolts[0].faction == .left)
    #expect(bolts[0].position == Vector2(100, 100))
    #expect(abs(bolts[0].movement.velocity.x - 60) < 1e-4)
    #expect(abs(bolts[0].movement.velocity.y - 80) < 1e-4)
    #expect(bolts[0].projectile.damage == 3)
    #expect(bolts[0].projectile.lifetimeRemaining == 0.5)
  }

  @Test("range is measured to the edge of the target's body")
  func rangeIncludesBody() {
    var world = makeWorld()
    world.spawn(Turret(position: Vector2(100, 100), faction: .left, gun: gun))
    world.spawn(target(at: Vector2(162, 100)))
    world.step()
    #expect(world.entities(of: Turret.self).first?.gun.volleysFired == 1)

    var farWorld = makeWorld()
    farWorld.spawn(Turret(position: Vector2(100, 100), faction: .left, gun: gun))
    farWorld.spawn(target(at: Vector2(163, 100)))
    farWorld.step()
    #expect(farWorld.entities(of: Turret.self).first?.gun.volleysFired == 0)
    #expect(farWorld.entities(of: Bolt.self).isEmpty)
  }

  @Test("a gun never fires at allies")
  func ignoresAllies() {
    var world = makeWorld()
    world.spawn(Turret(position: Vector2(100, 100), faction: .left, gun: gun))
    world.spawn(target(at: Vector2(110, 100), faction: .left))
    world.step()
    #expect(world.entities(of: Turret.self).first?.gun.volleysFired == 0)
    #expect(world.entities(of: Bolt.self).isEmpty)
  }

  @Test("a gun waits for its cooldown between volleys")
  func cooldown() {
    var world = makeWorld()
    world.spawn(Turret(position: Vector2(100, 100), faction: .left, gun: gun))
    world.spawn(target(at: Vector2(100, 150)))
    // One second between volleys, four ticks per second: volleys on ticks 1, 5 and 9.
    var volleys: [Int32] = []
    var spawned: [Int] = []
    for _ in 0..<9 {
      world.step()
      volleys.append(world.entities(of: Turret.self).first?.gun.volleysFired ?? -1)
      spawned.append(boltsSpawned(in: world))
    }
    #expect(volleys == [1, 1, 1, 1, 2, 2, 2, 2, 3])
    #expect(spawned == [1, 0, 0, 0, 1, 0, 0, 0, 1])
  }

  @Test("a gun that moves holds position while a target is in range")
  func gunnerHolds() throws {
    var world = makeWorld()
    world.spawn(
      Gunner.walking(row: 100, gun: gun))
    world.spawn(target(at: Vector2(150, 100)))
    world.step()
    let gunner = try #require(world.entities(of: Gunner.self).first)
    #expect(gunner.position == Vector2(100, 100))
    #expect(gunner.movement.velocity == .zero)
    #expect(!gunner.movement.isHolding)
    #expect(gunner.gun.volleysFired == 1)
    // Still in range while reloading: it keeps holding.
    world.step()
    #expect(world.entities(of: Gunner.self).first?.position == Vector2(100, 100))
  }

  @Test("a reloading gun that moves walks on once its target is gone")
  func reloadingGunnerWalksOn() throws {
    var world = makeWorld()
    world.spawn(
      Gunner.walking(row: 100, gun: gun))
    // One bolt kills it: the bolt reaches it two ticks after the volley.
    world.spawn(
      Dummy(faction: .right, at: Vector2(150, 100), health: Health(maximum: 1, radius: 2)))
    var ticks = 0
    while !world.entities(of: Dummy.self).isEmpty && ticks < 4 {
      world.step()
      ticks += 1
    }
    try #require(world.entities(of: Dummy.self).isEmpty)
    #expect(world.entities(of: Gunner.self).first?.position == Vector2(100, 100))
    world.step()
    let gunner = try #require(world.entities(of: Gunner.self).first)
    #expect(gunner.gun.volleysFired == 1)
    #expect(gunner.gun.reloadRemaining > 0)
    #expect(gunner.position == Vector2(110, 100))
  }

  @Test("a gun that looks every fourth tick while reloading holds until its own look")
  func staggeredLooks() throws {
    var world = makeWorld()
    var slowGun = gun
    slowGun.cooldown = 5
    let rows: [Float] = [100, 300, 500, 700]
    for y in rows {
      world.spawn(
        WaryGunner.walking(row: y, gun: slowGun))
    }
    for y in rows {
      world.spawn(target(at: Vector2(150, y), health: 1))
    }
    // Each gun fires on the first tick; its bolt kills its target two ticks later.
    var ticks = 0
    while !world.entities(of: Dummy.self).isEmpty && ticks < 4 {
      world.step()
      ticks += 1
    }
    try #require(world.entities(of: Dummy.self).isEmpty)
    #expect(world.entities(of: WaryGunner.self).allSatisfy { $0.position.x == 100 })
    // Every gun reloads for 20 ticks: each walks on at its first look after the kill, on
    // consecutive ticks for consecutive identities.
    let firstMove = firstSteps(east: 100, of: WaryGunner.self, in: &world, ticks: 4)
    #expect(rows.compactMap { firstMove[$0] }.sorted() == [1, 2, 3, 4])
    #expect(world.entities(of: WaryGunner.self).allSatisfy { $0.gun.reloadRemaining > 0 })
  }

  @Test("a gun that doesn't move doesn't look for targets while it reloads: nothing holds it")
  func stillGunDoesNotLook() throws {
    var world = makeWorld()
    var slowGun = gun
    slowGun.cooldown = 5
    world.spawn(Turret(position: Vector2(100, 100), faction: .left, gun: slowGun))
    world.spawn(
      Gunner.walking(row: 300, gun: slowGun))
    for y: Float in [100, 300] {
      world.spawn(target(at: Vector2(150, y), health: 1))
    }
    // Both fire on the first tick, and their bolts kill both targets two ticks later.
    for _ in 0..<4 { world.step() }
    try #require(world.entities(of: Dummy.self).isEmpty)
    let turret = try #require(world.entities(of: Turret.self).first)
    let gunner = try #require(world.entities(of: Gunner.self).first)
    #expect(turret.gun.volleysFired == 1 && gunner.gun.volleysFired == 1)
    #expect(turret.gun.reloadRemaining > 0 && gunner.gun.reloadRemaining > 0)
    // The gunner looked and saw nothing; the turret's answer is still the volley's.
    #expect(!gunner.gun.hasTargetInRange)
    #expect(turret.gun.hasTargetInRange)
  }

  @Test("a gun that moves walks on while nothing is in range")
  func gunnerWalks() {
    var world = makeWorld()
    world.spawn(
      Gunner.walking(row: 100, gun: gun))
    world.spawn(target(at: Vector2(300, 300)))
    world.step()
    #expect(world.entities(of: Gunner.self).first?.position == Vector2(110, 100))
  }

  @Test("an entity's own fire is the one the world calls")
  func ownFireIsCalled() throws {
    var world = makeWorld()
    world.spawn(TwinTurret(position: Vector2(100, 100), faction: .left, gun: gun))
    world.spawn(target(at: Vector2(100, 140)))
    world.step()
    let turret = try #require(world.entities(of: TwinTurret.self).first)
    #expect(turret.volleyTargets == [Vector2(100, 140)])
    #expect(turret.gun.volleysFired == 1)
    let bolts = world.entities(of: Bolt.self)
    #expect(bolts.map(\.movement.velocity) == [Vector2(0, 100), Vector2(0, -100)])
  }
}
