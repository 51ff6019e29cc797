import Foundation
import Testing

@testable import DispatchBenchmark

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite("Report formats: table, JSON, CSV and SVG")
struct BenchmarkReportFormatTests {
  @Test("The table has a section per size and a row per strategy, columns aligned")
  func table() {
    let table = smallReport.table()
    #expect(table.contains("64 entities - checksum"))
    #expect(table.contains("512 entities - checksum"))
    let rows = table.split(separator: "\n").filter { $0.contains("traitsandbox-world") }
    #expect(rows.count == 2)
    let header = table.split(separator: "\n").first { $0.contains("ns/entity") }!
    let rule = table.split(separator: "\n").first { $0.hasPrefix("  -") }!
    #expect(header.count <= rule.count)
  }

  @Test("JSON parses and holds every measurement with its samples")
  func json() throws {
    let data = Data(smallReport.json().utf8)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let build = try #require(object["build"] as? [String: Any])
    #expect(build["isOptimized"] as? Bool == false)
    #expect(object["sizes"] as? [Int] == [64, 512])
    let measurements = try #require(object["measurements"] as? [[String: Any]])
    #expect(measurements.count == smallReport.measurements.count)
    for measurement in measurements {
      #expect(measurement["strategy"] is String)
      #expect((measurement["samples"] as? [Double])?.count == 3)
      #expect(measurement["median"] is Double)
      #expect((measurement["checksum"] as? String)?.count == 16)
    }
    // Timings are written to the six significant digits a clock gives; the rest exactly.
    var decoded = try JSONDecoder().decode(BenchmarkReport.self, from: data)
    #expect(decoded.measurements.count == smallReport.measurements.count)
    for (read, written) in zip(decoded.measurements, smallReport.measurements) {
      #expect(read.strategy == written.strategy && read.strategyNumber == written.strategyNumber)
      #expect(read.entityCount == written.entityCount && read.checksum == written.checksum)
      #expect(read.ticksPerSample == written.ticksPerSample)
      let readTimes =
        (read.samples ?? []) + [read.median, read.minimum, read.maximum].compactMap { $0 }
      let writtenTimes =
        (written.samples ?? [])
        + [written.median, written.minimum, written.maximum].compactMap { $0 }
      #expect(readTimes.count == writtenTimes.count && readTimes.count == 6)
      for (readTime, writtenTime) in zip(readTimes, writtenTimes) {
        #expect(abs(readTime - writtenTime) <= writtenTime * 1e-5, "\(read.strategy)")
      }
      #expect(read.ratioToFastest != nil)
      #expect(abs(read.ratioToFastest! - written.ratioToFastest!) <= written.ratioToFastest! * 1e-5)
    }
    decoded.measurements = smallReport.measurements
    #expect(decoded == smallReport)
  }

  @Test("CSV has a header and one row per measurement, every row as wide as the header")
  func csv() {
    let lines = smallReport.csv().split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.last == "")
    let records = lines.dropLast().map { parseCSVRecord(String($0)) }
    #expect(records.first == BenchmarkReport.csvHeader)
    #expect(records.count == 1 + smallReport.measurements.count)
    #expect(records.allSatisfy { $0.count == BenchmarkReport.csvHeader.count })
    let medianColumn = BenchmarkReport.csvHeader.firstIndex(of: "median_ns_per_entity_tick")!
    #expect(records.dropFirst().allSatisfy { Double($0[medianColumn]) != nil })
  }

  @Test("CSV quotes fields that hold commas or quotes")
  func csvQuoting() {
    #expect(BenchmarkReport.csvField("-O, baseline") == "\"-O, baseline\"")
    #expect(BenchmarkReport.csvField("say \"hi\"") == "\"say \"\"hi\"\"\"")
    #expect(BenchmarkReport.csvField("plain") == "plain")
  }

  @Test("SVG parses as XML with both axes, a line and legend label per strategy")
  func svg() throws {
    let svg = try #require(smallReport.svg())
    let parsed = try SVGSummary(svg)
    #expect(parsed.root == "svg")
    #expect(parsed.groupIDs.isSuperset(of: ["x-axis", "y-axis", "legend", "series"]))
    #expect(parsed.polylineStrategies == smallReport.strategyNames)
    for name in smallReport.strategyNames {
      #expect(parsed.legendLabels.contains { $0.hasSuffix(name) }, "\(name)")
    }
    #expect(parsed.texts.contains("entities (N), log scale"))
    #expect(parsed.texts.contains("ns per entity per tick, log scale"))
    #expect(parsed.texts.contains("100"))
  }

  @Test("No two strategies' lines look alike, and the world's is the one thick solid line")
  func distinctLines() throws {
    let parsed = try SVGSummary(try #require(smallReport.svg()))
    let styles = smallReport.strategyNames.map { parsed.lineStyles[$0] }
    #expect(!styles.contains(nil))
    #expect(Set(styles.compactMap { $0 }).count == styles.count)
    let world = try #require(parsed.lineStyles["traitsandbox-world"])
    #expect(world.width == "3.5" && world.dash.isEmpty)
    for prototype in ["world-rows", "world-component-columns", "world-block-rows"] {
      let style = try #require(parsed.lineStyles[prototype])
      #expect(style.color == world.color && style.width == "2" && !style.dash.isEmpty)
    }
  }

  @Test("The chart's decades cover the data and give decade ticks")
  func decades() {
    #expect(LogLogChart.decades([1_000, 1_000_000]) == 3...6)
    #expect(LogLogChart.decades([0.42, 180]) == -1...3)
    #expect(LogLogChart.decades([1_000]) == 3...4)
    #expect(LogLogChart.majorExponents(3...6) == [3, 4, 5, 6])
    #expect(LogLogChart.minorTicks(0...1).count == 8)
  }
}

/// Splits one CSV record, honouring quoted fields.
func parseCSVRecord(_ line: String) -> [String] {
  var fields: [String] = []
  var field = ""
  var isQuoted = false
  var characters = Array(line)[...]
  while let character = characters.popFirst() {
    if isQuoted {
      if character == "\"" {
        if characters.first == "\"" {
          field.append("\"")
          characters.removeFirst()
        } else {
          isQuoted = false
        }
      } else {
        field.append(character)
      }
    } else if character == "\"" {
      isQuoted = true
    } else if character == "," {
      fields.append(field)
      field = ""
    } else {
      field.append(character)
    }
  }
  fields.append(field)
  return fields
}

/// How one strategy's line is drawn.
struct LineStyle: Hashable {
  var color: String
  var width: String
  var dash: String
}

/// What the tests check in an SVG document, read with Foundation's `XMLParser`.
final class SVGSummary: NSObject, XMLParserDelegate {
  private(set) var root: String?
  private(set) var groupIDs: Set<String> = []
  private(set) var polylineStrategies: [String] = []
  /// Each strategy's line: its group's colour, its width and its dash pattern.
  private(set) var lineStyles: [String: LineStyle] = [:]
  private var strokeStack: [String?] = []
  private(set) var legendLabels: [String] = []
  private(set) var texts: [String] = []
  private var strategyStack: [String?] = []
  private var currentText: String?
  private var isLegendLabel = false

  init(_ svg: String) throws {
    super.init()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = self
    guard parser.parse() else {
      throw parser.parserError ?? CocoaError(.fileReadCorruptFile)
    }
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    if root == nil { root = elementName }
    switch elementName {
    case "g":
      if let id = attributes["id"] { groupIDs.insert(id) }
      strategyStack.append(attributes["data-strategy"])
      strokeStack.append(attributes["stroke"])
    case "polyline":
      if let strategy = strategyStack.last ?? nil {
        polylineStrategies.append(strategy)
        lineStyles[strategy] = LineStyle(
          color: strokeStack.last.flatMap { $0 } ?? "", width: attributes["stroke-width"] ?? "",
          dash: attributes["stroke-dasharray"] ?? "")
      }
    case "text":
      currentText = ""
      isLegendLabel = attributes["class"] == "legend-label"
    default: break
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    currentText? += string
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    if elementName == "g" {
      strategyStack.removeLast()
      strokeStack.removeLast()
    }
    if elementName == "text", let text = currentText {
      texts.append(text)
      if isLegendLabel { legendLabels.append(text) }
      currentText = nil
    }
  }
}
