import TraitSandbox

/// How many entities of each type each side spawned and lost, kept by watching the world's
/// spawn and death events.
public struct MatchStatistics: Sendable, Equatable {
  /// One entity type's figures.
  public struct Row: Sendable, Equatable, Codable {
    /// The entity type's name, e.g. `QuirkMonster`.
    public var typeName: String
    /// Entities spawned while the match ran (setup placements are not counted).
    public var spawned = PerSide(repeating: 0)
    /// Entities that died.
    public var killed = PerSide(repeating: 0)
    /// Entities alive now.
    public var alive = PerSide(repeating: 0)
  }

  /// One row per entity type, in the order the world steps them.
  public private(set) var rows: [Row]
  private var rowIndex: [ObjectIdentifier: Int]

  /// Empty statistics for the types of `world`, in its registration order; the living are
  /// counted when the statistics are read (`Match.statistics`).
  init(world: World) {
    let types = world.entityTypes
    rows = types.map { Row(typeName: $0.name) }
    rowIndex = Dictionary(
      uniqueKeysWithValues: types.enumerated().map { ($0.element.entityType, $0.offset) })
  }

  /// Saved rows, matched to the types of `world` by name.
  init(rows: [Row], world: World) {
    self.rows = rows
    var index: [ObjectIdentifier: Int] = [:]
    for type in world.entityTypes {
      if let row = rows.firstIndex(where: { $0.typeName == type.name }) {
        index[type.entityType] = row
      }
    }
    rowIndex = index
  }

  /// Counts the last tick's spawns and deaths.
  mutating func observe(_ world: World) {
    // Events come in runs of one type (deaths as they happened, spawns type by type): the last
    // type's row is kept rather than hashed again for each event.
    var last: (type: ObjectIdentifier, row: Int)?
    for event in world.lastEvents {
      guard let side = Side(event.faction) else { continue }
      let row: Int
      if let last, last.type == event.entityType {
        row = last.row
      } else if let known = rowIndex[event.entityType] {
        row = known
        last = (event.entityType, known)
      } else {
        // A type first seen in an event (spawned by something the match did not list).
        guard let entry = world.census.first(where: { $0.entityType == event.entityType })
        else { continue }
        rows.append(Row(typeName: entry.typeName))
        row = rows.count - 1
        rowIndex[event.entityType] = row
      }
      switch event.kind {
      case .spawned: rows[row].spawned[side] += 1
      case .died: rows[row].killed[side] += 1
      }
    }
  }

  /// Counts the living, type by type.
  ///
  /// - Complexity: O(n) in the number of entities.
  mutating func refreshAlive(from world: World) {
    for entry in world.census {
      guard let row = rowIndex[entry.entityType] else { continue }
      rows[row].alive = PerSide(
        left: entry.countByFaction.first ?? 0,
        right: entry.countByFaction.dropFirst().first ?? 0)
    }
  }
}
