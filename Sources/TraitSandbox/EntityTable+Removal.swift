import Frames

/// Removing a tick's despawned entities from a table: each found in the directory, on several
/// threads for a large table, and the table's last entity moved into each hole.
extension EntityTable {
  /// Removes the entities whose identities appear in `sortedIDs` (ascending, repeats allowed).
  ///
  /// Each removed entity's place is taken by the table's last entity, so a removal moves one
  /// entity instead of shifting the rest. The identities are looked up, and the columns
  /// moved, on up to `threads` threads: the same result for any thread count.
  /// - Complexity: O(m log(n / m)) for m identities in a table of n, touching only the
  ///   entities that move.
  mutating func removeAll(sortedIDs: [AnyEntityID], threads: Int) {
    guard let first = directory.first?.id, let last = directory.last?.id,
      let smallest = sortedIDs.first?.rawValue, let largest = sortedIDs.last?.rawValue,
      smallest <= last, largest >= first
    else { return }
    let ids = sortedIDs.map(\.rawValue)
    let parts = DirectoryParts(ids: ids, directorySize: directory.count, threads: threads)
    var removedByPart = [[Int32]](repeating: [], count: parts.count)
    removedByPart.withUnsafeMutableBufferPointer { removedByPart in
      let shared = RemovedByPart(parts: removedByPart)
      forEachDirectoryEntry(of: ids, in: parts) { part, _, entry in
        guard entry.pointee.index >= 0 else { return }
        shared.parts[part].append(entry.pointee.index)
        entry.pointee.index = -1
      }
    }
    var removed = Array(removedByPart.joined())
    guard !removed.isEmpty else { return }
    vacatedCount += removed.count
    makeUnique()
    // From the back, so the entity moved into a hole is never one still to be removed.
    removed = removed.sortedDescending(below: columns.count)
    // A hole at or past the new end was filled by an entity that moved on to a later hole.
    // The entities that moved are found in the directory in order of identity.
    var moved: [(id: UInt64, hole: Int32)] = []
    for hole in columns.swapRemoveAll(descending: removed, threads: threads)
    where Int(hole) < columns.count {
      moved.append((identity(at: Int(hole)), hole))
    }
    moved.sort { $0.id < $1.id }
    let movedIDs = moved.map(\.id)
    let holes = moved.map(\.hole)
    forEachDirectoryEntry(
      of: movedIDs,
      in: DirectoryParts(ids: movedIDs, directorySize: directory.count, threads: threads)
    ) { _, index, entry in
      entry.pointee.index = holes[index]
    }
    compactDirectoryIfSparse()
  }

  /// Whether removing `count` entities would use more than one of `threads` threads: enough
  /// lookups in the directory, or enough words to move.
  func removalSplits(count: Int, threads: Int) -> Bool {
    DirectoryParts.count(ids: count, directorySize: directory.count, threads: threads) > 1
      || Parts(columns: EntityWords<Entity>.wordCount, scatteredRows: count, threads: threads).count
        > 1
  }

  /// Finds each identity of `ids` (ascending) in the directory and calls `body` with the part,
  /// the identity's position in `ids` and its directory entry, for each identity the directory
  /// has, the parts of `parts` at once, in one step. No two parts find one entry; a part's
  /// search reads only identities (`DirectoryEntry.identity(at:in:)`), anywhere in the
  /// directory, and `body` changes only the index of the entry it is given, so a part may
  /// change its entries while the others still search.
  private mutating func forEachDirectoryEntry(
    of ids: [UInt64], in parts: DirectoryParts,
    _ body: @Sendable (_ part: Int, _ index: Int, UnsafeMutablePointer<DirectoryEntry>) -> Void
  ) {
    directory.withUnsafeMutableBufferPointer { directory in
      let shared = SharedDirectory(entries: directory)
      // Each part's lookups, from the directory's start, and its changes as it finds them.
      @Sendable func visit(_ part: Int) {
        let entries = UnsafeBufferPointer(shared.entries)
        let first = shared.entries.baseAddress.unsafelyUnwrapped
        var start = 0
        for index in parts.range(of: part) {
          if let position = Self.position(of: ids[index], in: entries, from: &start) {
            body(part, index, first + position)
          }
        }
      }
      if parts.count == 1 {
        visit(0)
      } else {
        WorkerPool.shared.forEach(parts.count, threads: parts.count) { visit($0) }
      }
    }
  }
}

/// Ascending identities cut into parts for looking them up on several threads at once, each
/// part a range of them, no identity in two parts (repeats stay together).
struct DirectoryParts: Sendable {
  /// Where each part starts in the identities, and after the last, where they end.
  let bounds: [Int]

  /// Parts of `ids` for a directory of `directorySize` entries, on up to `threads` threads.
  ///
  /// A lookup in a directory that fits a core's cache takes tens of nanoseconds, one in a
  /// larger directory a few cache misses: a thread is worth 1,024 identities in the one and
  /// 64 in the other.
  init(ids: [UInt64], directorySize: Int, threads: Int) {
    let count = Self.count(ids: ids.count, directorySize: directorySize, threads: threads)
    var bounds = [0]
    for part in 1..<max(count, 1) {
      var bound = max(ids.count * part / count, bounds[part - 1])
      while bound > 0, bound < ids.count, ids[bound] == ids[bound - 1] { bound += 1 }
      bounds.append(bound)
    }
    bounds.append(ids.count)
    self.bounds = bounds
  }

  /// How many parts.
  var count: Int { bounds.count - 1 }

  /// How many parts `ids` identities make for a directory of `directorySize` entries, on up
  /// to `threads` threads.
  static func count(ids: Int, directorySize: Int, threads: Int) -> Int {
    let perPart = directorySize < 65_536 ? 1_024 : 64
    return max(1, min(threads, ids / perPart))
  }

  /// The identities of one part, by position.
  func range(of part: Int) -> Range<Int> { bounds[part]..<bounds[part + 1] }
}

/// The directory a table's lookups share between threads: each thread reads only identities,
/// and writes only the indices of the entries its part found.
private struct SharedDirectory: @unchecked Sendable {
  let entries: UnsafeMutableBufferPointer<DirectoryEntry>
}

/// The storage positions each part of a removal found, one array per part; each thread
/// appends only to its own part's.
private struct RemovedByPart: @unchecked Sendable {
  let parts: UnsafeMutableBufferPointer<[Int32]>
}
