extension EntityTable {
  /// How this table is saved: as its columns when every stored value is a checkable number,
  /// Boolean or optional of them, else through `Codable`.
  var savedTable: SavedTable {
    SavedTable(
      typeName: Entity.typeName, count: columns.count,
      storage: layout.isSavedAsBytes ? .columns : .values, stride: layout.stride,
      fields: layout.fields)
  }

  /// Appends every entity's `Codable` encoding, in storage order.
  func saveValues(to archive: inout ArchiveWriter) throws {
    for index in 0..<columns.count { try archive.encode(columns.read(at: index)) }
  }

  /// Appends the columns' bytes: word 0 of every entity, then word 1, and so on, little-endian,
  /// with padding zeroed, a piece at a time.
  func saveColumns(to sink: inout some SnapshotSink) throws {
    let count = columns.count
    let stored = UntypedColumns(columns)
    // A piece of a column at a time: 64 KiB.
    let piece = 16_384
    let buffer = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: piece)
    defer { buffer.deallocate() }
    for word in 0..<stored.wordCount {
      let mask = WriteCheck.byteMask(layout.stateMasks[word])
      let column = stored.column(word)
      for start in stride(from: 0, to: count, by: piece) {
        let length = min(piece, count - start)
        for index in 0..<length { buffer[index] = (column[start + index] & mask).littleEndian }
        try sink.write(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[..<length])))
      }
    }
  }

  /// Stops with an error naming the first difference if `saved` was made by another layout
  /// of this type, so its bytes are never misread.
  func checkSaved(_ saved: SavedTable, archive: ArchiveReader) throws(ArchiveError) {
    let name = Entity.typeName
    guard saved.storage == savedTable.storage else {
      throw archive.error(
        "\(name) is saved as its \(saved.storage == .columns ? "columns" : "values"), but this "
          + "program keeps it as \(savedTable.storage == .columns ? "columns" : "values"): its "
          + "stored properties changed since the snapshot was made")
    }
    guard saved.storage == .columns else { return }
    let current = layout.fields
    for (position, field) in saved.fields.enumerated() {
      guard position < current.count else {
        throw archive.error(
          "the snapshot's \(name) has \(field.path) (\(field.typeName)), which this program's "
            + "\(name) does not: its stored properties changed since the snapshot was made")
      }
      let here = current[position]
      guard here == field else {
        throw archive.error(
          "the snapshot's \(name) keeps \(field.path) (\(field.typeName), \(field.size) bytes) at "
            + "byte \(field.offset), where this program's keeps \(here.path) (\(here.typeName), "
            + "\(here.size) bytes) at byte \(here.offset): its stored properties changed since "
            + "the snapshot was made")
      }
    }
    guard saved.fields.count == current.count, saved.stride == layout.stride else {
      let what =
        current.dropFirst(saved.fields.count).first.map { "\($0.path) (\($0.typeName))" }
        ?? "a stride of \(layout.stride) bytes"
      throw archive.error(
        "this program's \(name) has \(what), which the snapshot's does not: its stored "
          + "properties changed since the snapshot was made")
    }
  }

  /// Replaces the table's entities with `count` read from `archive`.
  mutating func restoreValues(
    count: Int, from archive: inout ArchiveReader, hostility: Hostility
  ) throws(ArchiveError) {
    let restored = EntityColumns<Entity>(capacity: count)
    for _ in 0..<count {
      let entity = try archive.decode(Entity.self)
      guard hostility.contains(entity.faction) else {
        throw archive.error(
          "\(Entity.typeName) \(entity.id) has faction \(entity.faction), "
            + "outside the world's \(hostility.factionCount)")
      }
      restored.append(entity)
    }
    columns = restored
    rebuildDirectory()
    placement = _PoolPlacement()
  }

  /// Replaces the table's entities with `count` read as columns from `reader`, checking every
  /// value.
  mutating func restoreColumns(
    count: Int, from reader: inout SnapshotReader, hostility: Hostility
  ) throws(ArchiveError) {
    let name = Entity.typeName
    let wordCount = layout.wordCount
    let (byteCount, overflow) = count.multipliedReportingOverflow(by: wordCount * 4)
    guard count >= 0, !overflow, byteCount <= reader.remainingByteCount else {
      throw reader.error(
        "the columns of \(count) \(name) entities need \(overflow ? "more" : "\(byteCount)") "
          + "bytes, and \(reader.remainingByteCount) are left: the snapshot is truncated")
    }
    let restored = EntityColumns<Entity>(capacity: count)
    let stored = UntypedColumns(restored)
    let start = reader.offset
    try reader.read(byteCount) { raw in
      for word in 0..<wordCount {
        let column = stored.column(word)
        let source = raw.baseAddress.unsafelyUnwrapped + word * count * 4
        for index in 0..<count {
          column[index] = UInt32(
            littleEndian: source.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
        }
      }
    }
    restored.count = count
    try Self.check(UntypedColumns(restored), layout: layout, at: start, count: count)
    let previous = columns
    columns = restored
    var firstBad: Int?
    if let offset = layout.factionOffset {
      firstBad = (0..<count).first { stored.byte(offset, at: $0) >= hostility.factionCount }
    } else {
      readingPool().forEach { entity, index in
        if firstBad == nil && !hostility.contains(entity.faction) { firstBad = index }
      }
    }
    if let firstBad {
      columns = previous
      throw ArchiveError(
        offset: start,
        reason: "\(name) number \(firstBad + 1) of \(count) has a faction outside the world's "
          + "\(hostility.factionCount)")
    }
    rebuildDirectory()
    placement = _PoolPlacement()
  }

  /// Stops with an error naming the entity and property if a loaded value is not one the type
  /// can hold: a number that is not finite, a Boolean or optional tag other than 0 or 1, an
  /// absent optional with a payload.
  ///
  /// - Complexity: O(n x fields), a pass over each column a field is in.
  private static func check(
    _ columns: UntypedColumns, layout: EntityLayout, at offset: Int, count: Int
  ) throws(ArchiveError) {
    for field in layout.fields {
      // An optional's tag inside another optional's payload is rare, and checked entity by
      // entity; every other field a column at a time.
      let found =
        field.kind == .optionalTag && field.tagOffset != nil
        ? firstDamagedNestedTag(field, of: columns, layout: layout, count: count)
        : firstDamaged(field, of: columns, layout: layout, count: count)
      if let entity = found { throw damaged(field, entity: entity) }
    }

    func damaged(_ field: EntityLayout.Field, entity: Int) -> ArchiveError {
      ArchiveError(
        offset: offset,
        reason: "\(Entity.typeName) number \(entity + 1) of \(count) holds a value its "
          + "\(field.path) (\(field.typeName)) cannot have: the snapshot is damaged")
    }
  }

  /// The first entity whose `field` holds a value it cannot, checked a column at a time: the
  /// same test on every entity's word and its optional's tag, which the compiler turns into
  /// vector code. Not for an optional's tag inside another optional's payload.
  ///
  /// - Complexity: O(n) for a value, O(n x payload words) for an optional's tag.
  private static func firstDamaged(
    _ field: EntityLayout.Field, of columns: UntypedColumns, layout: EntityLayout, count: Int
  ) -> Int? {
    let word = field.offset >> 2
    // The word that holds the value's optional tag, and the tag's place in it; a value outside
    // an optional is always there.
    let tagWord = field.tagOffset.map { $0 >> 2 } ?? word
    let tagShift = UInt32(((field.tagOffset ?? 0) & 3) << 3)
    let isOptional = field.tagOffset != nil
    @inline(__always)
    func isPresent(_ tag: UInt32) -> Bool { !isOptional || (tag >> tagShift) & 0xFF == 0 }
    switch field.kind {
    case .float where !isOptional:
      // Without a tag to read the test is a third cheaper, and most floats have none.
      return columns.firstEntity(among: count, whoseWords: word, word) { value, _ in
        value & 0x7F80_0000 == 0x7F80_0000
      }
    case .float:
      return columns.firstEntity(among: count, whoseWords: word, tagWord) {
        isPresent($1) && $0 & 0x7F80_0000 == 0x7F80_0000
      }
    case .double:
      return columns.firstEntity(among: count, whoseWords: word + 1, tagWord) {
        isPresent($1) && $0 & 0x7FF0_0000 == 0x7FF0_0000
      }
    case .bool:
      let shift = UInt32((field.offset & 3) << 3)
      return columns.firstEntity(among: count, whoseWords: word, tagWord) {
        isPresent($1) && ($0 >> shift) & 0xFF > 1
      }
    case .integer, .opaque, .reference:
      return nil
    case .optionalTag:
      let shift = UInt32((field.offset & 3) << 3)
      // A tag of 0 is a value, 1 is none, and anything else is damage; none has a zero payload.
      var first = columns.firstEntity(among: count, whoseWords: word, word) { tag, _ in
        (tag >> shift) & 0xFF > 1
      }
      for payload in layout.fields where payload.tagOffset == field.offset && payload.size > 0 {
        let end = payload.offset + payload.size
        for payloadWord in (payload.offset >> 2)...((end - 1) >> 2) {
          var mask: UInt32 = 0
          for byte in max(payload.offset, payloadWord * 4)..<min(end, payloadWord * 4 + 4) {
            mask |= 0xFF << UInt32((byte & 3) << 3)
          }
          let found = columns.firstEntity(among: count, whoseWords: payloadWord, word) {
            value, tag in (tag >> shift) & 0xFF == 1 && value & mask != 0
          }
          if let found, found < (first ?? .max) { first = found }
        }
      }
      return first
    }
  }

  /// The first entity whose optional tag `field`, inside another optional's payload, is
  /// damaged: other than 0 or 1 where its optional is there, or 1 with a payload that is not
  /// zero. Entity by entity: such tags are rare.
  private static func firstDamagedNestedTag(
    _ field: EntityLayout.Field, of columns: UntypedColumns, layout: EntityLayout, count: Int
  ) -> Int? {
    guard field.kind == .optionalTag, let outerTag = field.tagOffset else { return nil }
    let payload = layout.fields.filter { $0.tagOffset == field.offset }
    for index in 0..<count where columns.byte(outerTag, at: index) == 0 {
      let tag = columns.byte(field.offset, at: index)
      let isDamaged =
        tag == 1
        ? payload.contains { value in
          (value.offset..<(value.offset + value.size)).contains { columns.byte($0, at: index) != 0 }
        }
        : tag > 1
      if isDamaged { return index }
    }
    return nil
  }
}
