/// What a benchmark run measures and how.
public struct BenchmarkConfiguration: Sendable, Equatable {
  /// The entity counts, in the order they are measured.
  public var sizes: [Int]
  /// Timed samples per strategy and size.
  public var sampleCount: Int
  /// How many turns the strategies take at each size, each turn timing a share of every
  /// strategy's samples, so that a machine whose speed drifts during the run slows every
  /// strategy alike; at most `sampleCount` take effect.
  public var rounds: Int
  /// The strategies, in the order they are measured.
  public var strategies: [DispatchStrategy]
  /// Seeds the workload's initial state.
  public var seed: UInt64
  /// Whether to time the strategies; if not, only their checksums are checked.
  public var measuresTime: Bool
  /// Ticks run before every checksum is compared with the reference simulation's.
  public var verificationTicks: Int
  /// The shortest a timed sample may take; ticks per sample are chosen to reach it.
  public var minimumSampleNanoseconds: UInt64

  /// The default sizes: 1k, 10k, 100k and 1M entities.
  public static let defaultSizes = [1_000, 10_000, 100_000, 1_000_000]
  /// The default number of samples.
  public static let defaultSampleCount = 15
  /// The sizes of a quick run.
  public static let quickSizes = [100, 1_000]
  /// The samples of a quick run.
  public static let quickSampleCount = 3
  /// The default number of rounds.
  public static let defaultRounds = 5

  /// How the samples are shared between the rounds that take effect.
  package var sampleRounds: SampleRounds {
    SampleRounds(sampleCount: sampleCount, rounds: measuresTime ? rounds : 1)
  }

  /// Creates a configuration.
  public init(
    sizes: [Int] = defaultSizes, sampleCount: Int = defaultSampleCount,
    rounds: Int = defaultRounds, strategies: [DispatchStrategy] = DispatchStrategy.all,
    seed: UInt64 = 1,
    measuresTime: Bool = true, verificationTicks: Int = 16,
    minimumSampleNanoseconds: UInt64 = 20_000_000
  ) {
    self.sizes = sizes
    self.sampleCount = sampleCount
    self.rounds = rounds
    self.strategies = strategies
    self.seed = seed
    self.measuresTime = measuresTime
    self.verificationTicks = verificationTicks
    self.minimumSampleNanoseconds = minimumSampleNanoseconds
  }
}
