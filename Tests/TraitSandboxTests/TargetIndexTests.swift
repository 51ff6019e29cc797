import Frames
import Testing
import TraitSandbox

@Suite("TargetIndex")
struct TargetIndexTests {
  private func target(at position: Vector2, faction: Faction = .right, radius: Float = 2) -> Dummy {
    Dummy(faction: faction, at: position, health: Health(maximum: 100, radius: radius))
  }

  /// Steps a world holding `probe` and `targets` (spawned in order) once; returns the probe.
  private func probe(_ probe: Probe, among targets: [Dummy], arena: Vector2 = Vector2(1000, 1000))
    throws -> (Probe, [Dummy])
  {
    var world = makeWorld(arena: arena, extra: [.probe])
    world.spawn(probe)
    for target in targets { world.spawn(target) }
    world.step()
    let probed = try #require(world.entities(of: Probe.self).first)
    // The world keeps entities in grid-cell order; the tests name them in spawn order.
    return (probed, world.entities(of: Dummy.self).sorted { $0.id < $1.id })
  }

  @Test("nearestEnemy picks the nearest enemy")
  func nearest() throws {
    var world = makeWorld(extra: [.probe])
    world.spawn(Probe(position: Vector2(500, 500), faction: .left, reach: 100))
    world.spawn(target(at: Vector2(560, 500)))
    let nearest = world.spawn(target(at: Vector2(500, 470)))
    world.spawn(target(at: Vector2(450, 450)))
    world.step()
    #expect(world.entities(of: Probe.self).first?.found == nearest.erased)
  }

  @Test("the nearest enemy wins even when a farther one shares the probe's grid cell")
  func nearestAcrossCells() throws {
    // 202 entries in a 1000 x 1000 arena make cells about 141 units wide: the probe and the
    // far enemy are in column 0, the near enemy just across the line in column 1.
    var targets = [target(at: Vector2(10, 500)), target(at: Vector2(150, 500))]
    for index in 0..<200 {
      targets.append(
        target(
          at: Vector2(900 + Float(index % 20) * 5, 900 + Float(index / 20) * 5), faction: .left))
    }
    let (probe, dummies) = try probe(
      Probe(position: Vector2(139, 500), faction: .left, reach: 200), among: targets)
    #expect(probe.found == dummies[1].id.erased)
  }

  @Test("a negative reach finds and hits nothing, and never traps")
  func negativeReach() throws {
    // A reach below zero comes only from damaged data (a fuzzed snapshot found it): the
    // search box must not turn inside out.
    var targets = [target(at: Vector2(500, 500)), target(at: Vector2(505, 500))]
    for index in 0..<300 {
      targets.append(target(at: Vector2(Float(index % 30) * 30, Float(index / 30) * 90)))
    }
    let (probe, _) = try probe(
      Probe(
        position: Vector2(502, 500), faction: .left, reach: -50, splashRadius: -40,
        splashDamage: 5),
      among: targets)
    #expect(probe.found == nil)
    #expect(probe.splashHits == 0)
    var world = makeWorld()
    world.spawn(
      Turret(
        position: Vector2(500, 500), faction: .left,
        gun: Gun(damage: 1, range: -100, cooldown: 1, projectileSpeed: 10, projectileLifetime: 1)))
    for target in targets { world.spawn(target) }
    for _ in 0..<3 { world.step() }
    #expect(world.entities(of: Bolt.self).isEmpty)
  }

  @Test("nearestEnemy ignores allies, however close")
  func ignoresAllies() throws {
    var world = makeWorld(extra: [.probe])
    world.spawn(Probe(position: Vector2(500, 500), faction: .left, reach: 100))
    world.spawn(target(at: Vector2(501, 500), faction: .left))
    let enemy = world.spawn(target(at: Vector2(550, 500)))
    world.spawn(target(at: Vector2(499, 500), faction: .left))
    world.step()
    #expect(world.entities(of: Probe.self).first?.found == enemy.erased)
  }

  @Test("nearestEnemy finds nothing when only allies are near")
  func onlyAllies() throws {
    let (probe, _) = try probe(
      Probe(position: Vector2(500, 500), faction: .right, reach: 100),
      among: [target(at: Vector2(510, 500))])
    #expect(probe.found == nil)
  }

  @Test("reach counts up to the edge of the target's body, inclusive")
  func reachPlusRadius() throws {
    // 20 away with a body of radius 5: a reach of 15 touches it, 14 does not.
    let (touching, _) = try probe(
      Probe(position: Vector2(100, 50), faction: .left, reach: 15),
      among: [target(at: Vector2(120, 50), radius: 5)])
    #expect(touching.found == AnyEntityID(rawValue: 2))
    let (short, _) = try probe(
      Probe(position: Vector2(100, 50), faction: .left, reach: 14),
      among: [target(at: Vector2(120, 50), radius: 5)])
    #expect(short.found == nil)
  }

  @Test("a large body far away is found when its edge is within reach")
  func largeBody() throws {
    // In a crowded arena the grid's cells are small (about 141 units); the 300-radius body's
    // centre lies three cells from the probe's.
    var targets = [target(at: Vector2(900, 500), radius: 300)]
    for index in 0..<200 {
      targets.append(
        target(at: Vector2(Float(index % 20) * 5, Float(index / 20) * 5), faction: .left))
    }
    let (probe, _) = try probe(
      Probe(position: Vector2(500, 500), faction: .left, reach: 100), among: targets)
    #expect(probe.found == AnyEntityID(rawValue: 2))
  }

  @Test("an index of large bodies only, none of them in the grid, still answers")
  func largeBodiesOnly() throws {
    // 32 bodies of radius 100 in a grid of about 354-unit cells, 3 x 3: every one is large,
    // and the grid holds no body at all.
    // The one enemy's edge is 401.6 units from the probe.
    var targets: [Dummy] = []
    for index in 0..<32 {
      let x = Float(index % 8) * 120 + 60
      let y = Float(index / 8) * 60 + 600
      let faction: Faction = index == 0 ? .right : .left
      targets.append(target(at: Vector2(x, y), faction: faction, radius: 100))
    }
    let (near, dummies) = try probe(
      Probe(position: Vector2(100, 100), faction: .left, reach: 402), among: targets)
    #expect(near.found == dummies[0].id.erased)
    let (far, _) = try probe(
      Probe(position: Vector2(100, 100), faction: .left, reach: 401), among: targets)
    #expect(far.found == nil)
  }

  /// Two enemies exactly 10 units either side of the probe. With 3 entries in a 1000 x 100
  /// arena the grid has 3 columns of about 365 units and the probe sits on the first boundary,
  /// so the two targets are in different cells and the later-indexed one may be visited first.
  @Test(
    "ties go to the target indexed first, whatever the cell order",
    arguments: [(Float(375), Float(355)), (Float(355), Float(375))])
  func ties(firstX: Float, secondX: Float) throws {
    let (probe, dummies) = try probe(
      Probe(position: Vector2(365, 50), faction: .left, reach: 20),
      among: [
        target(at: Vector2(firstX, 50)), target(at: Vector2(secondX, 50)),
        target(at: Vector2(900, 50)),
      ],
      arena: Vector2(1000, 100))
    #expect(probe.found == dummies[0].id.erased)
    #expect(probe.found == AnyEntityID(rawValue: 2))
  }

  @Test("damageEnemies splashes every enemy whose body is within the radius")
  func splash() throws {
    let (probe, dummies) = try probe(
      Probe(
        position: Vector2(500, 500), faction: .left, reach: 0, splashRadius: 10, splashDamage: 7),
      among: [
        target(at: Vector2(512, 500)),  // 12 away, body 2: hit
        target(at: Vector2(500, 513)),  // 13 away: missed
        target(at: Vector2(500, 500), faction: .left),  // an ally: spared
        target(at: Vector2(491, 491)),  // about 12.7 away: missed
        target(at: Vector2(492, 494)),  // 10 away: hit
      ])
    #expect(probe.splashHits == 2)
    #expect(dummies.map(\.health.current) == [93, 100, 100, 100, 93])
  }

  @Test("an empty index finds nothing and splashes nothing")
  func empty() throws {
    let (probe, _) = try probe(
      Probe(
        position: Vector2(500, 500), faction: .left, reach: 100, splashRadius: 50, splashDamage: 1),
      among: [])
    #expect(probe.found == nil)
    #expect(probe.splashHits == 0)
  }
}
