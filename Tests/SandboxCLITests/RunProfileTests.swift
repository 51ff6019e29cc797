import Foundation
import GameShell
import MonsterWars
import Testing
import TraitSandbox

@testable import SandboxCLI

@Suite("sandbox run --profile")
struct RunProfileTests {
  @Test("the text report ends with a row per system, the tick, set-up, bytes and memory")
  func text() throws {
    let result = sandbox("run", "--ticks", "40", "--profile")
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n").map(String.init)
    let header = lines.firstIndex(of: "Profile (40 ticks):")
    #expect(header != nil)
    let systems = [
      "targets", "targetGrid", "spawner", "gun", "melee", "movement", "projectile", "health",
      "render", "despawns", "spawns", "spatialSort", "tick",
    ]
    for system in systems {
      #expect(lines.contains { $0.hasPrefix("  \(system) ") }, "no row for \(system)")
    }
    #expect(lines.contains { $0.hasPrefix("  system ") && $0.hasSuffix("busiest chunk") })
    #expect(lines.contains { $0.hasPrefix("  tick ") && $0.contains("100.0%") })
    #expect(
      lines.contains {
        $0.hasPrefix("  one thread works ") && $0.contains("parallel steps (barriers) a tick")
      })
    // The spatial sort's row is of the ticks that sort, 17 and 33 of 40 (on the first, the
    // duel's two castles make a grid of one cell, which no order needs): its median is one of
    // theirs, not the others' nothing.
    #expect(
      lines.contains(
        "  spatialSort: the ticks that sort, 2 of 40 (every 16 ticks), the others taking none of"
          + " its time"))
    let sort = try #require(lines.first { $0.hasPrefix("  spatialSort ") })
    let median = try #require(Double(sort.split(separator: " ")[1]))
    #expect(median > 0, "\(sort)")
    #expect(lines.contains { $0.hasPrefix("  bytes per entity: ") && $0.contains("Castle ") })
    #expect(lines.contains { $0.hasPrefix("  peak memory: ") && $0.hasSuffix(" MiB") })
  }

  @Test("Amdahl's bound: the one-thread time stays, the rest of the work divides")
  func speedUpBound() throws {
    var world = World(seed: 1, fixedDeltaTime: 1.0 / 60, arenaSize: Vector2(100, 100))
    world.threadCount = 2
    var profile = RunProfile(world: world, setupSeconds: 0)
    // Ticks of 10 ms, 9 of them in parallel steps where both threads worked throughout: 1 ms
    // of one thread, 1 + 9 x 2 = 19 ms of work.
    var parallelism = TickParallelism()
    parallelism.secondsInSteps = 0.009
    for _ in 0..<3 {
      profile.record(
        tick: 0.010, systems: world.systems.map { _ in 0 }, end: TickEndTimes(),
        parallelism: parallelism)
    }
    let bound = try #require(profile.speedUpBound)
    #expect(bound.map(\.threads) == [8, 16])
    // By hand: 19 / (1 + 18 / 8) and 19 / (1 + 18 / 16).
    #expect(abs(bound[0].speedUp - 19 / 3.25) < 1e-9 && abs(bound[1].speedUp - 19 / 2.125) < 1e-9)
    #expect(abs(bound[0].serialMilliseconds - 1) < 1e-9)
    #expect(abs(bound[0].workMilliseconds - 19) < 1e-9)
    let text = profile.text(types: [], peakMemoryBytes: 0)
    #expect(
      text.contains(
        "  Amdahl's bound: at most 5.8x one thread on 8 threads, 8.9x on 16 (1.000 ms of 19.000 ms"
      ), "\(text)")
    // On one thread nothing tells the one-thread part from the rest.
    world.threadCount = 1
    #expect(RunProfile(world: world, setupSeconds: 0).speedUpBound == nil)
  }

  @Test("on two threads, the profile names the systems that share a parallel step")
  func sharedSteps() throws {
    // A swarm of 5,000: enough entities for two threads (a duel steps on one, below).
    let swarm = ["--scenario", "swarm", "--entities", "5000", "--ticks", "20", "--threads", "2"]
    let result = sandbox(["run"] + swarm + ["--profile"])
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(!lines.contains { $0.hasPrefix("  threads: ") }, "\(result.output)")
    // Gun and melee first (a kind with a trait of its own may add a system after them, in
    // their step or another), movement handing its chunks to projectile, health to render.
    let sharing = try #require(lines.first { $0.hasPrefix("  sharing one parallel step: ") })
    #expect(
      sharing.hasPrefix("  sharing one parallel step: gun, melee")
        || sharing.hasPrefix("  sharing one parallel step: gun and melee;"), "\(sharing)")
    #expect(sharing.contains("movement and projectile; health and render ("), "\(sharing)")
    // The step is counted once, on gun; melee's row has none of its own.
    let melee = try #require(lines.first { $0.hasPrefix("  melee ") })
    let columns = melee.split(separator: " ")
    #expect(columns.count == 7 && columns[4] == "0", "\(melee)")
    let json = sandbox(["run"] + swarm + ["--profile", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let profile = try #require(object["profile"] as? [String: Any])
    let shared = try #require(profile["sharedSteps"] as? [[String]])
    #expect(shared.first?.prefix(2) == ["gun", "melee"], "\(shared)")
    #expect(shared.contains { $0.suffix(2) == ["movement", "projectile"] }, "\(shared)")
    #expect(shared.last == ["health", "render"], "\(shared)")
    #expect(profile["threadCount"] as? Int == 2 && profile["medianTickThreads"] as? Int == 2)
    // A duel's few entities step on one of the two threads: the profile says so, and shares
    // no step.
    let duel = sandbox("run", "--ticks", "20", "--threads", "2", "--profile")
    #expect(!duel.output.contains("sharing one parallel step"))
    #expect(
      duel.output.contains(
        "  threads: 20 of 20 ticks stepped on 1 of the 2 given: a world shares a tick's work only"
          + " between threads of 2048 entities each or more\n"), "\(duel.output)")
    // On one thread the systems run one after another: nothing shares a step.
    let one = sandbox("run", "--ticks", "20", "--threads", "1", "--profile")
    #expect(!one.output.contains("sharing one parallel step"))
  }

  @Test("with --json the profile is one more member, and the hash is the unprofiled one")
  func json() throws {
    let profiled = sandbox("run", "--ticks", "40", "--profile", "--json")
    let plain = sandbox("run", "--ticks", "40", "--json")
    #expect(profiled.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(profiled.output.utf8)) as? [String: Any])
    let reference = try #require(
      try JSONSerialization.jsonObject(with: Data(plain.output.utf8)) as? [String: Any])
    #expect(object["stateHash"] as? String == reference["stateHash"] as? String)
    let profile = try #require(object["profile"] as? [String: Any])
    #expect(profile["ticks"] as? Int == 40)
    let systems = try #require(profile["systems"] as? [String: Any])
    // Each system of the schedule, the parts of the tick's end, and the whole tick.
    #expect(
      Set(systems.keys)
        == Set(
          Roster.standard.schedule.systems.map(\.name) + ["despawns", "spawns", "spatialSort"]
            + ["tick"]))
    // The parts are parts of the tick: their shares add up to no more than the whole.
    let shares = systems.filter { $0.key != "tick" }.values.compactMap {
      ($0 as? [String: Any])?["share"] as? Double
    }
    #expect(shares.count == systems.count - 1)
    #expect(shares.reduce(0, +) <= 1.000_001)
    // How each part used its threads: the tick's one-thread time within its own.
    let tick = try #require(systems["tick"] as? [String: Any])
    let oneThread = try #require(tick["oneThreadMilliseconds"] as? Double)
    let median = try #require(tick["medianMilliseconds"] as? Double)
    #expect(oneThread >= 0 && oneThread <= median)
    #expect(tick["parallelSteps"] is Double && tick["busiestChunkShare"] is Double)
    let bytes = try #require(profile["bytesPerEntity"] as? [String: Int])
    #expect((bytes["QuirkMonster"] ?? 0) > 0)
    #expect((profile["peakMemoryBytes"] as? Int ?? 0) > 1_000_000)
  }
}
