import Frames

/// Every live entity of one type, in columns, with the systems bound to the type.
///
/// A world keeps one per registered entity type. Entities are stored in no particular identity
/// order: the world keeps them roughly in grid-cell order (see `sortSpatially`), so that
/// consecutive entities query neighbouring cells. `directory` finds an entity by identity.
struct EntityTable<Entity: GameObject> {
  /// The live entities, in storage order. Shared with copies of the world until one of them
  /// changes (`makeUnique`).
  var columns = EntityColumns<Entity>()
  /// Every identity this table has held since it was last compacted, in ascending order, with
  /// where its entity is stored (or -1 once it is gone).
  var directory: ContiguousArray<DirectoryEntry> = []
  /// The directory entries whose entity is gone.
  var vacatedCount = 0
  /// Where this type's entities sit in the tick's target index.
  var placement = _PoolPlacement()
  /// The bound job of each of the world's systems, by the system's position in the schedule.
  let jobs: [SystemJob<Entity>?]
  /// Whether each of the world's systems is bound to this type: what a tick asks of a table,
  /// without reaching into `jobs` from code that is not specialised for the type.
  let boundSystems: [Bool]
  /// The components the bound systems own, each once, in schedule order.
  let components: [ComponentSlot<Entity>]
  /// The names of the systems bound to this type, in the order they run.
  let systemNames: [String]
  /// The traits this type has that the world's systems step, each once, in schedule order.
  let traitNames: [String]
  /// Where the type's stored properties are in its columns.
  let layout: EntityLayout
  /// For each word, the bytes the state hash reads (see `EntityLayout.stateMasks`): every
  /// stored property but the components of traits no system of the world steps.
  let hashMasks: [UInt8]
  /// In debug builds, each bound system's write check, made when it first steps an entity.
  var writeChecks: [WriteCheck?]

  init(
    jobs: [SystemJob<Entity>?], components: [ComponentSlot<Entity>], systemNames: [String],
    traitNames: [String]
  ) {
    precondition(
      _isBitwiseTakable(Entity.self),
      "\(Entity.typeName) cannot be kept in columns: it holds a weak or unowned reference")
    self.jobs = jobs
    boundSystems = jobs.map { $0 != nil }
    self.components = components
    self.systemNames = systemNames
    self.traitNames = traitNames
    let layout = EntityLayout(of: Entity.self)
    self.layout = layout
    let bound = Set(components.map(\.stateType))
    let unhashed = layout.properties.filter { $0.isComponent && !bound.contains($0.type) }
    hashMasks = layout.stateMasks.indices.map { word in
      var mask = layout.stateMasks[word]
      for property in unhashed {
        for byte in (word * 4)..<(word * 4 + 4) where property.bytes.contains(byte) {
          mask &= ~(1 << UInt8(byte % 4))
        }
      }
      return mask
    }
    writeChecks = [WriteCheck?](repeating: nil, count: jobs.count)
  }

  /// The number of live entities.
  var count: Int { columns.count }

  /// Gives this table columns of its own, copying them if a copy of the world shares them.
  ///
  /// - Complexity: O(n) when it copies, O(1) otherwise.
  mutating func makeUnique() {
    if !Self.isUniqueReference(&columns) { columns = columns.copy() }
  }

  /// Whether the object whose reference is at `reference` has no other strong reference.
  ///
  /// Asked of the reference as `AnyObject`: `makeUnique` runs unspecialised, once per system
  /// and type each tick, and asking it of the generic class looked up the class's metadata
  /// every time (about 450 instructions, most of what a small type's tick costs outside its
  /// loops).
  private static func isUniqueReference(
    _ reference: UnsafeMutablePointer<EntityColumns<Entity>>
  ) -> Bool {
    #if DEBUG
      // Unoptimised, the rebound reference below is copied before it is asked: always shared.
      isKnownUniquelyReferenced(&reference.pointee)
    #else
      UnsafeMutableRawPointer(reference).withMemoryRebound(to: AnyObject.self, capacity: 1) {
        isKnownUniquelyReferenced(&$0.pointee)
      }
    #endif
  }

  /// The columns as `GameObject._step` takes them for `system`, with its write check in debug
  /// builds; the caller has made the columns unique.
  mutating func span(for system: Int) -> _ColumnSpan<Entity> {
    #if DEBUG
      if writeChecks[system] == nil, let job = jobs[system], columns.count > 0 {
        writeChecks[system] = WriteCheck.make(
          writes: job.writes, systemName: systemNameForChecks(system), layout: layout,
          sample: columns.read(at: 0))
      }
      return _ColumnSpan(
        words: columns.words, stride: columns.capacity, count: columns.count,
        writeCheck: writeChecks[system])
    #else
      return _ColumnSpan(
        words: columns.words, stride: columns.capacity, count: columns.count, writeCheck: nil)
    #endif
  }

  /// The name checks report for `system`: the job's trait's loop.
  func systemNameForChecks(_ system: Int) -> String {
    let bound = jobs[..<system].compactMap { $0 }.count
    return bound < systemNames.count ? systemNames[bound] : "#\(system)"
  }

  /// A read-only pool over every entity, for drawing and hashing.
  func readingPool() -> EntityPool<Entity> {
    EntityPool(
      words: columns.words, stride: columns.capacity, indices: 0..<columns.count,
      targetBase: placement.targetBase,
      indexedTick: placement.indexedTick)
  }

  /// The directory position of identity `id`, if the directory has it (alive or gone).
  ///
  /// - Complexity: O(log n).
  func directoryPosition(of id: UInt64) -> Int? {
    directory.withUnsafeBufferPointer { directory in
      guard let first = directory.first, first.id <= id else { return nil }
      // Without branches on the comparisons, which a search for a random identity
      // mispredicts half the time: `base` is the last entry known to be at most `id`.
      var base = 0
      var remaining = directory.count
      while remaining > 1 {
        let half = remaining / 2
        base = directory[base &+ half].id <= id ? base &+ half : base
        remaining -= half
      }
      return directory[base].id == id ? base : nil
    }
  }

  /// The directory position of identity `id`, searching from `start`, before which every
  /// identity is smaller than `id`; `start` moves on to where the search ended, so a run of
  /// ascending identities is found in one pass over the directory.
  ///
  /// The search estimates where `id` lies from the identities at the two ends of the stretch
  /// left to search (a table's identities are spread about evenly: its entities were spawned
  /// among the other types' and die at random), gallops from the estimate to a stretch at most
  /// half as long, and estimates again within it until a few entries are left: a few probes
  /// near each other, where galloping from `start` would probe across the directory. An
  /// identity far from the rest (a late spawn) costs a round more, not a wrong guess each time.
  /// - Complexity: O(log e) probes, where e is how far from the estimate the identity lies;
  ///   O(log^2 d) at worst, where d is how far past `start` it lies.
  func directoryPosition(of id: UInt64, from start: inout Int) -> Int? {
    directory.withUnsafeBufferPointer { Self.position(of: id, in: $0, from: &start) }
  }

  /// The position of identity `id` in `directory`, searching from `start`: what
  /// `directoryPosition(of:from:)` finds, in a directory that threads share.
  static func position(
    of id: UInt64, in directory: UnsafeBufferPointer<DirectoryEntry>, from start: inout Int
  ) -> Int? {
    // Only identities are read: another thread may be setting indices meanwhile.
    @inline(__always) func identity(_ position: Int) -> UInt64 {
      DirectoryEntry.identity(at: position, in: directory)
    }
    let count = directory.count
    guard start < count, identity(start) < id else {
      return start < count && identity(start) == id ? start : nil
    }
    // Not empty: `start` is within it.
    guard identity(count &- 1) >= id else {
      start = count
      return nil
    }
    // From here on `low` is an entry below `id` and `high` one at least `id`.
    var low = start
    var high = count &- 1
    while high &- low > 16 {
      let lowID = identity(low)
      let spread = Double(id &- lowID) / Double(identity(high) &- lowID)
      let estimate = min(max(low &+ Int(spread * Double(high &- low)), low &+ 1), high &- 1)
      var step = 1
      if identity(estimate) < id {
        // Gallops up from the estimate, ...
        low = estimate
        var probe = estimate &+ step
        while probe < high, identity(probe) < id {
          low = probe
          step &*= 2
          probe = low &+ step
        }
        high = min(probe, high)
      } else {
        // ... or down, to a stretch at most half the last one, and estimates again within.
        high = estimate
        var probe = estimate &- step
        while probe > low, identity(probe) >= id {
          high = probe
          step &*= 2
          probe = high &- step
        }
        low = max(probe, low)
      }
    }
    // Halves the stretch between, for the first entry at least `id`.
    while high &- low > 1 {
      let middle = low &+ (high &- low) / 2
      if identity(middle) < id { low = middle } else { high = middle }
    }
    start = high
    return identity(high) == id ? high : nil
  }

  /// The storage position of the entity with identity `id`, if it is alive.
  ///
  /// - Complexity: O(log n).
  func index(of id: AnyEntityID) -> Int? {
    guard let position = directoryPosition(of: id.rawValue) else { return nil }
    let index = directory[position].index
    return index >= 0 ? Int(index) : nil
  }

  /// Drops the directory's entries for entities that are gone, once they are a good part of it.
  ///
  /// - Complexity: O(n) when it compacts, which is at most once per n removals.
  mutating func compactDirectoryIfSparse() {
    guard vacatedCount > 64, vacatedCount * 2 > directory.count else { return }
    directory.removeAll { $0.index < 0 }
    vacatedCount = 0
  }

  /// Rebuilds the directory from the columns: every entity's identity and position, in
  /// identity order.
  ///
  /// - Complexity: O(n) when the identities lie within 4n of each other, as a world's do;
  ///   else a radix sort of a few O(n) passes, or O(n log n) for identities of 2^32 and more.
  mutating func rebuildDirectory() {
    var ids = identities()
    vacatedCount = 0
    if let placed = Self.directoryByPlacing(ids) {
      directory = placed
      return
    }
    var order = [Int32](0..<Int32(ids.count))
    if let largest = ids.max(), largest <= UInt64(UInt32.max) {
      // Identities below 2^32, as a world's are for a long time: a radix sort.
      var keys = ids.map { UInt32(truncatingIfNeeded: $0) }
      let keyBits = max(1, UInt64.bitWidth - largest.leadingZeroBitCount)
      SpatialGrid.sort(&order, byKeys: &keys, keyBits: keyBits)
    } else {
      order.sort { ids[Int($0)] < ids[Int($1)] }
    }
    directory = ContiguousArray(
      order.map { DirectoryEntry(id: ids[Int($0)], index: $0) })
    ids = []
  }

  /// The directory of `ids` (the identity of each position) without sorting, if they lie
  /// close together: each position is put at its identity's offset from the smallest, and the
  /// offsets are read in order. Nil when they are far apart or one repeats (only a damaged
  /// snapshot has that), which the sort handles as it always has.
  ///
  /// - Complexity: O(n + the span of the identities).
  private static func directoryByPlacing(_ ids: [UInt64]) -> ContiguousArray<DirectoryEntry>? {
    guard let smallest = ids.min(), let largest = ids.max(),
      largest - smallest < UInt64(ids.count) * 4
    else { return nil }
    var slots = [Int32](repeating: -1, count: Int(largest - smallest) + 1)
    for (position, id) in ids.enumerated() {
      let slot = Int(id - smallest)
      guard slots[slot] < 0 else { return nil }
      slots[slot] = Int32(position)
    }
    var entries = ContiguousArray<DirectoryEntry>()
    entries.reserveCapacity(ids.count)
    for (offset, position) in slots.enumerated() where position >= 0 {
      entries.append(DirectoryEntry(id: smallest + UInt64(offset), index: position))
    }
    return entries
  }
}

/// One identity a table has held, and where its entity is stored.
struct DirectoryEntry {
  /// The entity's identity; first, where `identity(at:in:)` reads it.
  var id: UInt64
  /// The entity's position in the table's columns, or -1 once it is gone.
  var index: Int32

  /// The identity of the entry at `position`, read alone: a search may run while another
  /// thread sets the indices of entries it found (`EntityTable.removeAll(sortedIDs:threads:)`).
  @inline(__always)
  static func identity(at position: Int, in directory: UnsafeBufferPointer<DirectoryEntry>)
    -> UInt64
  {
    UnsafeRawPointer(directory.baseAddress.unsafelyUnwrapped + position).load(as: UInt64.self)
  }
}

extension Array where Element == Int32 {
  /// These storage positions, distinct and each below `count`, in descending order.
  ///
  /// Read off a bitmap of the positions unless the table is far larger than the list: a
  /// comparison sort of the hundreds of positions a tick's dead leave in a table (its comparison
  /// a call each time) cost about 750 instructions per position, on the stepping thread.
  /// - Complexity: O(count / 64 + n) for n positions, or O(n log n) when that is less.
  func sortedDescending(below count: Int) -> [Int32] {
    guard count <= self.count * 4096 else { return sorted(by: >) }
    var bits = [UInt64](repeating: 0, count: (count + 63) / 64)
    for row in self { bits[Int(row) >> 6] |= 1 << UInt64(row & 63) }
    var result: [Int32] = []
    result.reserveCapacity(self.count)
    for word in bits.indices.reversed() {
      var remaining = bits[word]
      while remaining != 0 {
        let bit = 63 - remaining.leadingZeroBitCount
        result.append(Int32(truncatingIfNeeded: word << 6 | bit))
        remaining &= ~(1 << UInt64(bit))
      }
    }
    return result
  }
}
