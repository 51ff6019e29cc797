import Dispatch

/// Runs the strategies over the workload at each size, checks their checksums and times them.
public enum Benchmark {
  /// Measures every strategy of `configuration` at every size.
  ///
  /// For each size it builds the workload once and computes the reference checksum; then the
  /// strategies take turns, `configuration.rounds` of them (at most one per sample), each turn
  /// timing a share of every strategy's samples. In the first round each strategy builds its entities, runs
  /// the verification ticks and compares checksums, and, if timing, chooses ticks per sample so
  /// a sample takes at least `minimumSampleNanoseconds`, warms up and takes its share; in the
  /// later rounds it builds its entities again, warms up and takes the next share. The rounds
  /// go through the strategies forward and backward in turn, so a machine that speeds up or
  /// slows down during a size's measurements shifts every strategy's samples alike, and the
  /// ratios stay those of one interleaved run. Only one strategy's entities exist at a time.
  ///
  /// - Parameter progress: Told the size and strategy about to be measured.
  /// - Throws: `ChecksumMismatch` as soon as a strategy's checksum differs from the reference.
  public static func run(
    _ configuration: BenchmarkConfiguration,
    progress: (_ entityCount: Int, _ strategy: DispatchStrategy) -> Void = { _, _ in }
  ) throws(ChecksumMismatch) -> BenchmarkReport {
    var measurements: [Measurement] = []
    let rounds = configuration.sampleRounds
    for size in configuration.sizes {
      let workload = Workload(entityCount: size, seed: configuration.seed)
      let reference = workload.referenceChecksum(ticks: configuration.verificationTicks)
      var atSize: [Measurement] = []
      for strategy in configuration.strategies {
        progress(size, strategy)
        atSize.append(
          try measure(
            strategy, workload, reference: reference, configuration: configuration,
            samples: rounds.samples(inRound: 0)))
      }
      for round in 1..<rounds.count {
        let strategies = configuration.strategies
        for index in rounds.order(inRound: round, strategies: strategies.count) {
          progress(size, strategies[index])
          resume(
            &atSize[index], strategies[index], workload, samples: rounds.samples(inRound: round))
        }
      }
      let fastest = atSize.compactMap(\.median).min()
      for index in atSize.indices {
        if let median = atSize[index].median, let fastest, fastest > 0 {
          atSize[index].ratioToFastest = median / fastest
        }
      }
      measurements += atSize
    }
    return BenchmarkReport(
      build: .current, machine: .current, sizes: configuration.sizes,
      sampleCount: configuration.measuresTime ? configuration.sampleCount : 0, rounds: rounds.count,
      verificationTicks: configuration.verificationTicks, seed: configuration.seed,
      isTimed: configuration.measuresTime, measurements: measurements,
      worldComparison: WorldComparison(measurements))
  }

  /// The first round of one strategy at one size: builds, verifies, calibrates, warms up and
  /// takes the first round's samples.
  private static func measure(
    _ strategy: DispatchStrategy, _ workload: Workload, reference: WorkloadChecksum,
    configuration: BenchmarkConfiguration, samples count: Int
  ) throws(ChecksumMismatch) -> Measurement {
    var simulation = strategy.makeSimulation(workload)
    simulation.run(ticks: configuration.verificationTicks)
    let checksum = simulation.checksum()
    guard checksum == reference else {
      throw ChecksumMismatch(
        strategy: strategy.name, entityCount: workload.entityCount,
        ticks: configuration.verificationTicks, expected: reference, actual: checksum)
    }
    blackHole(checksum.rawValue)
    guard configuration.measuresTime else {
      return Measurement(strategy: strategy, entityCount: workload.entityCount, checksum: checksum)
    }
    let ticks = ticksPerSample(minimum: configuration.minimumSampleNanoseconds) {
      time(&simulation, ticks: $0)
    }
    let samples = samples(
      of: &simulation, count: count, ticks: ticks, entityCount: workload.entityCount)
    return Measurement(
      strategy: strategy, entityCount: workload.entityCount, checksum: checksum,
      ticksPerSample: ticks, samples: samples)
  }

  /// A later round of a measured strategy: builds its entities again, warms up and adds
  /// `count` samples of the ticks per sample the first round chose.
  private static func resume(
    _ measurement: inout Measurement, _ strategy: DispatchStrategy, _ workload: Workload,
    samples count: Int
  ) {
    guard let ticks = measurement.ticksPerSample, count > 0 else { return }
    var simulation = strategy.makeSimulation(workload)
    measurement.append(
      samples: samples(
        of: &simulation, count: count, ticks: ticks, entityCount: workload.entityCount))
  }

  /// `count` samples of `ticks` ticks each, in nanoseconds per entity per tick, after a
  /// warm-up of one sample's length.
  private static func samples(
    of simulation: inout any Simulation, count: Int, ticks: Int, entityCount: Int
  ) -> [Double] {
    _ = time(&simulation, ticks: ticks)  // warm-up at the sample length
    var samples: [Double] = []
    for _ in 0..<count {
      let nanoseconds = time(&simulation, ticks: ticks)
      samples.append(Double(nanoseconds) / Double(ticks) / Double(entityCount))
    }
    blackHole(simulation.checksum().rawValue)
    return samples
  }

  /// Runs `ticks` ticks and returns the wall time in nanoseconds; the probe goes to the black
  /// hole so the work cannot be deleted.
  private static func time(_ simulation: inout any Simulation, ticks: Int) -> UInt64 {
    let start = DispatchTime.now().uptimeNanoseconds
    simulation.run(ticks: ticks)
    let end = DispatchTime.now().uptimeNanoseconds
    blackHole(simulation.probe)
    return end - start
  }
}

/// A strategy whose final state differs from the reference simulation's: a bug, which stops
/// the run.
public struct ChecksumMismatch: Error, Sendable, Equatable, CustomStringConvertible {
  /// The strategy's name.
  public var strategy: String
  /// The number of entities.
  public var entityCount: Int
  /// The ticks run before comparing.
  public var ticks: Int
  /// The reference checksum.
  public var expected: WorkloadChecksum
  /// The strategy's checksum.
  public var actual: WorkloadChecksum

  /// A sentence naming the strategy and both checksums.
  public var description: String {
    "checksum mismatch: strategy '\(strategy)' at \(entityCount) entities after \(ticks) ticks"
      + " gave \(actual), the reference simulation \(expected)"
  }
}
