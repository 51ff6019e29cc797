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
