import Foundation
import Frames
import GameShell
import JSON
import MonsterWars
import TraitSandbox

/// What `sandbox run` prints: the outcome, per-type statistics, the state hash and the speed.
struct RunReport {
  let scenario: String
  let seed: UInt64
  let ticks: Int
  /// The match's tick at the end: `ticks`, unless the run went on from a snapshot.
  let finalTick: Int
  let simulatedSeconds: Double
  let outcome: MatchOutcome?
  let stateHash: StateHash
  let entityCount: Int
  let statistics: [MatchStatistics.Row]
  let wallSeconds: Double
  let entityUpdates: Int

  init(match: Match, ticks: Int, entityUpdates: Int, wallSeconds: Double) {
    scenario = match.scenario.name
    seed = match.seed
    self.ticks = ticks
    finalTick = Int(match.world.tick)
    simulatedSeconds = Double(match.world.tick) / Double(match.scenario.match.ticksPerSecond)
    outcome = match.outcome
    stateHash = match.world.stateHash()
    entityCount = match.world.entityCount
    statistics = match.statistics.rows
    self.wallSeconds = wallSeconds
    self.entityUpdates = entityUpdates
  }

  var ticksPerSecond: Double { wallSeconds > 0 ? Double(ticks) / wallSeconds : 0 }
  var entityUpdatesPerSecond: Double {
    wallSeconds > 0 ? Double(entityUpdates) / wallSeconds : 0
  }

  var resultName: String {
    switch outcome {
    case .victory: "victory"
    case .draw: "draw"
    case nil: "unfinished"
    }
  }

  // MARK: - Text

  func text() -> String {
    let result =
      switch outcome {
      case .victory(let side): "\(side.name) castle wins"
      case .draw: "draw"
      case nil: "no result yet (stopped by --ticks)"
      }
    var lines = [
      "Scenario:   \(scenario) (seed \(seed))",
      "Result:     \(result) after \(grouped(ticks)) ticks"
        + (finalTick == ticks ? "" : ", at tick \(grouped(finalTick))")
        + " (\(String(format: "%.1f", simulatedSeconds)) s simulated)",
      "",
      pad("Entity type", 14) + pad("spawned L", 11, right: true) + pad("R", 8, right: true)
        + pad("killed L", 11, right: true) + pad("R", 8, right: true)
        + pad("alive L", 10, right: true) + pad("R", 8, right: true),
    ]
    for row in statistics {
      lines.append(
        pad(row.typeName, 14) + pad(grouped(row.spawned.left), 11, right: true)
          + pad(grouped(row.spawned.right), 8, right: true)
          + pad(grouped(row.killed.left), 11, right: true)
          + pad(grouped(row.killed.right), 8, right: true)
          + pad(grouped(row.alive.left), 10, right: true)
          + pad(grouped(row.alive.right), 8, right: true))
    }
    lines += [
      "",
      "stateHash:  \(stateHash)",
      "Entities:   \(grouped(entityCount)) alive at the end",
      "Wall time:  \(String(format: "%.3f", wallSeconds)) s, "
        + "\(grouped(Int(ticksPerSecond.rounded()))) ticks/s, "
        + "\(grouped(Int(entityUpdatesPerSecond.rounded()))) entity-updates/s",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return right ? padding + text : text + padding
  }

  private func grouped(_ value: Int) -> String { NumberText.grouped(value) }

  // MARK: - JSON

  /// The report as one line of JSON, with a `profile` member when one is given.
  func json(profile: JSONValue? = nil) -> String {
    jsonValue(profile: profile).rendered + "\n"
  }

  /// The report as one JSON object, with a `profile` member when one is given.
  func jsonValue(profile: JSONValue? = nil) -> JSONValue {
    func perType(_ keyPath: KeyPath<MatchStatistics.Row, PerSide<Int>>) -> JSONValue {
      .object(
        statistics.map { row in
          (
            row.typeName,
            .object([
              ("left", .integer(row[keyPath: keyPath].left)),
              ("right", .integer(row[keyPath: keyPath].right)),
            ])
          )
        })
    }
    return .object(omittingNil: [
      ("scenario", .string(scenario)),
      ("seed", .unsigned(seed)),
      ("ticks", .integer(ticks)),
      ("tick", .integer(finalTick)),
      ("simulatedSeconds", .number(simulatedSeconds)),
      ("result", .string(resultName)),
      ("winner", outcome?.winner.map { .string($0.name) } ?? .null),
      ("stateHash", .string(stateHash.description)),
      ("entityCount", .integer(entityCount)),
      ("spawned", perType(\.spawned)),
      ("killed", perType(\.killed)),
      ("alive", perType(\.alive)),
      ("wallSeconds", .measured(wallSeconds)),
      ("ticksPerSecond", .measured(ticksPerSecond)),
      ("entityUpdatesPerSecond", .measured(entityUpdatesPerSecond)),
      ("profile", profile),
    ])
  }
}
