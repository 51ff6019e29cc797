import Foundation
import JSON
import TraitSandbox

/// A profile as JSON.
extension RunProfile {
  /// The same figures as a JSON object.
  package func json(types: [EntityTypeDescription], peakMemoryBytes: Int) -> JSONValue {
    .object([
      ("ticks", .integer(tickSeconds.count)),
      ("setupSeconds", .measured(setupSeconds)),
      ("readSeconds", readSeconds.map(JSONValue.measured) ?? .null),
      ("saveSeconds", saveSeconds.map(JSONValue.measured) ?? .null),
      ("stateHashSeconds", hashSeconds.map(JSONValue.measured) ?? .null),
      (
        "systems",
        .object(
          rows.map { row in
            (
              row.name,
              .object([
                ("medianMilliseconds", .measured(row.medianMilliseconds)),
                ("maximumMilliseconds", .measured(row.maximumMilliseconds)),
                ("share", .measured(row.share)),
                ("parallelSteps", .measured(row.steps)),
                ("oneThreadMilliseconds", .measured(row.oneThreadMilliseconds)),
                ("busiestChunkShare", .measured(row.busiestChunkShare)),
              ])
            )
          })
      ),
      ("threadCount", .integer(threadCount)),
      ("medianTickThreads", .integer(medianTickThreads)),
      ("sharedSteps", .array(sharedSteps.map { .array($0.map(JSONValue.string)) })),
      (
        "speedUpBound",
        speedUpBound.map { bound in
          .object(bound.map { (String($0.threads), JSONValue.measured($0.speedUp)) })
        } ?? .null
      ),
      (
        "bytesPerEntity",
        .object(types.map { ($0.name, JSONValue.integer($0.entityStride)) })
      ),
      ("peakMemoryBytes", .integer(peakMemoryBytes)),
    ])
  }
}
