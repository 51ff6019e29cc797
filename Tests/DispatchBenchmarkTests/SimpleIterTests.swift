import Foundation
import GameShell
import Testing
import TraitSandbox

@testable import DispatchBenchmark
@testable import SandboxCLI

/// The checksum every strategy must reach: after `ticks` ticks each of `count` positions,
/// which start at (1, 0, 0) and gain a velocity of (1, 0, 0) per tick, is (1 + ticks, 0, 0).
private func expectedChecksum(count: Int, ticks: Int) -> String {
  var hasher = StateHasher()
  hasher.combine(count)
  for _ in 0..<count {
    hasher.combine(Float(1 + ticks))
    hasher.combine(Float(0))
    hasher.combine(Float(0))
  }
  return WorkloadChecksum(rawValue: hasher.finalize().rawValue).description
}

@Suite("Simple iteration: ecs_bench_suite's simple_iter beside plain Swift loops")
struct SimpleIterTests {
  @Test("Every strategy ends with every position moved by its velocity once per tick")
  func everyStrategyAddsVelocity() throws {
    for (size, ticks) in [(1, 3), (300, 16), (1_000, 40)] {
      let report = try SimpleIterBenchmark.run(
        sizes: [size], sampleCount: 3, measuresTime: false, verificationTicks: ticks)
      #expect(report.results.map(\.strategy) == SimpleIterBenchmark.strategies.map(\.name))
      for result in report.results {
        #expect(result.checksum == expectedChecksum(count: size, ticks: ticks), "\(result)")
        #expect(result.median == nil)
      }
    }
  }

  @Test("Timed rounds share each strategy's samples and take the strategies forward, then back")
  func timedRounds() throws {
    var turns: [String] = []
    let report = try SimpleIterBenchmark.run(
      sizes: [200], sampleCount: 4, rounds: 3, measuresTime: true, verificationTicks: 2,
      minimumSampleNanoseconds: 50_000
    ) { _, strategy in turns.append(strategy.name) }
    let names = SimpleIterBenchmark.strategies.map(\.name)
    #expect(turns == names + names.reversed() + names)
    #expect(report.rounds == 3)
    #expect(report.results.allSatisfy { $0.samples?.count == 4 && $0.median != nil })
    #expect(report.table().contains("median and min-max of 4 samples taken in 3 rounds"))
  }

  @Test("The world's strategy steps the world through its public API, one system")
  func worldStrategyIsTheWorld() {
    #expect(SimpleIterBenchmark.strategies.map(\.name).contains("traitsandbox-world"))
    var world = World(
      seed: 1, fixedDeltaTime: 1 / 60, arenaSize: Vector2(100, 100),
      schedule: Schedule([.init("move", [.drift])]))
    world.register(DriftingBody.self)
    world.spawn(DriftingBody())
    #expect(world.systemNames(for: DriftingBody.self) == ["drift"])
    world.step()
    world.step()
    #expect(
      world.entities(of: DriftingBody.self).map(\.location.value) == [Vector3(x: 3, y: 0, z: 0)])
    // The transform, the rotation and the velocity are carried and left alone.
    let body = world.entities(of: DriftingBody.self)[0]
    #expect(body.transform == .identity)
    #expect(body.rotation.value == .unitX)
    #expect(body.velocity.value == .unitX)
  }

  @Test("bench --workload simple-iter --quick checks every strategy at 1,000 entities")
  func quickRun() {
    let result = bench("--workload", "simple-iter", "--quick")
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.hasPrefix("Simple iteration (ecs_bench_suite simple_iter)"))
    #expect(
      result.output.contains(
        "1,000 entities - checksum \(expectedChecksum(count: 1_000, ticks: 16)) after 16 ticks"))
    for strategy in SimpleIterBenchmark.strategies {
      #expect(result.output.contains(strategy.name))
    }
  }

  @Test("--list with the simple iteration lists its own strategies")
  func list() {
    let result = bench("--workload", "simple-iter", "--list")
    #expect(result.status == 0)
    let names = result.output.split(separator: "\n").map { $0.split(separator: " ")[0] }
    #expect(names.map(String.init) == SimpleIterBenchmark.strategies.map(\.name))
  }

  @Test(
    "Options of the dispatch workload are refused with the simple iteration, by name",
    arguments: [
      ["--strategy", "soa"], ["--seed", "3"], ["--csv", "b.csv"], ["--svg", "b.svg"],
    ])
  func refusesDispatchOptions(_ option: [String]) {
    let result = bench(["--workload", "simple-iter"] + option)
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    #expect(
      result.error.contains(
        "Error: '\(option[0]) <")
        && result.error.contains(
          "applies to the dispatch workload, not to '--workload simple-iter'")
    )
  }

  @Test("An unknown workload is a usage error that names the choices")
  func unknownWorkload() {
    let result = bench("--workload", "frag-iter")
    #expect(result.status == 64)
    #expect(
      result.error.contains(
        "The value 'frag-iter' is invalid for '--workload <name>': expected dispatch or"
          + " simple-iter"))
  }
}
