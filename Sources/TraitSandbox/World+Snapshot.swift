/// What a saved world holds before its entities.
private struct SavedWorldHeader: Codable {
  var tick: UInt64
  var nextID: UInt64
  var random: [UInt64]
  var fixedDeltaTime: Float
  var arenaSize: Vector2
  var factionCount: Int
  /// Each table, in stepping order.
  var tables: [SavedTable]
}

/// How one entity type's table is saved.
struct SavedTable: Codable {
  /// How the entities are kept in the save.
  enum Storage: String, Codable {
    /// Each entity's `Codable` encoding, in the archive after the header: for types that hold
    /// references (arrays, strings) or values the layout cannot check.
    case values
    /// The columns' bytes after the archive, column by column, little-endian, padding zeroed.
    case columns
  }

  var typeName: String
  var count: Int
  var storage: Storage
  /// The type's stride when saved, and where each of its values was (`EntityLayout`), so a
  /// type whose stored properties changed is refused instead of misread.
  var stride: Int
  var fields: [EntityLayout.Field]
}

extension World {
  /// Writes the world's whole state into `sink`: tick, random state, next identity, and every
  /// entity of every type, in storage order, with all its stored properties.
  ///
  /// A world restored from it steps on exactly as this one would: the same `stateHash()` now
  /// and after any number of ticks. A type of plain values is saved as its columns' bytes, a
  /// piece at a time; a type holding arrays or strings (or values `EntityLayout` cannot check)
  /// through `Codable`. The save is an archive (see `Archive`), after its length, with the
  /// header and the `Codable` entities, then the columns, type after type.
  /// - Complexity: O(n) in the number of entities.
  public func save(to sink: inout some SnapshotSink) throws {
    precondition(!isStepping, "a world is saved between ticks")
    let state = random.state
    var archive = ArchiveWriter()
    try archive.encode(
      SavedWorldHeader(
        tick: tick, nextID: nextID, random: [state.0, state.1, state.2, state.3],
        fixedDeltaTime: fixedDeltaTime, arenaSize: arenaSize,
        factionCount: hostility.factionCount, tables: tables.map(\.savedTable)))
    for table in tables where table.savedTable.storage == .values {
      try table.saveValues(to: &archive)
    }
    try sink.write(archive)
    for table in tables where table.savedTable.storage == .columns {
      try table.saveColumns(to: &sink)
    }
  }

  /// Replaces the world's tick, random state and entities with those `save(to:)` wrote.
  ///
  /// The world must have been created with the same time step, arena and factions, and have
  /// registered every entity type the saved world had (a game sets it up as it does for a new
  /// match, without placing anything). The restored world then has exactly the saved world's
  /// types, in its stepping order: a type registered here but not there is left out, and
  /// registers again when one is spawned, as it would have in the saved world. Every saved
  /// value is checked (numbers finite, Booleans and optionals well formed, identities unique,
  /// factions the world's); on error the world is unchanged.
  /// - Throws: `ArchiveError` if the save is damaged, truncated, or was made by a different
  ///   world or another layout of one of its types, naming the type and the property.
  /// - Complexity: O(n log n) in the number of entities.
  public mutating func restore(from reader: inout SnapshotReader) throws(ArchiveError) {
    precondition(!isStepping, "a world is restored between ticks")
    var archive = try reader.readArchive()
    let header = try archive.decode(SavedWorldHeader.self)
    let order = try tableOrder(of: header, archive: archive)
    let saved = header.tables
    var restored = order.map { tables[$0] }
    for index in restored.indices {
      try restored[index].checkSaved(saved[index], archive: archive)
    }
    for index in restored.indices where saved[index].storage == .values {
      let count = saved[index].count
      // Every entity takes at least a byte: a count beyond the bytes left is damage, found
      // before anything is allocated for it.
      guard count >= 0, count <= archive.remainingByteCount else {
        throw archive.error("\(saved[index].typeName) count \(count) is damaged")
      }
      try restored[index].restoreValues(
        count: count, from: &archive, hostility: hostility)
    }
    guard archive.isAtEnd else { throw archive.error("the saved world has bytes after its end") }
    for index in restored.indices where saved[index].storage == .columns {
      try restored[index].restoreColumns(
        count: saved[index].count, from: &reader, hostility: hostility)
    }
    try Self.checkIdentities(of: restored, below: header.nextID, reader: reader)
    tables = restored
    tableIndexByType = Dictionary(
      uniqueKeysWithValues: restored.indices.map { (restored[$0].entityType, $0) })
    tablesBySystem = systems.indices.map { system in
      restored.indices.filter { restored[$0].isBound(to: system) }
    }
    plannedTables = -1
    tick = header.tick
    nextID = header.nextID
    random = SeededRandom(
      state: (header.random[0], header.random[1], header.random[2], header.random[3]))
    lastEvents = []
    lastSystemTimes = []
    lastTickEndTimes = TickEndTimes()
  }

  /// Where each of the saved world's types is among this world's tables, in the saved order,
  /// once the saved world is found to be one this world can hold.
  private func tableOrder(
    of header: SavedWorldHeader, archive: ArchiveReader
  ) throws(ArchiveError) -> [Int] {
    let registered = tables.map(\.typeName)
    // Where each saved type's table is in this world.
    var order: [Int] = []
    for table in header.tables {
      guard let index = registered.firstIndex(of: table.typeName), !order.contains(index) else {
        throw archive.error(
          "the saved world has entities of type \(table.typeName), which this world has not "
            + "registered (register every type the saved world had before restoring)")
      }
      order.append(index)
    }
    guard header.fixedDeltaTime == fixedDeltaTime, header.arenaSize == arenaSize,
      header.factionCount == hostility.factionCount
    else {
      throw archive.error(
        "the saved world steps \(header.fixedDeltaTime) s in a \(header.arenaSize.x)x"
          + "\(header.arenaSize.y) arena with \(header.factionCount) factions; this one steps "
          + "\(fixedDeltaTime) s in a \(arenaSize.x)x\(arenaSize.y) arena with "
          + "\(hostility.factionCount)")
    }
    guard header.random.count == 4, header.random.contains(where: { $0 != 0 }) else {
      throw archive.error("the saved random state is damaged")
    }
    guard header.nextID >= 1, header.tick < UInt64.max / 2 else {
      throw archive.error("the saved tick or next identity is damaged")
    }
    return order
  }

  /// Checks that `tables`' identities, merged, climb strictly and lie in `1..<nextID`.
  private static func checkIdentities(
    of tables: [AnyEntityTable], below nextID: UInt64, reader: SnapshotReader
  ) throws(ArchiveError) {
    // Each table's directory is in identity order: merged, they must climb strictly.
    let directories = tables.map(\.directory)
    var heads = directories.map { _ in 0 }
    var previous: UInt64 = 0
    while true {
      var next: (table: Int, id: UInt64)?
      for table in directories.indices where heads[table] < directories[table].count {
        let id = directories[table][heads[table]].id
        if next.map({ id < $0.id }) ?? true { next = (table, id) }
      }
      guard let (table, id) = next else { break }
      heads[table] += 1
      guard id != 0, id < nextID else {
        throw reader.error("identity #\(id) is outside the saved world's 1..<\(nextID)")
      }
      guard id != previous else { throw reader.error("identity #\(id) is saved twice") }
      previous = id
    }
  }
}
