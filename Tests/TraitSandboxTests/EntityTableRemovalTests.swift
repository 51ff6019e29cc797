import Frames
import Testing

@testable import TraitSandbox

@Suite("A table's directory: lookups by identity, and removals on several threads")
struct EntityTableRemovalTests {
  /// The first position in `ids` (ascending) whose identity is at least `id`.
  private static func lowerBound(of id: UInt64, in ids: [UInt64]) -> Int {
    var low = 0
    var high = ids.count
    while low < high {
      let middle = (low + high) / 2
      if ids[middle] < id { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Directories whose identities are spread evenly, bunched, or far apart at one end.
  private static let directories: [String: [UInt64]] = {
    var random = SeededRandom(seed: 11)
    var gaps: [UInt64] = []
    var id: UInt64 = 1
    for _ in 0..<3_000 {
      id += 1 + random.next() % 7
      gaps.append(id)
    }
    return [
      "even": (0..<3_000).map { 5 + UInt64($0) * 3 },
      "random gaps": gaps,
      // A late spawn far past the rest, as a castle's first monster is in a table of a
      // population spawned before the match.
      "one far at the end": Array(1...2_000) + [1_000_000_000_000],
      "one far at the start": [1] + (0..<2_000).map { 1_000_000 + UInt64($0) },
      "bunches": (0..<2_000).map { UInt64($0 / 100) * 1_000_000 + UInt64($0 % 100) },
      "near the top of the range": (0..<1_000).map { UInt64.max - 5_000 + UInt64($0) * 5 },
      "one": [42],
      "two": [7, 9],
    ]
  }()

  @Test("a lookup from any start finds the first identity at least the one asked for")
  func lookups() {
    // A search reads an entry's identity alone, from the entry's first bytes.
    #expect(MemoryLayout<DirectoryEntry>.offset(of: \DirectoryEntry.id) == 0)
    var random = SeededRandom(seed: 5)
    for (name, ids) in Self.directories {
      let directory = ids.enumerated().map { DirectoryEntry(id: $1, index: Int32($0)) }
      var asked = ids + ids.map { $0 &+ 1 } + ids.map { $0 &- 1 } + [0, 1, UInt64.max]
      for _ in 0..<500 { asked.append(ids[Int(random.next() % UInt64(ids.count))] &+ 2) }
      var wrong: [String] = []
      directory.withUnsafeBufferPointer { directory in
        for id in asked {
          let bound = Self.lowerBound(of: id, in: ids)
          // Any start at or before the bound keeps the promise that what precedes it is
          // smaller.
          for start in Set([0, bound / 2, max(bound - 1, 0), bound]) where start <= ids.count {
            var from = start
            let found = EntityTable<Bare>.position(of: id, in: directory, from: &from)
            let expected = bound < ids.count && ids[bound] == id ? bound : nil
            if found != expected || from != bound {
              wrong.append("\(id) from \(start): \(String(describing: found)), ends at \(from)")
            }
          }
        }
      }
      #expect(wrong.isEmpty, "\(name): \(wrong.prefix(3))")
    }
  }

  @Test("identities cut into parts for threads keep repeats in one part and leave none out")
  func parts() {
    var random = SeededRandom(seed: 2)
    var ids: [UInt64] = []
    for _ in 0..<2_000 { ids.append(random.next() % 300) }
    ids.sort()
    for threads in [1, 2, 3, 8, 16, 64] {
      for size in [100, 1_000_000] {
        let parts = DirectoryParts(ids: ids, directorySize: size, threads: threads)
        #expect(parts.count >= 1 && parts.count <= threads)
        #expect(size > 65_536 || parts.count <= max(1, ids.count / 1_024))
        let ranges = (0..<parts.count).map { parts.range(of: $0) }
        #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == ids.count)
        for (range, next) in zip(ranges, ranges.dropFirst()) {
          #expect(range.upperBound == next.lowerBound)
          if !range.isEmpty, !next.isEmpty {
            #expect(ids[range.upperBound - 1] != ids[next.lowerBound], "a repeat in two parts")
          }
        }
      }
    }
    #expect(DirectoryParts(ids: ids, directorySize: 1_000_000, threads: 8).count == 8)
  }

  /// A table of `count` entities, their identities 1, 4, 7, ...; each entity's x is its
  /// identity.
  private static func table(count: Int) -> EntityTable<Bare> {
    var table = EntityTable<Bare>(jobs: [], components: [], systemNames: [], traitNames: [])
    var events: [EntityEvent]?
    for index in 0..<count {
      let id = 1 + UInt64(index) * 3
      table.append(Bare(position: Vector2(Float(id), 0)), id: id, events: &events)
    }
    return table
  }

  @Test(
    "removals from a large table, looked up and moved on several threads, leave what one does",
    arguments: [2, 3, 8])
  func removalsOnThreads(threads: Int) {
    var one = Self.table(count: 80_000)
    var many = one
    many.makeUnique()
    var living = Set((0..<80_000).map { 1 + UInt64($0) * 3 })
    var random = SeededRandom(seed: 9)
    for round in 0..<4 {
      // Identities of the living, of the gone and of none, each asked for up to twice.
      var asked: [AnyEntityID] = []
      for _ in 0..<(round == 0 ? 3_000 : 700) {
        let id = 1 + random.next() % (80_000 * 3)
        asked.append(AnyEntityID(rawValue: id))
        if id % 5 == 0 { asked.append(AnyEntityID(rawValue: id)) }
      }
      asked.sort()
      living.subtract(asked.map(\.rawValue))
      one.removeAll(sortedIDs: asked, threads: 1)
      many.removeAll(sortedIDs: asked, threads: threads)
      #expect(one.entityCount == many.entityCount && many.entityCount == living.count)
      #expect(one.identities() == many.identities(), "round \(round)")
      #expect(
        one.directory.map(\.id) == many.directory.map(\.id)
          && one.directory.map(\.index) == many.directory.map(\.index))
      // Every live entity is where the directory says, and every removed one is gone.
      let misplaced = many.directory.filter { entry in
        entry.index >= 0
          ? many.identity(at: Int(entry.index)) != entry.id || !living.contains(entry.id)
          : living.contains(entry.id)
      }
      #expect(misplaced.isEmpty, "round \(round): \(misplaced.prefix(3))")
      let moved = (0..<many.entityCount).filter { index in
        let entity = many.columns.read(at: index)
        return UInt64(entity.position.x) != entity.id.rawValue
      }
      #expect(moved.isEmpty, "round \(round): entities at \(moved.prefix(3)) lost their state")
    }
    #expect(Set(many.identities()) == living && living.count < 80_000 - 1_000)
  }

  @Test("a table's removals share the threads only when they are enough to share")
  func removalSplits() {
    let small = Self.table(count: 20_000)
    let large = Self.table(count: 80_000)
    // A small directory is worth a thread per 1,024 lookups, a large one per 64: a few dozen
    // removals stay on one thread, beside the other tables', in either.
    #expect(!small.removalSplits(count: 40, threads: 2))
    #expect(!large.removalSplits(count: 40, threads: 2))
    #expect(!small.removalSplits(count: 5_000, threads: 1))
    #expect(large.removalSplits(count: 128, threads: 2))
    // Moving the words of 200 entities of six words each into their holes is worth a second
    // thread too, if the lookups are not.
    #expect(EntityWords<Bare>.wordCount == 6)
    #expect(small.removalSplits(count: 200, threads: 2))
  }
}
