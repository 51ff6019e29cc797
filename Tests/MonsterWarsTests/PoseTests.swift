import Frames
import MonsterWars
import Testing
import TraitSandbox

private let quirkStats = UnitStats(
  cost: 20, health: 40, speed: 60, radius: 10,
  melee: MeleeStats(damage: 6, reach: 12, cooldown: 0.5))

@Suite("Pose")
struct PoseTests {
  @Test("a monster's look follows from its body, its side and its pose")
  func lookFollowsFromStoredState() {
    let left = QuirkMonster(
      stats: quirkStats, side: .left, at: Vector2(100, 100), marchingOn: Vector2(900, 100))
    let right = QuirkMonster(
      stats: quirkStats, side: .right, at: Vector2(900, 100), marchingOn: Vector2(100, 100))
    #expect(left.appearance.size == Vector2(24, 24))
    #expect(left.appearance.tint == Side.left.color)
    #expect(right.appearance.tint == Side.right.color)
    #expect(left.appearance.rotation == 0)
    // Each faces the enemy's side of the arena.
    #expect(!left.appearance.facesLeft)
    #expect(right.appearance.facesLeft)
    #expect(left.appearance == .unit(radius: 10, side: .left))
  }

  @Test("changing a monster's look through its appearance changes its pose")
  func appearanceWritesThePose() {
    var quirk = QuirkMonster(
      stats: quirkStats, side: .left, at: Vector2(100, 100), marchingOn: Vector2(900, 100))
    quirk.appearance.animationTime += 0.5
    quirk.appearance.facesLeft = true
    #expect(quirk.pose == Pose(facesLeft: true, animationTime: 0.5))
    #expect(quirk.appearance.animationTime == 0.5)
    #expect(quirk.appearance.size == Vector2(24, 24))
  }

  @Test("walking turns a monster and runs its animation clock")
  func walkingTurnsAndAnimates() throws {
    var world = World(seed: 1, fixedDeltaTime: 0.25, arenaSize: Vector2(1000, 200))
    // A left-side Quirk sent back toward the left edge: it turns to face the way it walks.
    world.spawn(
      QuirkMonster(
        stats: quirkStats, side: .left, at: Vector2(500, 100), marchingOn: Vector2(0, 100)))
    world.step()
    let quirk = try #require(world.entities(of: QuirkMonster.self).first)
    #expect(quirk.pose == Pose(facesLeft: true, animationTime: 0.25))
  }

  @Test("monsters store no padding: a big battle moves as few bytes as possible")
  func monstersAreSmall() {
    // id 8, position 8, movement 22, faction 1, health 16, weapon, pose 8.
    #expect(MemoryLayout<QuirkMonster>.stride <= 88)
    #expect(MemoryLayout<MunchMonster>.stride <= 88)
    #expect(MemoryLayout<ZapMonster>.stride <= 112)
    #expect(MemoryLayout<LaserBolt>.stride <= 80)
  }
}
