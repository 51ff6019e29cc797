import MonsterWars
import Testing
import TraitSandbox

@Suite("Stepping on several threads")
struct ParallelSteppingTests {
  /// The hash, statistics and entity count of a match after `ticks` ticks on `threads`.
  private func play(
    _ name: String, swarmCount: Int? = nil, ticks: Int, threads: Int
  ) throws -> (StateHash, MatchStatistics, Int) {
    var match = Match(scenario: try scenario(name), seed: 11, swarmCount: swarmCount)
    match.shareTicks(threads: threads)
    for _ in 0..<ticks { match.step() }
    return (match.world.stateHash(), match.statistics, match.world.entityCount)
  }

  @Test("a swarm of several chunks gives the same hash on 1, 2 and 3 threads")
  func swarm() throws {
    // More than two chunks of monsters, so chunks really are split between threads.
    let count = World.chunkSize * 2 + 1_500
    let one = try play("swarm", swarmCount: count, ticks: 12, threads: 1)
    let two = try play("swarm", swarmCount: count, ticks: 12, threads: 2)
    let three = try play("swarm", swarmCount: count, ticks: 12, threads: 3)
    #expect(one.0 == two.0)
    #expect(one.0 == three.0)
    #expect(one.1 == two.1 && one.1 == three.1)
    // The battle happened: monsters died and lasers flew.
    #expect(one.1.rows.contains { $0.killed.left + $0.killed.right > 0 })
    #expect(one.1.rows.contains { $0.typeName == "LaserBolt" && $0.spawned.left > 0 })
  }

  @Test("a duel gives the same hash on 1 and 2 threads, all the way through")
  func duel() throws {
    let one = try play("duel", ticks: 3_000, threads: 1)
    let two = try play("duel", ticks: 3_000, threads: 2)
    #expect(one.0 == two.0)
    #expect(one.1 == two.1)
    #expect(one.2 == two.2)
  }
}
