import Foundation

extension BenchmarkReport {
  /// The report as a log-log SVG chart: median ns per entity per tick against the entity count,
  /// one line per strategy with min-max bars, labelled axes with decade ticks, and a legend.
  ///
  /// Strategies share a colour with their number's variants and differ by dash pattern; the
  /// world's line is drawn thicker, and the storage prototypes beside it thin and dashed. Returns `nil` when nothing was timed.
  public func svg() -> String? {
    let series = strategyNames.compactMap { name -> ChartSeries? in
      let points = measurements.filter { $0.strategy == name }.compactMap {
        measurement -> ChartPoint? in
        guard let median = measurement.median, let minimum = measurement.minimum,
          let maximum = measurement.maximum, median > 0, minimum > 0
        else { return nil }
        return ChartPoint(
          entityCount: Double(measurement.entityCount), median: median, minimum: minimum,
          maximum: maximum)
      }
      guard let number = measurements.first(where: { $0.strategy == name })?.strategyNumber,
        !points.isEmpty
      else { return nil }
      return ChartSeries(name: name, number: number, points: points)
    }
    guard !series.isEmpty else { return nil }
    return LogLogChart(
      title: "Trait dispatch: ns per entity per tick (median, min-max bars)",
      subtitle:
        "\(build.summary) - \(machine.summary) - \(sampleCount) samples\(rounds > 1 ? " in \(rounds) rounds" : "")",
      series: series
    ).svg()
  }
}

/// One line of a `LogLogChart`: a strategy, or a thread count.
public struct ChartSeries: Sendable {
  /// The line's name in the legend.
  public var name: String
  /// The line's group: lines of one number share a colour and differ by dash pattern.
  public var number: Int
  /// The measured points, by entity count.
  public var points: [ChartPoint]

  /// Creates a line.
  public init(name: String, number: Int, points: [ChartPoint]) {
    self.name = name
    self.number = number
    self.points = points
  }
}

/// One measured size: the median and its min-max bar.
public struct ChartPoint: Sendable {
  /// The x value: how many entities.
  public var entityCount: Double
  /// The y value.
  public var median: Double
  /// The bottom of the bar.
  public var minimum: Double
  /// The top of the bar.
  public var maximum: Double

  /// Creates a point.
  public init(entityCount: Double, median: Double, minimum: Double, maximum: Double) {
    self.entityCount = entityCount
    self.median = median
    self.minimum = minimum
    self.maximum = maximum
  }
}

/// A hand-written SVG log-log line chart of time per entity against the number of entities.
public struct LogLogChart: Sendable {
  /// The chart's title.
  public var title: String
  /// The line under the title (build and machine).
  public var subtitle: String
  /// The lines.
  public var series: [ChartSeries]
  /// The y axis's label.
  public var yLabel = "ns per entity per tick, log scale"
  /// The legend's heading.
  public var legendTitle = "strategy"
  /// The x axis's label.
  public var xLabel = "entities (N), log scale"
  /// Whether the legend shows each line's number before its name.
  public var showsNumbers = true

  /// Creates a chart with the benchmark's axis label and legend heading.
  public init(title: String, subtitle: String, series: [ChartSeries]) {
    self.title = title
    self.subtitle = subtitle
    self.series = series
  }

  private let width = 980.0
  private let height = 600.0
  private let plotLeft = 90.0
  private let plotTop = 70.0
  private let plotRight = 680.0
  private let plotBottom = 520.0

  /// Colours by strategy number, so a strategy's variants share one.
  private static let colors = [
    1: "#d62728", 2: "#ff7f0e", 3: "#8c564b", 4: "#e377c2", 5: "#a5a51e", 6: "#17a2b8",
    7: "#9467bd", 8: "#2ca02c", 9: "#1f3a93",
  ]
  /// Dash patterns for a number's first, second and third variant.
  private static let dashes = ["", "7 4", "2 3"]
  /// Dash patterns for the storage prototypes drawn beside the world.
  private static let prototypeDashes = ["7 4", "2 3", "10 3 2 3"]

  /// The chart as an SVG document.
  public func svg() -> String {
    let scale = Scale(chart: self)
    var out = header()
    grid(scale, into: &out)
    axes(scale, into: &out)
    lines(scale, into: &out)
    legend(into: &out)
    out.append("</svg>")
    return out.joined(separator: "\n") + "\n"
  }

  /// Where values go on the plot: decades of both axes, log-scaled.
  private struct Scale {
    let chart: LogLogChart
    let xDomain: ClosedRange<Double>
    let yDomain: ClosedRange<Double>

    init(chart: LogLogChart) {
      self.chart = chart
      xDomain = LogLogChart.decades(chart.series.flatMap { $0.points.map(\.entityCount) })
      yDomain = LogLogChart.decades(
        chart.series.flatMap { $0.points.flatMap { [$0.minimum, $0.maximum] } })
    }

    func x(_ value: Double) -> Double {
      let padded = (xDomain.lowerBound - 0.1)...(xDomain.upperBound + 0.1)
      return chart.plotLeft + (log10(value) - padded.lowerBound)
        / (padded.upperBound - padded.lowerBound) * (chart.plotRight - chart.plotLeft)
    }

    func y(_ value: Double) -> Double {
      chart.plotBottom - (log10(value) - yDomain.lowerBound)
        / (yDomain.upperBound - yDomain.lowerBound) * (chart.plotBottom - chart.plotTop)
    }
  }

  /// The document's start: its size, background, title and subtitle.
  private func header() -> [String] {
    [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(f(width))" height="\#(f(height))" "#
        + #"viewBox="0 0 \#(f(width)) \#(f(height))" font-family="sans-serif" font-size="12">"#,
      #"<rect width="100%" height="100%" fill="\#(Palette.background)"/>"#,
      #"<text x="\#(f(plotLeft))" y="28" font-size="17" font-weight="bold">\#(escape(title))</text>"#,
      #"<text x="\#(f(plotLeft))" y="48" fill="\#(Palette.subtleText)">\#(escape(subtitle))</text>"#,
    ]
  }

  /// Every decade labelled, 2-9 times each decade as faint lines.
  private func grid(_ scale: Scale, into out: inout [String]) {
    let (x, y) = (scale.x, scale.y)
    out.append(#"<g id="grid" stroke="\#(Palette.minorGrid)" stroke-width="1">"#)
    for value in Self.minorTicks(scale.xDomain) {
      out.append(line(x(value), plotTop, x(value), plotBottom))
    }
    for value in Self.minorTicks(scale.yDomain) {
      out.append(line(plotLeft, y(value), plotRight, y(value)))
    }
    out.append("</g>")
  }

  /// Both axes, their decades and their labels.
  private func axes(_ scale: Scale, into out: inout [String]) {
    let (x, y) = (scale.x, scale.y)
    out.append(#"<g id="x-axis" stroke="\#(Palette.axis)">"#)
    out.append(line(plotLeft, plotBottom, plotRight, plotBottom))
    for exponent in Self.majorExponents(scale.xDomain) {
      let value = pow(10, exponent)
      out.append(line(x(value), plotBottom, x(value), plotBottom + 6))
      out.append(
        #"<text x="\#(f(x(value)))" y="\#(f(plotBottom + 22))" text-anchor="middle" "#
          + #"stroke="none">\#(NumberFormatting.shortCount(value))</text>"#)
    }
    out.append(
      #"<text x="\#(f((plotLeft + plotRight) / 2))" y="\#(f(plotBottom + 50))" "#
        + #"text-anchor="middle" stroke="none" font-size="13">\#(escape(xLabel))</text>"#)
    out.append("</g>")
    out.append(#"<g id="y-axis" stroke="\#(Palette.axis)">"#)
    out.append(line(plotLeft, plotTop, plotLeft, plotBottom))
    for exponent in Self.majorExponents(scale.yDomain) {
      let value = pow(10, exponent)
      out.append(line(plotLeft - 6, y(value), plotLeft, y(value)))
      out.append(line(plotLeft, y(value), plotRight, y(value), stroke: Palette.majorGrid))
      out.append(
        #"<text x="\#(f(plotLeft - 10))" y="\#(f(y(value) + 4))" text-anchor="end" "#
          + #"stroke="none">\#(NumberFormatting.trimmed(value))</text>"#)
    }
    let middle = (plotTop + plotBottom) / 2
    out.append(
      #"<text x="24" y="\#(f(middle))" text-anchor="middle" stroke="none" font-size="13" "#
        + #"transform="rotate(-90 24 \#(f(middle)))">\#(escape(yLabel))</text>"#)
    out.append("</g>")
  }

  /// Each series' line, with min-max bars and markers.
  private func lines(_ scale: Scale, into out: inout [String]) {
    let (x, y) = (scale.x, scale.y)
    out.append(#"<g id="series" fill="none">"#)
    for (index, entry) in series.enumerated() {
      let style = self.style(index)
      let points = entry.points.sorted { $0.entityCount < $1.entityCount }
      let coordinates = points.map { "\(f(x($0.entityCount))),\(f(y($0.median)))" }
      out.append(
        #"<g class="strategy" data-strategy="\#(escape(entry.name))" stroke="\#(style.color)">"#)
      out.append(
        #"<polyline class="series" points="\#(coordinates.joined(separator: " "))" "#
          + #"stroke-width="\#(style.width)"\#(style.dashAttribute)/>"#)
      for point in points {
        let px = x(point.entityCount)
        out.append(line(px, y(point.minimum), px, y(point.maximum), stroke: nil, width: 1))
        out.append(
          #"<circle cx="\#(f(px))" cy="\#(f(y(point.median)))" r="3" fill="\#(style.color)">"#
            + "<title>\(escape(entry.name)): \(NumberFormatting.nanoseconds(point.median)) ns "
            + "at N = \(NumberFormatting.count(Int(point.entityCount)))</title></circle>")
      }
      out.append("</g>")
    }
    out.append("</g>")
  }

  /// The legend beside the plot.
  private func legend(into out: inout [String]) {
    let legendLeft = plotRight + 30
    out.append(#"<g id="legend">"#)
    out.append(
      #"<text x="\#(f(legendLeft))" y="\#(f(plotTop))" font-weight="bold">\#(escape(legendTitle))</text>"#
    )
    for (index, entry) in series.enumerated() {
      let style = self.style(index)
      let rowY = plotTop + 22 + Double(index) * 22
      out.append(
        line(
          legendLeft, rowY - 4, legendLeft + 34, rowY - 4, stroke: style.color, width: style.width,
          dash: style.dash))
      out.append(
        #"<text class="legend-label" x="\#(f(legendLeft + 42))" y="\#(f(rowY))">"#
          + (showsNumbers ? "\(entry.number)  " : "") + "\(escape(entry.name))</text>")
    }
    out.append("</g>")
  }

  private struct Style {
    var color: String
    var width: String
    var dash: String

    var dashAttribute: String { dash.isEmpty ? "" : #" stroke-dasharray="\#(dash)""# }
  }

  private func style(_ index: Int) -> Style {
    let entry = series[index]
    let color = Self.colors[entry.number] ?? Palette.axis
    // The world is the thick solid line; the storage prototypes numbered with it are thin and
    // dashed, so that none of them looks like it.
    if entry.number == 9 {
      guard entry.name != WorldComparison.worldStrategy else {
        return Style(color: color, width: "3.5", dash: "")
      }
      let prototype = series[..<index].filter {
        $0.number == 9 && $0.name != WorldComparison.worldStrategy
      }.count
      return Style(
        color: color, width: "2", dash: Self.prototypeDashes[prototype % Self.prototypeDashes.count]
      )
    }
    let variant = series[..<index].filter { $0.number == entry.number }.count
    return Style(color: color, width: "2", dash: Self.dashes[variant % Self.dashes.count])
  }

  private func line(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String? = nil,
    width: String? = nil, dash: String = ""
  ) -> String {
    var attributes = #"x1="\#(f(x1))" y1="\#(f(y1))" x2="\#(f(x2))" y2="\#(f(y2))""#
    if let stroke { attributes += #" stroke="\#(stroke)""# }
    if let width { attributes += #" stroke-width="\#(width)""# }
    if !dash.isEmpty { attributes += #" stroke-dasharray="\#(dash)""# }
    return "<line \(attributes)/>"
  }

  private func line(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String?, width: Int
  ) -> String {
    line(x1, y1, x2, y2, stroke: stroke, width: String(width))
  }

  /// The whole decades around the values, in log10 units, at least one decade wide.
  static func decades(_ values: [Double]) -> ClosedRange<Double> {
    let logs = values.filter { $0 > 0 }.map(log10)
    guard let low = logs.min(), let high = logs.max() else { return 0...1 }
    let lower = floor(low + 1e-9)
    let upper = max(ceil(high - 1e-9), lower + 1)
    return lower...upper
  }

  /// The exponents of the decade ticks inside a domain.
  static func majorExponents(_ domain: ClosedRange<Double>) -> [Double] {
    Array(stride(from: domain.lowerBound, through: domain.upperBound, by: 1))
  }

  /// 2 to 9 times every decade inside a domain.
  static func minorTicks(_ domain: ClosedRange<Double>) -> [Double] {
    majorExponents(domain).dropLast().flatMap { exponent in
      (2...9).map { Double($0) * pow(10, exponent) }
    }
  }
}

/// The chart's fixed colours.
private enum Palette {
  static let background = "#ffffff"
  static let subtleText = "#555555"
  static let axis = "#333333"
  static let minorGrid = "#eeeeee"
  static let majorGrid = "#cccccc"
}

/// A coordinate with at most one decimal.
private func f(_ value: Double) -> String {
  let rounded = (value * 10).rounded() / 10
  return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
}

/// Text safe inside an XML element or attribute.
private func escape(_ text: String) -> String {
  var escaped = ""
  for character in text {
    switch character {
    case "&": escaped += "&amp;"
    case "<": escaped += "&lt;"
    case ">": escaped += "&gt;"
    case "\"": escaped += "&quot;"
    default: escaped.append(character)
    }
  }
  return escaped
}
