/// The results of one benchmark run, ready to print or save.
public struct BenchmarkReport: Sendable, Decodable, Equatable {
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
  /// The turns the strategies took at each size, each timing a share of every strategy's
  /// samples (1 when only checksums were checked).
  public var rounds: Int
  /// Ticks run before the checksums were compared.
  public var verificationTicks: Int
  /// Seeds the workload.
  public var seed: UInt64
  /// Whether the strategies were timed.
  public var isTimed: Bool
  /// Every strategy at every size, size by size, in strategy order.
  public var measurements: [Measurement]
  /// How TraitSandbox's world compares with structure of arrays and the fastest dynamic
  /// dispatch, if this run timed what that needs.
  public var worldComparison: WorldComparison?

  /// Creates a report.
  public init(
    build: BuildConfiguration, machine: Machine, sizes: [Int], sampleCount: Int, rounds: Int = 1,
    verificationTicks: Int, seed: UInt64, isTimed: Bool, measurements: [Measurement],
    worldComparison: WorldComparison? = nil
  ) {
    self.build = build
    self.machine = machine
    self.sizes = sizes
    self.sampleCount = sampleCount
    self.rounds = rounds
    self.verificationTicks = verificationTicks
    self.seed = seed
    self.isTimed = isTimed
    self.measurements = measurements
    self.worldComparison = worldComparison
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
