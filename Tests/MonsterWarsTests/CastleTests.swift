import Foundation
import MonsterWars
import Testing
import TraitSandbox

/// The duel's stats, written out so the tests do not depend on the file.
private let castleStats = CastleStats(
  health: 1500, radius: 40, inset: 80,
  gun: GunStats(
    damage: 25, range: 260, cooldown: 1.5, projectileSpeed: 420, projectileLifetime: 1.2,
    splashRadius: 30, shotCount: 3, spreadAngle: 0.3))

private let units = unitTable(
  quirk: UnitStats(
    cost: 20, health: 40, speed: 90, radius: 10,
    melee: MeleeStats(damage: 6, reach: 12, cooldown: 0.5)),
  zap: UnitStats(
    cost: 45, health: 55, speed: 55, radius: 12,
    gun: GunStats(
      damage: 12, range: 170, cooldown: 1, projectileSpeed: 480, projectileLifetime: 0.6)),
  munch: UnitStats(
    cost: 70, health: 260, speed: 32, radius: 18, regeneration: 2,
    melee: MeleeStats(damage: 22, reach: 16, cooldown: 1.2)))

private let enemyCastle = Vector2(1200, 360)

private func castle(
  at position: Vector2 = Vector2(400, 360), coins: Float = 0, stats: CastleStats = castleStats
) -> Castle {
  Castle(
    stats: stats, economy: EconomySettings(startingCoins: coins, coinsPerSecond: 0), side: .left,
    at: position, armory: Armory(roster: .standard, units: units, enemyCastle: enemyCastle),
    controller: .player)
}

private func world() -> World {
  var world = World(seed: 3, fixedDeltaTime: 1 / 60, arenaSize: Vector2(1280, 720))
  for type in Roster.standard.entityTypes { world.register(type) }
  return world
}

/// An enemy Quirk that stands where it is put.
private func enemy(at position: Vector2) -> QuirkMonster {
  QuirkMonster(stats: units[.quirk]!, side: .right, at: position, marchingOn: position)
}

private func angle(of vector: Vector2) -> Float {
  atan2(vector.y, vector.x)
}

@Suite("Castle")
struct CastleTests {
  @Test(
    "one volley fires shotCount cannonballs fanned across spreadAngle around the target",
    arguments: [Vector2(150, 0), Vector2(0, -200), Vector2(-90, 120)])
  func volley(offset: Vector2) throws {
    var world = world()
    let home = Vector2(400, 360)
    world.spawn(castle(at: home))
    world.spawn(enemy(at: home + offset))
    world.step()

    let fortress = try #require(world.entities(of: Castle.self).first)
    #expect(fortress.gun.volleysFired == 1)
    let balls = world.entities(of: Cannonball.self)
    try #require(balls.count == 3)
    let aim = angle(of: offset)
    for (ball, turn) in zip(balls, [Float(-0.15), 0, 0.15]) {
      let direction = ball.movement.velocity.normalized
      #expect(abs(angle(of: direction) - (aim + turn)) < 1e-5)
      #expect(abs(ball.movement.velocity.length - 420) < 1e-3)
      // Each ball leaves the walls in its own direction.
      let muzzle = home + direction * 40
      #expect(abs(ball.position.x - muzzle.x) < 1e-3 && abs(ball.position.y - muzzle.y) < 1e-3)
      #expect(ball.side == .left)
      #expect(ball.projectile.damage == 25)
      #expect(ball.projectile.splashRadius == 30)
      #expect(ball.projectile.lifetimeRemaining == 1.2)
    }
  }

  @Test("the outer balls of a quarter-turn fan fly at 45 degrees either side")
  func wideFan() throws {
    var stats = castleStats
    stats.gun.spreadAngle = .pi / 2
    var world = world()
    world.spawn(castle(stats: stats))
    world.spawn(enemy(at: Vector2(600, 360)))
    world.step()
    let directions = world.entities(of: Cannonball.self).map { $0.movement.velocity.normalized }
    try #require(directions.count == 3)
    let half = Float(0.5).squareRoot()
    let expected = [Vector2(half, -half), Vector2(1, 0), Vector2(half, half)]
    for (direction, wanted) in zip(directions, expected) {
      #expect(abs(direction.x - wanted.x) < 1e-5 && abs(direction.y - wanted.y) < 1e-5)
    }
  }

  @Test("a single-shot castle fires one ball straight at the target")
  func singleShot() throws {
    var stats = castleStats
    stats.gun.shotCount = 1
    var world = world()
    world.spawn(castle(stats: stats))
    world.spawn(enemy(at: Vector2(400, 560)))
    world.step()
    let balls = world.entities(of: Cannonball.self)
    try #require(balls.count == 1)
    #expect(balls[0].movement.velocity == Vector2(0, 420))
  }

  @Test("the next volley waits for the cooldown")
  func cooldown() throws {
    var world = world()
    world.spawn(castle())
    world.spawn(enemy(at: Vector2(400, 100)))
    // 1.5 seconds at 60 ticks per second: the second volley comes on tick 91, give or take
    // one tick of rounding.
    var cannonballs = 0
    func step() {
      world.step()
      cannonballs +=
        world.lastEvents.filter { $0.kind == .spawned && $0.isAbout(Cannonball.self) }
        .count
    }
    for _ in 0..<89 { step() }
    #expect(world.entities(of: Castle.self).first?.gun.volleysFired == 1)
    for _ in 0..<3 { step() }
    #expect(world.entities(of: Castle.self).first?.gun.volleysFired == 2)
    #expect(cannonballs == 6)
  }

  @Test("nothing in range: no volley")
  func holdsFire() {
    var world = world()
    world.spawn(castle())
    world.spawn(enemy(at: Vector2(400 + 271, 360)))  // range 260 + body 10 = 270
    world.step()
    #expect(world.entities(of: Castle.self).first?.gun.volleysFired == 0)
    #expect(world.entities(of: Cannonball.self).isEmpty)
  }

  @Test("a player's castle buys ordered units in order, as soon as it has the coins")
  func playerOrders() throws {
    var world = world()
    var fortress = castle(at: Vector2(80, 360), coins: 50)
    fortress.order(.quirk)
    fortress.order(.zap)
    fortress.order(.quirk)
    world.spawn(fortress)
    world.step()

    // 50 coins pay for the quirk (20) but not the zap (45), and the quirk behind it waits.
    fortress = try #require(world.entities(of: Castle.self).first)
    #expect(fortress.orders == [.zap, .quirk])
    #expect(fortress.spawner.budget == 30)
    #expect(fortress.spawner.spent == 20)
    let quirks = world.entities(of: QuirkMonster.self)
    try #require(quirks.count == 1)
    // Units appear just in front of the gate (radius 40 + 12) and march on the enemy castle.
    #expect(quirks[0].position.x == 132)
    #expect(abs(quirks[0].position.y - 360) <= 60)
    #expect(quirks[0].side == .left)
    #expect(quirks[0].movement.destination == enemyCastle)
    #expect(world.entities(of: ZapMonster.self).isEmpty)

    world.modifyEntities(of: Castle.self) { $0.spawner.budget += 35 }
    for _ in 0..<10 { world.step() }
    fortress = try #require(world.entities(of: Castle.self).first)
    #expect(fortress.orders.isEmpty)
    #expect(fortress.spawner.budget == 0)
    #expect(fortress.spawner.spent == 85)
    #expect(world.entities(of: ZapMonster.self).count == 1)
    #expect(world.entities(of: QuirkMonster.self).count == 2)
  }

  @Test("a player's castle with no orders saves its coins")
  func playerSaves() throws {
    var world = world()
    world.spawn(castle(coins: 500))
    for _ in 0..<30 { world.step() }
    #expect(world.entities(of: Castle.self).first?.spawner.budget == 500)
    #expect(world.entityCount == 1)
  }
}
