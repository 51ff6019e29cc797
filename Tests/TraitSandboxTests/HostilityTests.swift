import Testing
import TraitSandbox

@Suite("Hostility")
struct HostilityTests {
  @Test("by default every faction is the enemy of every other and a friend of itself")
  func defaults() {
    let hostility = Hostility(factionCount: 3)
    for a in hostility.factions {
      for b in hostility.factions {
        #expect(hostility.isHostile(a, to: b) == (a != b))
      }
    }
    #expect(hostility.enemies(of: Faction(1)) == [Faction(0), Faction(2)])
  }

  @Test("an alliance is mutual and can be broken again")
  func alliances() {
    var hostility = Hostility(factionCount: 3)
    hostility.setHostile(false, between: Faction(0), and: Faction(2))
    #expect(!hostility.isHostile(Faction(0), to: Faction(2)))
    #expect(!hostility.isHostile(Faction(2), to: Faction(0)))
    #expect(hostility.isHostile(Faction(1), to: Faction(2)))
    hostility.setHostile(true, between: Faction(2), and: Faction(0))
    #expect(hostility.isHostile(Faction(0), to: Faction(2)))
  }

  @Test("sixty-four factions fit")
  func largest() {
    let hostility = Hostility(factionCount: 64)
    #expect(hostility.isHostile(Faction(63), to: Faction(0)))
    #expect(!hostility.isHostile(Faction(63), to: Faction(63)))
  }

  @Test("a fighter in a three-faction world strikes the nearest enemy, never an ally")
  func targetsFollowHostility() throws {
    var hostility = Hostility(factionCount: 3)
    hostility.setHostile(false, between: Faction(0), and: Faction(1))
    var world = World(
      seed: 1, fixedDeltaTime: quarterSecond, arenaSize: Vector2(1000, 1000),
      hostility: hostility)
    let knight = world.spawn(
      Knight(
        position: Vector2(100, 100), faction: Faction(0),
        melee: Melee(damage: 5, reach: 20, cooldown: 10),
        health: Health(maximum: 50, radius: 2)))
    // The ally stands closer than the enemy; both are within reach.
    let ally = world.spawn(
      Dummy(faction: Faction(1), at: Vector2(104, 100), health: Health(maximum: 50, radius: 2)))
    let enemy = world.spawn(
      Dummy(faction: Faction(2), at: Vector2(110, 100), health: Health(maximum: 50, radius: 2)))
    world.step()
    #expect(try #require(world[ally]).health.current == 50)
    #expect(try #require(world[enemy]).health.current == 45)
    // Faction 2 is hostile to both others, so its dummy would be struck by either.
    #expect(try #require(world[knight]).melee.strikes == 1)
  }
}
