extension BenchmarkReport {
  /// The report as an aligned terminal table, grouped by size, followed by the world
  /// comparison when there is one.
  public func table() -> String {
    var lines = [
      "Trait dispatch: movement with bounce + health regeneration, 4 entity kinds (40/30/20/10 %)",
      "Build:   \(build.summary)",
      "Machine: \(machine.summary)",
    ]
    if isTimed {
      lines.append(
        "Timing:  ns per entity per tick, median and min-max of \(sampleCount) samples"
          + (rounds > 1 ? " taken in \(rounds) rounds" : "")
          + "; ratio to the fastest at each size")
    } else {
      lines.append("Timing:  none (checksums only)")
    }
    for size in sizes {
      let rows = measurements(entityCount: size)
      guard let first = rows.first else { continue }
      lines.append("")
      let agree = rows.allSatisfy { $0.checksum == first.checksum }
      lines.append(
        "\(NumberFormatting.count(size)) \(size == 1 ? "entity" : "entities") - checksum "
          + "\(first.checksum) after "
          + "\(verificationTicks) ticks, \(agree ? "the same for all" : "DIFFERENT for some") "
          + "\(rows.count) strategies")
      lines += isTimed ? timedRows(rows) : checksumRows(rows)
    }
    if let worldComparison {
      lines.append("")
      lines += worldComparison.lines
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func timedRows(_ rows: [Measurement]) -> [String] {
    let header = ["#", "strategy", "ns/entity", "min-max", "vs fastest", "ticks/sample"]
    let body = rows.map { row -> [String] in
      [
        String(row.strategyNumber), row.strategy,
        row.median.map(NumberFormatting.nanoseconds) ?? "-",
        row.minimum.flatMap { minimum in
          row.maximum.map {
            NumberFormatting.nanoseconds(minimum) + "-" + NumberFormatting.nanoseconds($0)
          }
        } ?? "-",
        row.ratioToFastest.map(NumberFormatting.ratio) ?? "-",
        row.ticksPerSample.map(NumberFormatting.count) ?? "-",
      ]
    }
    return TextTable.lines(header: header, rows: body, rightAligned: [0, 2, 3, 4, 5])
  }

  private func checksumRows(_ rows: [Measurement]) -> [String] {
    TextTable.lines(
      header: ["#", "strategy", "checksum"],
      rows: rows.map { [String($0.strategyNumber), $0.strategy, $0.checksum] },
      rightAligned: [0])
  }
}

extension WorldComparison {
  /// The comparison as report lines: each ratio, and which side of its bound it falls.
  var lines: [String] {
    let limit = NumberFormatting.ratio(Self.structureOfArraysLimit)
    let threshold = NumberFormatting.ratio(Self.dispatchSpeedUpThreshold)
    return [
      "World comparison at \(NumberFormatting.count(entityCount)) entities:",
      "  traitsandbox-world / \(structureOfArrays): "
        + NumberFormatting.ratio(worldOverStructureOfArrays) + " - "
        + (isWithinStructureOfArraysLimit
          ? "within \(limit) of structure of arrays"
          : "more than \(limit) the cost of structure of arrays"),
      "  \(fastestDispatch) (fastest of 1-4) / traitsandbox-world: "
        + NumberFormatting.ratio(dispatchOverWorld) + " - the world is "
        + (reachesDispatchSpeedUpThreshold ? "at least" : "less than") + " \(threshold) faster",
    ]
  }
}

/// Columns padded to their widest cell, two spaces apart.
enum TextTable {
  /// The header, a rule and the rows, each column left- or right-aligned.
  static func lines(header: [String], rows: [[String]], rightAligned: Set<Int>) -> [String] {
    let all = [header] + rows
    let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    func format(_ cells: [String]) -> String {
      let padded = cells.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return rightAligned.contains(column) ? padding + cell : cell + padding
      }
      return "  " + padded.joined(separator: "  ").trimmingTrailingSpaces()
    }
    let rule = "  " + widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    return [format(header), rule] + rows.map(format)
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = self
    while text.hasSuffix(" ") { text.removeLast() }
    return text
  }
}
