/// What a saved world holds before its entities.
private struct SavedWorldHeader: Codable {
  var tick: UInt64
  var nextID: UInt64
  var random: [UInt64]
  var fixedDeltaTime: Float
  var arenaSize: Vector2
  var factionCount: Int
  /// Each pool's type name and entity count, in registration order.
  var typeNames: [String]
  var entityCounts: [Int]
}

extension World {
  /// Writes the world's whole state into `archive`: tick, random state, next identity, and
  /// every entity of every type, in storage order, with all its components.
  ///
  /// A world restored from it steps on exactly as this one would: the same `stateHash()` now
  /// and after any number of ticks.
  /// - Complexity: O(n) in the number of entities.
  public func save(to archive: inout ArchiveWriter) throws {
    precondition(!isStepping, "a world is saved between ticks")
    let state = random.state
    try archive.encode(
      SavedWorldHeader(
        tick: tick, nextID: nextID, random: [state.0, state.1, state.2, state.3],
        fixedDeltaTime: fixedDeltaTime, arenaSize: arenaSize,
        factionCount: hostility.factionCount, typeNames: tables.map(\.typeName),
        entityCounts: tables.map(\.entityCount)))
    for pool in tables { try pool.save(to: &archive) }
  }

  /// Replaces the world's tick, random state and entities with those `save(to:)` wrote.
  ///
  /// The world must have been created with the same time step, arena and factions, and have
  /// registered every entity type the saved world had (a game sets it up as it does for a new
  /// match, without placing anything). The restored world then has exactly the saved world's
  /// types, in its stepping order: a type registered here but not there is left out, and
  /// registers again when one is spawned, as it would have in the saved world. On error the
  /// world is unchanged.
  /// - Throws: `ArchiveError` if the archive is damaged or was saved by a different world.
  /// - Complexity: O(n log n) in the number of entities.
  public mutating func restore(from archive: inout ArchiveReader) throws(ArchiveError) {
    precondition(!isStepping, "a world is restored between ticks")
    let header = try archive.decode(SavedWorldHeader.self)
    let registered = tables.map(\.typeName)
    let names = header.typeNames
    // Where each saved type's pool is in this world.
    var order: [Int] = []
    for name in names {
      guard let index = registered.firstIndex(of: name), !order.contains(index) else {
        throw archive.error(
          "the saved world has entities of type \(name), which this world has not registered "
            + "(register every type the saved world had before restoring)")
      }
      order.append(index)
    }
    guard header.entityCounts.count == names.count else {
      throw archive.error(
        "the saved world lists \(header.entityCounts.count) entity counts "
          + "for \(names.count) types")
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
    var restored = order.map { tables[$0] }
    var ids: [UInt64] = []
    for index in restored.indices {
      let count = header.entityCounts[index]
      // Every entity takes at least a byte: a count beyond the bytes left is damage, found
      // before anything is allocated for it.
      guard count >= 0, count <= archive.remainingByteCount else {
        throw archive.error("\(names[index]) count \(count) is damaged")
      }
      try restored[index].restore(count: count, from: &archive, hostility: hostility, ids: &ids)
    }
    guard archive.isAtEnd else { throw archive.error("the saved world has bytes after its end") }
    ids.sort()
    for position in ids.indices {
      guard ids[position] != 0, ids[position] < header.nextID else {
        throw archive.error(
          "identity #\(ids[position]) is outside the saved world's 1..<\(header.nextID)")
      }
      guard position == 0 || ids[position - 1] != ids[position] else {
        throw archive.error("identity #\(ids[position]) is saved twice")
      }
    }
    tables = restored
    tableIndexByType = Dictionary(
      uniqueKeysWithValues: restored.indices.map { (restored[$0].entityType, $0) })
    tablesBySystem = systems.indices.map { system in
      restored.indices.filter { restored[$0].isBound(to: system) }
    }
    tick = header.tick
    nextID = header.nextID
    random = SeededRandom(
      state: (header.random[0], header.random[1], header.random[2], header.random[3]))
    lastEvents = []
    lastSystemTimes = []
  }
}

extension EntityTable {
  func save(to archive: inout ArchiveWriter) throws {
    for index in 0..<columns.count { try archive.encode(columns.read(at: index)) }
  }

  /// Replaces the table's entities with `count` read from `archive`, appending their
  /// identities to `ids`.
  mutating func restore(
    count: Int, from archive: inout ArchiveReader, hostility: Hostility, ids: inout [UInt64]
  ) throws(ArchiveError) {
    let restored = EntityColumns<Entity>(capacity: count)
    ids.reserveCapacity(ids.count + count)
    for _ in 0..<count {
      let entity = try archive.decode(Entity.self)
      guard hostility.contains(entity.faction) else {
        throw archive.error(
          "\(Entity.typeName) \(entity.id) has faction \(entity.faction), "
            + "outside the world's \(hostility.factionCount)")
      }
      ids.append(entity.id.rawValue)
      restored.append(entity)
    }
    columns = restored
    rebuildDirectory()
    placement = PoolPlacement()
  }
}
