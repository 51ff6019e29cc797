import Testing

@testable import DispatchBenchmark

/// A timed measurement of `name` at 100,000 entities with one sample, `median`.
private func row(_ name: String, _ median: Double) -> Measurement {
  Measurement(
    strategy: DispatchStrategy.named(name)!, entityCount: 100_000,
    checksum: WorkloadChecksum(rawValue: 1), ticksPerSample: 1, samples: [median])
}

@Suite("World comparison")
struct WorldComparisonTests {
  @Test("The world is compared with the fastest SoA and the fastest of 1 to 4")
  func comparesWithTheFastest() throws {
    let comparison = try #require(
      WorldComparison([
        row("soa", 1), row("soa-simd8", 0.5), row("traitsandbox-world", 0.6),
        row("class-hierarchy-sorted", 5), row("dynamic-cast", 100), row("enum-switch", 0.1),
      ]))
    #expect(comparison.structureOfArrays == "soa-simd8")
    #expect(comparison.fastestDispatch == "class-hierarchy-sorted")
    #expect(abs(comparison.worldOverStructureOfArrays - 1.2) < 1e-9)
    #expect(comparison.isWithinStructureOfArraysLimit)
    #expect(abs(comparison.dispatchOverWorld - 5 / 0.6) < 1e-9)
    #expect(comparison.reachesDispatchSpeedUpThreshold)
    #expect(
      comparison.lines == [
        "World comparison at 100,000 entities:",
        "  traitsandbox-world / soa-simd8: 1.20x - within 1.25x of structure of arrays",
        "  class-hierarchy-sorted (fastest of 1-4) / traitsandbox-world: 8.33x"
          + " - the world is at least 5.00x faster",
      ])
  }

  @Test("A slow world is reported past both bounds")
  func slowWorld() throws {
    let comparison = try #require(
      WorldComparison([row("soa", 1), row("traitsandbox-world", 3), row("dynamic-cast", 6)]))
    #expect(!comparison.isWithinStructureOfArraysLimit)
    #expect(!comparison.reachesDispatchSpeedUpThreshold)
    #expect(
      comparison.lines == [
        "World comparison at 100,000 entities:",
        "  traitsandbox-world / soa: 3.00x - more than 1.25x the cost of structure of arrays",
        "  dynamic-cast (fastest of 1-4) / traitsandbox-world: 2.00x"
          + " - the world is less than 5.00x faster",
      ])
  }

  @Test("The storage prototypes, numbered 9 as the world is, are not what is compared")
  func comparesTheWorldNotAPrototype() throws {
    let comparison = try #require(
      WorldComparison([
        row("soa", 1), row("world-rows", 2), row("world-block-rows", 40),
        row("traitsandbox-world", 4), row("dynamic-cast", 8),
      ]))
    #expect(abs(comparison.worldOverStructureOfArrays - 4) < 1e-9)
    #expect(abs(comparison.dispatchOverWorld - 2) < 1e-9)
  }

  @Test("Without a timed strategy 1 to 4 there is nothing to compare")
  func needsEveryKind() {
    #expect(WorldComparison([row("soa", 1), row("traitsandbox-world", 3)]) == nil)
  }
}
