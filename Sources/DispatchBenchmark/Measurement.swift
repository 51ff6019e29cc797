/// One strategy at one size: its checksum and, if timed, nanoseconds per entity per tick.
public struct Measurement: Sendable, Decodable, Equatable {
  /// The strategy's name.
  public var strategy: String
  /// The strategy's number in the benchmark's list.
  public var strategyNumber: Int
  /// The number of entities.
  public var entityCount: Int
  /// The checksum after the verification ticks, as 16 hex digits.
  public var checksum: String
  /// Ticks run in each timed sample.
  public var ticksPerSample: Int?
  /// Every sample's nanoseconds per entity per tick, in the order taken.
  public var samples: [Double]?
  /// The median sample.
  public var median: Double?
  /// The fastest sample.
  public var minimum: Double?
  /// The slowest sample.
  public var maximum: Double?
  /// The median divided by the fastest strategy's median at this size.
  public var ratioToFastest: Double?

  /// Creates a measurement from its checksum and, if timed, its samples.
  public init(
    strategy: DispatchStrategy, entityCount: Int, checksum: WorkloadChecksum,
    ticksPerSample: Int? = nil, samples: [Double]? = nil
  ) {
    self.strategy = strategy.name
    self.strategyNumber = strategy.number
    self.entityCount = entityCount
    self.checksum = checksum.description
    self.ticksPerSample = ticksPerSample
    self.samples = samples
    summarise()
  }

  /// Adds samples taken later (in a later round) and updates the median, fastest and slowest.
  mutating func append(samples more: [Double]) {
    samples = (samples ?? []) + more
    summarise()
  }

  /// The median, fastest and slowest of the samples.
  private mutating func summarise() {
    if let samples, !samples.isEmpty {
      median = samples.median
      minimum = samples.min()
      maximum = samples.max()
    }
  }
}
