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
  /// The ticks this run stepped.
  let ticks: Int
  /// The match's tick at the end: `ticks`, unless the run went on from a snapshot.
  let finalTick: Int
  let simulatedSeconds: Double
  let outcome: MatchOutcome?
  let stateHash: StateHash
  let entityCount: Int
  /// Each entity type's figures over this run, which add up: `atStart + spawned - killed -
  /// removed == alive`.
  let statistics: [TypeFigures]
  let wallSeconds: Double
  let entityUpdates: Int

  /// The report of a run that began with `start`, the match's statistics before its first tick
  /// (`Match.statistics`), and ended with `match`.
  init(
    start: MatchStatistics, match: Match, ticks: Int, entityUpdates: Int, wallSeconds: Double
  ) {
    scenario = match.scenario.name
    seed = match.seed
    self.ticks = ticks
    finalTick = Int(match.world.tick)
    simulatedSeconds = Double(match.world.tick) / Double(match.scenario.match.ticksPerSecond)
    outcome = match.outcome
    stateHash = match.world.stateHash()
    entityCount = match.world.entityCount
    statistics = TypeFigures.figures(from: start, to: match.statistics)
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
      "Entities, left / right: at start + spawned - killed - removed = alive at the end",
      "(removed: left the world without being killed, as a shot that hits or flies out does)",
      "",
    ]
    lines += entityTable()
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

  /// The entity figures' table: a column for each figure, each as wide as its widest cell
  /// and two spaces apart, the types' names on the left.
  private func entityTable() -> [String] {
    let header = ["at start", "spawned", "killed", "removed", "alive"]
    let rows = statistics.map { row in
      [row.atStart, row.spawned, row.killed, row.removed, row.alive].map {
        "\(grouped($0.left)) / \(grouped($0.right))"
      }
    }
    let widths = header.indices.map { column in
      rows.reduce(max(header[column].count, 14)) { max($0, $1[column].count) } + 2
    }
    let nameWidth = statistics.reduce(12) { max($0, $1.typeName.count) } + 2
    func line(_ name: String, _ cells: [String]) -> String {
      pad(name, nameWidth) + zip(cells, widths).map { pad($0, $1, right: true) }.joined()
    }
    return [line("Entity type", header)] + zip(statistics, rows).map { line($0.typeName, $1) }
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
    func perType(_ keyPath: KeyPath<TypeFigures, PerSide<Int>>) -> JSONValue {
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
      // Only a run from a snapshot starts past tick 0.
      ("startTick", finalTick == ticks ? nil : .integer(finalTick - ticks)),
      ("simulatedSeconds", .number(simulatedSeconds)),
      ("result", .string(resultName)),
      ("winner", outcome?.winner.map { .string($0.name) } ?? .null),
      ("stateHash", .string(stateHash.description)),
      ("entityCount", .integer(entityCount)),
      ("atStart", perType(\.atStart)),
      ("spawned", perType(\.spawned)),
      ("killed", perType(\.killed)),
      ("removed", perType(\.removed)),
      ("alive", perType(\.alive)),
      ("wallSeconds", .measured(wallSeconds)),
      ("ticksPerSecond", .measured(ticksPerSecond)),
      ("entityUpdatesPerSecond", .measured(entityUpdatesPerSecond)),
      ("profile", profile),
    ])
  }
}

/// One entity type's figures over a run, per side.
struct TypeFigures: Equatable {
  /// The entity type's name, e.g. `QuirkMonster`.
  var typeName: String
  /// Alive when the run began: placed by the scenario, or in the snapshot it went on from.
  var atStart: PerSide<Int>
  /// Spawned while the run stepped.
  var spawned: PerSide<Int>
  /// Killed while the run stepped.
  var killed: PerSide<Int>
  /// Alive when the run ended.
  var alive: PerSide<Int>

  /// Left the world without being killed while the run stepped: what makes the figures add up.
  var removed: PerSide<Int> {
    PerSide(
      left: atStart.left + spawned.left - killed.left - alive.left,
      right: atStart.right + spawned.right - killed.right - alive.right)
  }

  /// The figures of each type between `start` and `end`, statistics of one match, in `end`'s
  /// order.
  static func figures(from start: MatchStatistics, to end: MatchStatistics) -> [TypeFigures] {
    end.rows.map { row in
      let before = start.rows.first { $0.typeName == row.typeName }
      let zero = PerSide(repeating: 0)
      return TypeFigures(
        typeName: row.typeName, atStart: before?.alive ?? zero,
        spawned: difference(row.spawned, before?.spawned ?? zero),
        killed: difference(row.killed, before?.killed ?? zero), alive: row.alive)
    }
  }

  private static func difference(_ a: PerSide<Int>, _ b: PerSide<Int>) -> PerSide<Int> {
    PerSide(left: a.left - b.left, right: a.right - b.right)
  }
}
