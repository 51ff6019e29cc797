import Dispatch
import TraitSandbox

/// ecs_bench_suite's "simple_iter" workload, so the world's figure stands beside the figures
/// published for Rust ECS libraries: 10,000 entities, each with a 4x4 transform and a position,
/// a rotation and a velocity as 3-vectors of `Float`; each tick adds every velocity to its
/// position.
///
/// Every strategy starts from the suite's values (identity transform, every vector
/// `(1, 0, 0)`), and after the verification ticks every position must be bit-identical to the
/// plain loop's.
public enum SimpleIterBenchmark {
  /// The suite's entity count.
  public static let defaultEntityCount = 10_000

  /// One way of running the workload.
  public struct Strategy: Sendable, Hashable {
    /// The short, stable name, e.g. `swift-arrays`.
    public let name: String
    /// One line saying what the strategy does.
    public let summary: String
    fileprivate let make: @Sendable (Int) -> any SimpleIterRun

    /// Strategies compare by name.
    public static func == (lhs: Strategy, rhs: Strategy) -> Bool { lhs.name == rhs.name }

    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
  }

  /// Every strategy, in the order the benchmark runs and reports them; the first is the plain
  /// loop the others are compared with.
  public static let strategies: [Strategy] = [
    Strategy(
      name: "swift-arrays",
      summary: "A plain Swift loop over one array per component: position[i] += velocity[i]."
    ) { SeparateArraysRun(entityCount: $0) },
    Strategy(
      name: "swift-structs",
      summary: "A plain Swift loop over one array of whole 100-byte entity structs."
    ) { WholeStructsRun(entityCount: $0) },
    Strategy(
      name: "swift-float-columns",
      summary: "Hand-written structure of arrays: one Float array per axis, unsafe buffers."
    ) { FloatColumnsRun(entityCount: $0) },
    Strategy(
      name: "traitsandbox-world",
      summary: "World.step() running a DriftTrait system over DriftingBody entities."
    ) { WorldRun(entityCount: $0) },
  ]

  /// Runs every strategy at every size: checks that each ends where the plain loop does, then,
  /// if timing, takes `sampleCount` samples of at least `minimumSampleNanoseconds` each, in
  /// `rounds` turns of the strategies, forward and backward in turn, each building the
  /// strategy's entities afresh (see `Benchmark.run(_:progress:)`).
  ///
  /// - Throws: `ChecksumMismatch` when a strategy's positions differ from the plain loop's.
  public static func run(
    sizes: [Int], sampleCount: Int, rounds: Int = BenchmarkConfiguration.defaultRounds,
    measuresTime: Bool,
    verificationTicks: Int = 16, minimumSampleNanoseconds: UInt64 = 20_000_000,
    progress: (_ entityCount: Int, _ strategy: Strategy) -> Void = { _, _ in }
  ) throws(ChecksumMismatch) -> SimpleIterReport {
    let sharing = SampleRounds(sampleCount: sampleCount, rounds: measuresTime ? rounds : 1)
    var results: [SimpleIterReport.Result] = []
    for size in sizes {
      var reference = strategies[0].make(size)
      reference.run(ticks: verificationTicks)
      let expected = reference.checksum()
      var atSize: [SimpleIterReport.Result] = []
      for strategy in strategies {
        progress(size, strategy)
        var run = strategy.make(size)
        run.run(ticks: verificationTicks)
        let checksum = run.checksum()
        guard checksum == expected else {
          throw ChecksumMismatch(
            strategy: strategy.name, entityCount: size, ticks: verificationTicks,
            expected: expected, actual: checksum)
        }
        var result = SimpleIterReport.Result(
          strategy: strategy.name, entityCount: size, checksum: checksum.description)
        if measuresTime {
          let ticks = ticksPerSample(minimum: minimumSampleNanoseconds) { time(&run, ticks: $0) }
          result.ticksPerSample = ticks
          result.add(samples(of: &run, count: sharing.samples(inRound: 0), ticks: ticks))
        }
        atSize.append(result)
      }
      for round in 1..<sharing.count {
        for index in sharing.order(inRound: round, strategies: strategies.count) {
          guard let ticks = atSize[index].ticksPerSample else { continue }
          progress(size, strategies[index])
          var run = strategies[index].make(size)
          atSize[index].add(
            samples(of: &run, count: sharing.samples(inRound: round), ticks: ticks))
        }
      }
      if let baseline = atSize.first?.median, baseline > 0 {
        for index in atSize.indices {
          atSize[index].ratioToPlainLoop = atSize[index].median.map { $0 / baseline }
        }
      }
      results += atSize
    }
    return SimpleIterReport(
      build: .current, machine: .current, sizes: sizes,
      sampleCount: measuresTime ? sampleCount : 0, rounds: sharing.count,
      verificationTicks: verificationTicks, isTimed: measuresTime, results: results)
  }

  /// Microseconds per tick of `count` samples of `ticks` ticks, after a warm-up of one
  /// sample's length.
  private static func samples(of run: inout any SimpleIterRun, count: Int, ticks: Int) -> [Double] {
    _ = time(&run, ticks: ticks)
    var microseconds: [Double] = []
    for _ in 0..<count {
      microseconds.append(Double(time(&run, ticks: ticks)) / Double(ticks) / 1_000)
    }
    blackHole(run.checksum().rawValue)
    return microseconds
  }

  private static func time(_ run: inout any SimpleIterRun, ticks: Int) -> UInt64 {
    let start = DispatchTime.now().uptimeNanoseconds
    run.run(ticks: ticks)
    let end = DispatchTime.now().uptimeNanoseconds
    blackHole(run.probe)
    return end - start
  }
}

/// One strategy's own copy of the workload's entities, ready to step.
protocol SimpleIterRun {
  /// Adds every velocity to its position `ticks` times.
  mutating func run(ticks: Int)
  /// Every position, in creation order.
  func positions() -> [Vector3]
  /// A few bits of the current state, cheap to read, for the black hole after each sample.
  var probe: UInt64 { get }
}

extension SimpleIterRun {
  /// The checksum of every position's bits, in creation order.
  func checksum() -> WorkloadChecksum {
    var hasher = StateHasher()
    let positions = positions()
    hasher.combine(positions.count)
    for position in positions {
      hasher.combine(position.x)
      hasher.combine(position.y)
      hasher.combine(position.z)
    }
    return WorkloadChecksum(rawValue: hasher.finalize().rawValue)
  }
}

/// One array per component, as a hand-written structure of arrays keeps them.
private struct SeparateArraysRun: SimpleIterRun {
  var transforms: [Transform]
  var positionValues: [Vector3]
  var rotations: [Vector3]
  var velocities: [Vector3]

  init(entityCount: Int) {
    transforms = Array(repeating: .identity, count: entityCount)
    positionValues = Array(repeating: .unitX, count: entityCount)
    rotations = Array(repeating: .unitX, count: entityCount)
    velocities = Array(repeating: .unitX, count: entityCount)
  }

  mutating func run(ticks: Int) {
    for _ in 0..<ticks {
      for index in positionValues.indices {
        positionValues[index] += velocities[index]
      }
    }
  }

  func positions() -> [Vector3] { positionValues }

  var probe: UInt64 { UInt64(positionValues[0].x.bitPattern) }
}

/// One array of whole entities, as a plain Swift game keeps them.
private struct WholeStructsRun: SimpleIterRun {
  var bodies: [PlainBody]

  init(entityCount: Int) {
    bodies = Array(repeating: PlainBody(), count: entityCount)
  }

  mutating func run(ticks: Int) {
    for _ in 0..<ticks {
      for index in bodies.indices {
        bodies[index].position += bodies[index].velocity
      }
    }
  }

  func positions() -> [Vector3] { bodies.map(\.position) }

  var probe: UInt64 { UInt64(bodies[0].position.x.bitPattern) }
}

/// The best a hand-written loop does: every axis of every component in its own `Float` array,
/// stepped through unsafe buffers so nothing is checked per element.
private struct FloatColumnsRun: SimpleIterRun {
  /// The transform's 16 values, each in its own column.
  var transforms: [[Float]]
  var positionX: [Float]
  var positionY: [Float]
  var positionZ: [Float]
  var rotations: [[Float]]
  var velocityX: [Float]
  var velocityY: [Float]
  var velocityZ: [Float]

  init(entityCount: Int) {
    let identity: [Float] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    transforms = identity.map { Array(repeating: $0, count: entityCount) }
    positionX = Array(repeating: 1, count: entityCount)
    positionY = Array(repeating: 0, count: entityCount)
    positionZ = Array(repeating: 0, count: entityCount)
    rotations = [1, 0, 0].map { Array(repeating: $0, count: entityCount) }
    velocityX = Array(repeating: 1, count: entityCount)
    velocityY = Array(repeating: 0, count: entityCount)
    velocityZ = Array(repeating: 0, count: entityCount)
  }

  mutating func run(ticks: Int) {
    for _ in 0..<ticks {
      Self.add(velocityX, to: &positionX)
      Self.add(velocityY, to: &positionY)
      Self.add(velocityZ, to: &positionZ)
    }
  }

  @inline(__always)
  private static func add(_ velocity: [Float], to position: inout [Float]) {
    velocity.withUnsafeBufferPointer { velocity in
      position.withUnsafeMutableBufferPointer { position in
        for index in 0..<position.count {
          position[index] += velocity[index]
        }
      }
    }
  }

  func positions() -> [Vector3] {
    positionX.indices.map { Vector3(x: positionX[$0], y: positionY[$0], z: positionZ[$0]) }
  }

  var probe: UInt64 { UInt64(positionX[0].bitPattern) }
}

/// TraitSandbox's world, through its public API: a world whose schedule runs the drift
/// system, stepped a tick at a time.
private struct WorldRun: SimpleIterRun {
  var world: World

  init(entityCount: Int) {
    world = World(
      seed: 1, fixedDeltaTime: 1 / 60, arenaSize: Vector2(1280, 720),
      schedule: Schedule([.init("move", [.drift])]))
    world.register(DriftingBody.self)
    world.reserveCapacity(entityCount, for: DriftingBody.self)
    for _ in 0..<entityCount {
      world.spawn(DriftingBody())
    }
  }

  mutating func run(ticks: Int) {
    for _ in 0..<ticks {
      world.step()
    }
  }

  func positions() -> [Vector3] {
    world.entities(of: DriftingBody.self).sorted { $0.id < $1.id }.map(\.location.value)
  }

  var probe: UInt64 { world.tick }
}
