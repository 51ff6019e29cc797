import JSON

extension BenchmarkReport {
  /// The report as one line of JSON: the build, the machine, the configuration, every
  /// measurement with its samples, and the world comparison.
  public func json() -> String { jsonValue.rendered + "\n" }

  /// The report as a JSON document, members in declaration order; what was not measured is
  /// left out.
  var jsonValue: JSONValue {
    .object(omittingNil: [
      ("workload", .string(workload)), ("unit", .string(unit)), ("build", build.jsonValue),
      ("machine", machine.jsonValue), ("sizes", .array(sizes.map { .integer($0) })),
      ("sampleCount", .integer(sampleCount)), ("rounds", .integer(rounds)),
      ("verificationTicks", .integer(verificationTicks)),
      ("seed", .unsigned(seed)), ("isTimed", .bool(isTimed)),
      ("measurements", .array(measurements.map(\.jsonValue))),
      ("worldComparison", worldComparison?.jsonValue),
    ])
  }
}

extension SimpleIterReport {
  /// The report as one line of JSON: the build, the machine, the configuration and every
  /// result with its samples.
  public func json() -> String { jsonValue.rendered + "\n" }

  /// The report as a JSON document, members in declaration order.
  var jsonValue: JSONValue {
    .object([
      ("workload", .string(workload)), ("unit", .string(unit)), ("build", build.jsonValue),
      ("machine", machine.jsonValue), ("sizes", .array(sizes.map { .integer($0) })),
      ("sampleCount", .integer(sampleCount)), ("rounds", .integer(rounds)),
      ("verificationTicks", .integer(verificationTicks)),
      ("isTimed", .bool(isTimed)), ("results", .array(results.map(\.jsonValue))),
    ])
  }
}

extension SimpleIterReport.Result {
  /// The result as a JSON object; what was not measured is left out.
  var jsonValue: JSONValue {
    .object(
      omittingNil: [
        ("strategy", .string(strategy)), ("entityCount", .integer(entityCount)),
        ("checksum", .string(checksum)),
      ]
        + timingMembers(
          ticksPerSample, samples, (median, minimum, maximum),
          ratio: ("ratioToPlainLoop", ratioToPlainLoop)))
  }
}

extension Measurement {
  /// The measurement as a JSON object; what was not measured is left out.
  var jsonValue: JSONValue {
    .object(
      omittingNil: [
        ("strategy", .string(strategy)), ("strategyNumber", .integer(strategyNumber)),
        ("entityCount", .integer(entityCount)), ("checksum", .string(checksum)),
      ]
        + timingMembers(
          ticksPerSample, samples, (median, minimum, maximum),
          ratio: ("ratioToFastest", ratioToFastest)))
  }
}

/// The members both reports give a timed row: ticks per sample, the samples, their median,
/// fastest and slowest, and the row's ratio, each left out when not measured.
private func timingMembers(
  _ ticksPerSample: Int?, _ samples: [Double]?,
  _ statistics: (median: Double?, minimum: Double?, maximum: Double?),
  ratio: (key: String, value: Double?)
) -> [(String, JSONValue?)] {
  [
    ("ticksPerSample", ticksPerSample.map { .integer($0) }),
    ("samples", samples.map { .array($0.map(JSONValue.measured)) }),
    ("median", statistics.median.map(JSONValue.measured)),
    ("minimum", statistics.minimum.map(JSONValue.measured)),
    ("maximum", statistics.maximum.map(JSONValue.measured)),
    (ratio.key, ratio.value.map(JSONValue.measured)),
  ]
}

extension BuildConfiguration {
  /// The build as a JSON object.
  var jsonValue: JSONValue {
    .object([
      ("isOptimized", .bool(isOptimized)), ("flags", .array(flags.map { .string($0) })),
    ])
  }
}

extension Machine {
  /// The machine as a JSON object.
  var jsonValue: JSONValue {
    .object([
      ("processor", .string(processor)), ("processorCount", .integer(processorCount)),
      ("system", .string(system)),
    ])
  }
}

extension WorldComparison {
  /// The comparison as a JSON object.
  var jsonValue: JSONValue {
    .object([
      ("entityCount", .integer(entityCount)), ("structureOfArrays", .string(structureOfArrays)),
      ("worldOverStructureOfArrays", .measured(worldOverStructureOfArrays)),
      ("fastestDispatch", .string(fastestDispatch)),
      ("dispatchOverWorld", .measured(dispatchOverWorld)),
      ("isWithinStructureOfArraysLimit", .bool(isWithinStructureOfArraysLimit)),
      ("reachesDispatchSpeedUpThreshold", .bool(reachesDispatchSpeedUpThreshold)),
    ])
  }
}
