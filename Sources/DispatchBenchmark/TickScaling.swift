import Foundation
import Frames
import Gameplay
import JSON
import TraitSandbox

/// How the cost of a game's tick grows with its number of entities, on one thread and more:
/// the harness behind `sandbox scale`.
package struct TickScaling: Sendable {
  /// One size on one thread count.
  package struct Measurement: Sendable, Equatable {
    /// The entities the game was set up with.
    package var entities: Int
    /// The threads its ticks were given.
    package var threads: Int
    /// The most threads a timed tick shared its work between, where the game says (a world
    /// shares a small tick between fewer threads than it is given); `nil` where it does not.
    package var threadsUsed: Int? = nil
    /// Seconds the game took to set up.
    package var setupSeconds: Double
    /// Nanoseconds per entity-update (a tick's time over the entities it stepped), a tick each.
    package var nanoseconds: [Double]
    /// Milliseconds per tick, one per timed tick.
    package var milliseconds: [Double]
  }

  /// Ticks timed at each size, after two untimed.
  package let ticks: Int
  /// What the report calls the entities: "monsters".
  package let entityName: String
  /// The measurements so far, in the order they were made.
  package private(set) var measurements: [Measurement] = []

  /// A harness timing `ticks` ticks at each size.
  package init(ticks: Int, entityName: String) {
    self.ticks = ticks
    self.entityName = entityName
  }

  /// Sets a game up with `setUp` (timed), steps it twice untimed on `threads` threads, then
  /// times up to `ticks` ticks one by one, stopping early if it is over; keeps and returns
  /// the measurement, with the most threads a timed tick used where `threadsUsed` tells.
  ///
  /// - Complexity: The game's set-up and `ticks + 2` of its ticks.
  @discardableResult
  package mutating func measure<G: Game>(
    entities: Int, threads: Int, setUp: () -> G, entityCount: (G) -> Int,
    threadsUsed: ((G) -> Int)? = nil
  ) -> Measurement {
    let clock = MonotonicClock()
    let setupStart = clock.now()
    var game = setUp()
    let setupSeconds = clock.now() - setupStart
    game.threadCount = threads
    for _ in 0..<2 where !game.isOver { game.advance() }
    var nanoseconds: [Double] = []
    var milliseconds: [Double] = []
    var used: Int?
    for _ in 0..<ticks where !game.isOver {
      let stepped = entityCount(game)
      let start = clock.now()
      game.advance()
      let seconds = clock.now() - start
      if let threadsUsed { used = max(used ?? 0, threadsUsed(game)) }
      milliseconds.append(seconds * 1000)
      nanoseconds.append(seconds * 1e9 / Double(max(stepped, 1)))
    }
    let measurement = Measurement(
      entities: entities, threads: threads, threadsUsed: used, setupSeconds: setupSeconds,
      nanoseconds: nanoseconds, milliseconds: milliseconds)
    measurements.append(measurement)
    return measurement
  }

  // MARK: - Reports

  /// The table's header: the build and the machine, then the columns.
  package func header(describing workload: String) -> String {
    """
    \(workload); \(ticks) ticks timed per size after 2 untimed; \
    \(BuildConfiguration.current.summary); \(Machine.current.summary)
    \(entityName.leftPadded(to: 10))  threads   ms/tick  ns/entity-update (min-max)  \
    vs 1 thread   setup ms

    """
  }

  /// The table's row of `measurement`, with its speed-up over one thread at its size if that
  /// was measured first, and the threads its ticks used if fewer than it was given.
  package func row(_ measurement: Measurement) -> String {
    let median = measurement.nanoseconds.median
    let single = measurements.first { $0.entities == measurement.entities && $0.threads == 1 }
    let speedUp = single.map { $0.nanoseconds.median / max(median, 1e-12) }
    var line = String(measurement.entities).leftPadded(to: 10)
    line += String(measurement.threads).leftPadded(to: 9)
    line += String(format: "%.2f", measurement.milliseconds.median).leftPadded(to: 10)
    line += String(format: "%.1f", median).leftPadded(to: 10)
    line +=
      (" (" + String(format: "%.1f", measurement.nanoseconds.min() ?? 0) + "-"
      + String(format: "%.1f", measurement.nanoseconds.max() ?? 0) + ")").leftPadded(to: 18)
    line += (speedUp.map { String(format: "%.2fx", $0) } ?? "-").leftPadded(to: 13)
    line += String(format: "%.0f", measurement.setupSeconds * 1000).leftPadded(to: 11)
    if let used = measurement.threadsUsed, used < measurement.threads {
      line += "  (stepped on \(used): too few \(entityName) to share)"
    }
    return line + "\n"
  }

  /// The measurements as a JSON document.
  package func json(peakMemoryBytes: Int) -> String {
    let rows = measurements.map { measurement in
      JSONValue.object([
        (entityName, .integer(measurement.entities)),
        ("threads", .integer(measurement.threads)),
        ("threadsUsed", measurement.threadsUsed.map(JSONValue.integer) ?? .null),
        ("setupSeconds", .measured(measurement.setupSeconds)),
        ("medianNanosecondsPerEntityUpdate", .measured(measurement.nanoseconds.median)),
        ("minimumNanosecondsPerEntityUpdate", .measured(measurement.nanoseconds.min() ?? 0)),
        ("maximumNanosecondsPerEntityUpdate", .measured(measurement.nanoseconds.max() ?? 0)),
        ("medianMillisecondsPerTick", .measured(measurement.milliseconds.median)),
      ])
    }
    return JSONValue.object([
      ("build", .string(BuildConfiguration.current.summary)),
      ("machine", .string(Machine.current.summary)),
      ("ticks", .integer(ticks)),
      ("peakMemoryBytes", .integer(peakMemoryBytes)),
      ("measurements", .array(rows)),
    ]).rendered + "\n"
  }

  /// A log-log chart of nanoseconds per entity-update against the entities, a line per thread
  /// count, titled `title`.
  package func svg(title: String) -> String {
    var threadCounts: [Int] = []
    for measurement in measurements where !threadCounts.contains(measurement.threads) {
      threadCounts.append(measurement.threads)
    }
    let series = threadCounts.map { count in
      ChartSeries(
        name: count == 1 ? "1 thread" : "\(count) threads", number: count == 1 ? 9 : 8,
        points: measurements.filter { $0.threads == count }.map { measurement in
          ChartPoint(
            entityCount: Double(measurement.entities),
            median: measurement.nanoseconds.median,
            minimum: measurement.nanoseconds.min() ?? 0,
            maximum: measurement.nanoseconds.max() ?? 0)
        })
    }
    var chart = LogLogChart(
      title: title, subtitle: "\(BuildConfiguration.current.summary) - \(Machine.current.summary)",
      series: series)
    chart.yLabel = "ns per entity-update, log scale"
    chart.legendTitle = "threads"
    chart.xLabel = "\(entityName) (N), log scale"
    chart.showsNumbers = false
    return chart.svg()
  }
}
