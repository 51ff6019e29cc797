import Foundation

/// The results of one "simple_iter" run, ready to print or save.
public struct SimpleIterReport: Sendable, Decodable, Equatable {
  /// What every strategy computes.
  public var workload =
    "ecs_bench_suite simple_iter: entities with Transform (4x4), Position, Rotation and"
    + " Velocity (3 x Float each); per tick, position += velocity for every entity"
  /// The unit of every timing.
  public var unit = "microseconds per tick"
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
  /// Whether the strategies were timed.
  public var isTimed: Bool
  /// Every strategy at every size, size by size, in strategy order.
  public var results: [Result]

  /// One strategy at one size.
  public struct Result: Sendable, Decodable, Equatable {
    /// The strategy's name.
    public var strategy: String
    /// The number of entities.
    public var entityCount: Int
    /// The checksum of every position after the verification ticks, as 16 hex digits.
    public var checksum: String
    /// Ticks run in each timed sample.
    public var ticksPerSample: Int?
    /// Every sample's microseconds per tick, in the order taken.
    public var samples: [Double]?
    /// The median sample.
    public var median: Double?
    /// The fastest sample.
    public var minimum: Double?
    /// The slowest sample.
    public var maximum: Double?
    /// The median divided by the plain array loop's median at this size.
    public var ratioToPlainLoop: Double?

    init(strategy: String, entityCount: Int, checksum: String) {
      self.strategy = strategy
      self.entityCount = entityCount
      self.checksum = checksum
    }

    /// Adds samples, in microseconds per tick, and updates the median, fastest and slowest.
    mutating func add(_ more: [Double]) {
      let all = (samples ?? []) + more
      samples = all
      guard !all.isEmpty else { return }
      median = all.median
      minimum = all.min()
      maximum = all.max()
    }
  }

  /// The report as an aligned terminal table, size by size.
  public func table() -> String {
    var lines = [
      "Simple iteration (ecs_bench_suite simple_iter): position += velocity,"
        + " 4 components per entity",
      "Build:   \(build.summary)",
      "Machine: \(machine.summary)",
      isTimed
        ? "Timing:  microseconds per tick, median and min-max of \(sampleCount) samples"
          + (rounds > 1 ? " taken in \(rounds) rounds" : "") + "; ratio to swift-arrays"
        : "Timing:  none (checksums only)",
    ]
    for size in sizes {
      let rows = results.filter { $0.entityCount == size }
      guard let first = rows.first else { continue }
      lines.append("")
      lines.append(
        "\(NumberFormatting.count(size)) \(size == 1 ? "entity" : "entities") - checksum "
          + "\(first.checksum) after \(verificationTicks) ticks, the same for all")
      if isTimed {
        lines += TextTable.lines(
          header: ["strategy", "us/tick", "min-max", "ns/entity", "vs arrays", "ticks/sample"],
          rows: rows.map { row in
            [
              row.strategy, row.median.map(NumberFormatting.nanoseconds) ?? "-",
              row.minimum.flatMap { minimum in
                row.maximum.map {
                  NumberFormatting.nanoseconds(minimum) + "-" + NumberFormatting.nanoseconds($0)
                }
              } ?? "-",
              row.median.map { NumberFormatting.nanoseconds($0 * 1_000 / Double(size)) } ?? "-",
              row.ratioToPlainLoop.map(NumberFormatting.ratio) ?? "-",
              row.ticksPerSample.map(NumberFormatting.count) ?? "-",
            ]
          }, rightAligned: [1, 2, 3, 4, 5])
      } else {
        lines += TextTable.lines(
          header: ["strategy", "checksum"], rows: rows.map { [$0.strategy, $0.checksum] },
          rightAligned: [])
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
