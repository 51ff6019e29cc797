import DispatchBenchmark
import Foundation
import GameShell
import JSON
import MonsterWars
import TraitSandbox

/// What `sandbox scale` prints and writes.
extension ScaleCommand {
  // MARK: - Reports

  func header(scenario: Scenario) -> String {
    let density = scenario.swarm.map { String(format: "%g", Double($0.density)) } ?? "?"
    return """
      Swarm at \(density) monsters per million square units; \(ticks) ticks timed per size \
      after 2 untimed; \(BuildConfiguration.current.summary); \(Machine.current.summary)
        monsters  threads   ms/tick  ns/entity-update (min-max)  vs 1 thread   setup ms

      """
  }

  func row(_ measurement: Measurement, single: Measurement?) -> String {
    let median = measurement.nanoseconds.median
    let speedUp = single.map { $0.nanoseconds.median / max(median, 1e-12) }
    var line = String(measurement.monsters).leftPadded(to: 10)
    line += String(measurement.threads).leftPadded(to: 9)
    line += String(format: "%.2f", measurement.milliseconds.median).leftPadded(to: 10)
    line += String(format: "%.1f", median).leftPadded(to: 10)
    line +=
      (" (" + String(format: "%.1f", measurement.nanoseconds.min() ?? 0) + "-"
      + String(format: "%.1f", measurement.nanoseconds.max() ?? 0) + ")").leftPadded(to: 18)
    line += (speedUp.map { String(format: "%.2fx", $0) } ?? "-").leftPadded(to: 13)
    line += String(format: "%.0f", measurement.setupSeconds * 1000).leftPadded(to: 11)
    return line + "\n"
  }

  func jsonText(_ measurements: [Measurement], peakMemoryBytes: Int) -> String {
    let rows = measurements.map { measurement in
      JSONValue.object([
        ("monsters", .integer(measurement.monsters)),
        ("threads", .integer(measurement.threads)),
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

  func svgText(_ measurements: [Measurement]) -> String {
    let series = threads.map { count in
      ChartSeries(
        name: count == 1 ? "1 thread" : "\(count) threads", number: count == 1 ? 9 : 8,
        points: measurements.filter { $0.threads == count }.map { measurement in
          ChartPoint(
            entityCount: Double(measurement.monsters),
            median: measurement.nanoseconds.median,
            minimum: measurement.nanoseconds.min() ?? 0,
            maximum: measurement.nanoseconds.max() ?? 0)
        })
    }
    var chart = LogLogChart(
      title: "MonsterWars swarm: ns per entity-update (median, min-max bars)",
      subtitle: "\(BuildConfiguration.current.summary) - \(Machine.current.summary)",
      series: series)
    chart.yLabel = "ns per entity-update, log scale"
    chart.legendTitle = "threads"
    chart.xLabel = "monsters (N), log scale"
    chart.showsNumbers = false
    return chart.svg()
  }
}
