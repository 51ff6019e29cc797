import Testing

@testable import DispatchBenchmark

/// A short timed run of every strategy at two small sizes (debug timings: shapes, not speeds).
let smallReport: BenchmarkReport = {
  do {
    return try Benchmark.run(
      BenchmarkConfiguration(
        sizes: [64, 512], sampleCount: 3, verificationTicks: 4,
        minimumSampleNanoseconds: 100_000))
  } catch {
    preconditionFailure("\(error)")
  }
}()

@Suite("Benchmark harness")
struct BenchmarkTests {
  @Test("A timed run measures every strategy at every size with medians and ratios")
  func timedRun() {
    let report = smallReport
    #expect(report.measurements.count == 2 * DispatchStrategy.all.count)
    #expect(report.isTimed)
    for size in [64, 512] {
      let rows = report.measurements(entityCount: size)
      #expect(Set(rows.map(\.checksum)).count == 1)
      #expect(rows.allSatisfy { $0.samples?.count == 3 && ($0.ticksPerSample ?? 0) >= 1 })
      #expect(rows.allSatisfy { $0.minimum! <= $0.median! && $0.median! <= $0.maximum! })
      #expect(rows.contains { $0.ratioToFastest == 1 })
      #expect(rows.allSatisfy { $0.ratioToFastest! >= 1 })
    }
    // No 100k size, so no world comparison.
    #expect(report.worldComparison == nil)
  }

  @Test("The rounds share each strategy's samples and take the strategies forward, then back")
  func roundsInterleave() throws {
    let configuration = BenchmarkConfiguration(
      sizes: [64], sampleCount: 4, rounds: 3,
      strategies: [.named("soa")!, .named("generic-arrays")!, .named("traitsandbox-world")!],
      verificationTicks: 2, minimumSampleNanoseconds: 50_000)
    #expect((0..<3).map(configuration.sampleRounds.samples(inRound:)) == [2, 1, 1])
    var turns: [String] = []
    let report = try Benchmark.run(configuration) { _, strategy in turns.append(strategy.name) }
    #expect(
      turns == [
        "soa", "generic-arrays", "traitsandbox-world",
        "traitsandbox-world", "generic-arrays", "soa",
        "soa", "generic-arrays", "traitsandbox-world",
      ])
    #expect(report.rounds == 3)
    #expect(report.measurements.allSatisfy { $0.samples?.count == 4 })
    #expect(report.table().contains("median and min-max of 4 samples taken in 3 rounds"))
  }

  @Test("Rounds take effect between one and one per sample, and share the samples whole")
  func roundShares() {
    for (samples, rounds, effective) in [
      (15, 5, 5), (15, 4, 4), (3, 0, 1), (3, 7, 3), (16, 16, 16),
    ] {
      let sharing = SampleRounds(sampleCount: samples, rounds: rounds)
      #expect(sharing.count == effective)
      let shares = (0..<effective).map(sharing.samples(inRound:))
      #expect(shares.reduce(0, +) == samples)
      #expect(shares.allSatisfy { $0 >= 1 } && shares.max()! - shares.min()! <= 1)
    }
    // A run that only checks checksums takes one round.
    #expect(BenchmarkConfiguration(rounds: 5, measuresTime: false).sampleRounds.count == 1)
  }

  @Test("An untimed run only checks checksums")
  func untimedRun() throws {
    let report = try Benchmark.run(
      BenchmarkConfiguration(
        sizes: [100], strategies: [.named("soa")!, .named("traitsandbox-world")!],
        measuresTime: false))
    #expect(!report.isTimed)
    #expect(report.measurements.count == 2)
    #expect(report.measurements.allSatisfy { $0.median == nil && $0.samples == nil })
    #expect(report.svg() == nil)
  }
}
