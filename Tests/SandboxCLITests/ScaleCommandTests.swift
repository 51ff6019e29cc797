import DispatchBenchmark
import GameShell
import MonsterWars
import Testing

@testable import SandboxCLI

@Suite("sandbox scale")
struct ScaleCommandTests {
  @Test("a debug build refuses to time and says how to build for timing")
  func debugBuildRefuses() {
    let result = sandbox("scale", "--sizes", "100", "--ticks", "1")
    #if DEBUG
      #expect(result.status == 64)
      #expect(result.error.contains("swift run -c release sandbox scale"))
    #else
      #expect(result.status == 0)
    #endif
  }

  @Test("sizes and thread counts are comma-separated numbers in range")
  func lists() throws {
    func numbers(_ text: String, in range: ClosedRange<Int>) throws(OptionValueError) -> [Int] {
      try CommaList.wholeNumbers(text, in: range, example: "1,2")
    }
    #expect(try numbers("10000, 100000", in: 1...3_000_000) == [10_000, 100_000])
    #expect(throws: OptionValueError.self) { try numbers("10,,20", in: 1...100) }
    #expect(throws: OptionValueError.self) { try numbers("0", in: 1...100) }
    #expect(throws: OptionValueError.self) { try numbers("0x10", in: 1...100) }
    let result = sandbox("scale", "--threads", "1,300")
    #expect(result.status == 64)
    #expect(result.error.contains("'--threads <n,n,...>'"))
  }

  @Test("one measurement steps the swarm and times every tick")
  func measure() throws {
    let scenario = try AssetFolder(root: packageRoot.appendingPathComponent("Assets"))
      .loadScenario("swarm", invocation: invocation())
    var scaling = TickScaling(ticks: 3, entityName: "monsters")
    for threads in [1, 2] {
      let measurement = scaling.measure(entities: 500, threads: threads) {
        Match(scenario: scenario, seed: 1, swarmCount: 500)
      } entityCount: {
        $0.world.entityCount
      } threadsUsed: {
        $0.world.tickThreadCount
      }
      // 500 monsters are too few to share: every tick steps on one thread.
      #expect(measurement.threadsUsed == 1)
      #expect(measurement.nanoseconds.count == 3)
      #expect(measurement.milliseconds.allSatisfy { $0 > 0 })
      #expect(measurement.setupSeconds > 0)
    }
    // Each row is measured against the one-thread row of its size: its speed-up.
    let rows = scaling.measurements.map { scaling.row($0) }
    #expect(rows[0].hasPrefix("       500        1") && rows[0].contains("        1.00x"))
    #expect(rows[1].hasPrefix("       500        2") && rows[1].contains("x "))
    #expect(!rows[0].contains("stepped on"))
    #expect(rows[1].hasSuffix("  (stepped on 1: too few monsters to share)\n"), "\(rows[1])")
    #expect(scaling.header(describing: "Swarm").contains("  monsters  threads   ms/tick"))
    #expect(
      scaling.json(peakMemoryBytes: 1).contains(#""monsters":500,"threads":2,"threadsUsed":1,"#))
  }

  private func invocation() -> Sandbox.Invocation {
    Sandbox.Invocation(
      arguments: [], environment: [:], executablePath: "/nonexistent/bin/sandbox",
      workingDirectory: packageRoot.path)
  }
}
