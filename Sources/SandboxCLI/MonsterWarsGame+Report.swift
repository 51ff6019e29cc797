import Frames
import GameShell
import JSON
import MonsterWars

/// What `run` says of a match: each entity type's figures over the run.
extension MonsterWarsGame {
  /// The ticks left before the scenario's tick limit, which ends the match if no castle falls
  /// first.
  public var ticksLeft: Int? {
    max(0, match.scenario.match.tickLimit - Int(match.world.tick))
  }

  /// The match's statistics where a run begins.
  public var reportBaseline: MatchStatistics { match.statistics }

  /// How many entities are alive, and a table of each type's figures since `baseline`, left and
  /// right: at the start, spawned, killed, removed and alive at the end.
  public func reportLines(since baseline: MatchStatistics) -> [String] {
    [
      "entities: \(NumberText.grouped(match.world.entityCount)) alive",
      "left / right: at start + spawned - killed - removed = alive (removed: gone unkilled, "
        + "as a shot that hits)",
    ] + TypeFigures.table(TypeFigures.figures(from: baseline, to: match.statistics))
  }

  /// `entityCount`, and each figure of the table as an object by type and side: `atStart`,
  /// `spawned`, `killed`, `removed` and `alive`.
  public func reportMembers(since baseline: MatchStatistics) -> [(key: String, value: JSONValue)] {
    [("entityCount", .integer(match.world.entityCount))]
      + TypeFigures.json(TypeFigures.figures(from: baseline, to: match.statistics))
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

  /// The entity figures' table: a column for each figure, each as wide as its widest cell
  /// and two spaces apart, the types' names on the left.
  static func table(_ statistics: [TypeFigures]) -> [String] {
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
      name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
        + zip(cells, widths).map { $0.leftPadded(to: $1) }.joined()
    }
    return [line("Entity type", header)] + zip(statistics, rows).map { line($0.typeName, $1) }
  }

  private static func grouped(_ value: Int) -> String { NumberText.grouped(value) }

  /// Each figure of `statistics` as a member: `"spawned": {"QuirkMonster": {"left": 3,
  /// "right": 2}, ...}`, for `atStart`, `spawned`, `killed`, `removed` and `alive`.
  static func json(_ statistics: [TypeFigures]) -> [(key: String, value: JSONValue)] {
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
    return [
      ("atStart", perType(\.atStart)), ("spawned", perType(\.spawned)),
      ("killed", perType(\.killed)), ("removed", perType(\.removed)), ("alive", perType(\.alive)),
    ]
  }
}
