/// The results of one benchmark run, ready to print or save.
public struct BenchmarkReport: Sendable, Codable, Equatable {
  /// What every strategy computes.
  public var workload =
    "Per tick, every entity moves by velocity x dt and bounces off the walls of a 1280 x 720"
    + " arena, then regains health up to its maximum; 4 entity kinds (scout 40 %, runner 30 %,"
    + " brute 20 %, hauler 10 %) in random order; Float arithmetic; dt = 1/60 s"
  /// The unit of every timing.
  public var unit = "nanoseconds per entity per tick"
  /// How the binary was built.
  public var build: BuildConfiguration
  /// Where it ran.
  public var machine: Machine
  /// The entity counts measured, in order.
  public var sizes: [Int]
  /// Timed samples per strategy and size (0 when only checksums were checked).
  public var sampleCount: Int
  /// Ticks run before the checksums were compared.
  public var verificationTicks: Int
  /// Seeds the workload.
  public var seed: UInt64
  /// Whether the strategies were timed.
  public var isTimed: Bool
  /// Every strategy at every size, size by size, in strategy order.
  public var measurements: [Measurement]
  /// How TraitSandbox's world compares with the goals, if this run can say.
  public var verdict: Verdict?

  /// Creates a report.
  public init(
    build: BuildConfiguration, machine: Machine, sizes: [Int], sampleCount: Int,
    verificationTicks: Int, seed: UInt64, isTimed: Bool, measurements: [Measurement],
    verdict: Verdict? = nil
  ) {
    self.build = build
    self.machine = machine
    self.sizes = sizes
    self.sampleCount = sampleCount
    self.verificationTicks = verificationTicks
    self.seed = seed
    self.isTimed = isTimed
    self.measurements = measurements
    self.verdict = verdict
  }

  /// The measurements at one size, in strategy order.
  public func measurements(entityCount: Int) -> [Measurement] {
    measurements.filter { $0.entityCount == entityCount }
  }

  /// The strategies measured, in order.
  public var strategyNames: [String] {
    var names: [String] = []
    for measurement in measurements where !names.contains(measurement.strategy) {
      names.append(measurement.strategy)
    }
    return names
  }
}

/// The goals for TraitSandbox's world at 100,000 entities: within 2x of the fastest
/// structure-of-arrays strategy, and at least 5x faster than the fastest of strategies 1 to 4.
public struct Verdict: Sendable, Codable, Equatable {
  /// The size the goals are stated at.
  public static let entityCount = 100_000
  /// The most the world may cost relative to structure of arrays.
  public static let structureOfArraysLimit = 2.0
  /// The least the world's speed-up over strategies 1 to 4 may be.
  public static let dispatchSpeedUpGoal = 5.0

  /// The entity count compared.
  public var entityCount: Int
  /// The fastest structure-of-arrays strategy (number 8).
  public var structureOfArrays: String
  /// The world's median over that strategy's median.
  public var worldOverStructureOfArrays: Double
  /// The fastest of strategies 1 to 4.
  public var fastestDispatch: String
  /// That strategy's median over the world's median.
  public var dispatchOverWorld: Double

  /// Whether the world is within 2x of structure of arrays.
  public var meetsStructureOfArraysGoal: Bool
  /// Whether the world is at least 5x faster than strategies 1 to 4.
  public var meetsDispatchGoal: Bool

  /// Compares the world at 100,000 entities, if it and both comparisons were timed there.
  init?(_ measurements: [Measurement]) {
    let atSize = measurements.filter { $0.entityCount == Self.entityCount && $0.median != nil }
    func fastest(_ numbers: ClosedRange<Int>) -> Measurement? {
      atSize.filter { numbers.contains($0.strategyNumber) }.min { $0.median! < $1.median! }
    }
    guard let world = atSize.first(where: { $0.strategyNumber == 9 }),
      let worldMedian = world.median,
      let structureOfArrays = fastest(8...8), let dispatch = fastest(1...4)
    else { return nil }
    entityCount = Self.entityCount
    self.structureOfArrays = structureOfArrays.strategy
    worldOverStructureOfArrays = worldMedian / structureOfArrays.median!
    fastestDispatch = dispatch.strategy
    dispatchOverWorld = dispatch.median! / worldMedian
    meetsStructureOfArraysGoal = worldOverStructureOfArrays <= Self.structureOfArraysLimit
    meetsDispatchGoal = dispatchOverWorld >= Self.dispatchSpeedUpGoal
  }
}
