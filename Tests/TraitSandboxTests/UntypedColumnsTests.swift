import Testing

@testable import TraitSandbox

@Suite("Untyped columns: whole-column checks and reordering")
struct UntypedColumnsTests {
  /// 3,000 entities, two whole runs of the check and a part, whose `position.x` is their index.
  private func numbered(_ count: Int = 3_000) -> (EntityColumns<Bare>, word: Int) {
    let columns = EntityColumns<Bare>(capacity: count)
    for index in 0..<count { columns.append(Bare(position: Vector2(Float(index), 0))) }
    let field = EntityLayout(of: Bare.self).fields.first { $0.path == "position.x" }
    return (columns, field!.offset / 4)
  }

  @Test("The first refused entity is found in any run of the check, and in the last part run")
  func firstRefused() {
    let (columns, word) = numbered()
    let stored = UntypedColumns(columns)
    for refused in [0, 1_023, 1_024, 2_047, 2_048, 2_500, 2_999] {
      let found = stored.firstEntity(among: 3_000, whoseWords: word, word) { value, _ in
        Float(bitPattern: value) >= Float(refused)
      }
      #expect(found == refused)
    }
    #expect(stored.firstEntity(among: 3_000, whoseWords: word, word) { _, _ in false } == nil)
  }

  @Test("Only the first `count` entities are looked at")
  func onlyCounted() {
    let (columns, word) = numbered()
    let stored = UntypedColumns(columns)
    let found = stored.firstEntity(among: 1_500, whoseWords: word, word) { value, _ in
      Float(bitPattern: value) >= 1_500
    }
    #expect(found == nil)
  }

  @Test("Permuting moves every word of each entity to the position the order gives it")
  func permute() {
    let (columns, _) = numbered(100)
    let order = (0..<100).map { Int32(($0 * 37) % 100) }
    var scratch: [UInt32] = []
    order.withUnsafeBufferPointer { UntypedColumns(columns).permute(by: $0, scratch: &scratch) }
    for position in 0..<100 {
      #expect(columns.read(at: position).position == Vector2(Float(order[position]), 0))
    }
  }

  @Test(
    "Permuting with the columns shared between threads moves every word as one thread does",
    arguments: [(threads: 2, parts: 2), (3, 3), (4, 3), (8, 6)])
  func permuteOnThreads(threads: Int, parts expected: Int) {
    let count = 10_000
    let (columns, _) = numbered(count)
    // Enough words for the columns to be split between two threads or more.
    #expect(count * EntityWords<Bare>.wordCount >= 2 * 4_096)
    for index in 0..<count {
      var entity = columns.read(at: index)
      entity.id = EntityID(rawValue: UInt64(index + 1))
      columns.put(entity, at: index)
    }
    let order = (0..<count).map { Int32(($0 * 7_919) % count) }
    var scratch: [UInt32] = []
    order.withUnsafeBufferPointer {
      UntypedColumns(columns).permute(by: $0, scratch: &scratch, threads: threads)
    }
    // A scratch column for each part: the work was really split, and into no empty parts
    // (six columns on four threads make three parts of two, not a fourth of none).
    #expect(EntityWords<Bare>.wordCount == 6)
    #expect(scratch.count == expected * count)
    for position in 0..<count {
      let entity = columns.read(at: position)
      let source = Int(order[position])
      guard entity.position == Vector2(Float(source), 0), entity.id.rawValue == UInt64(source + 1)
      else {
        Issue.record("position \(position) holds \(entity.id), not entity \(source + 1)")
        return
      }
    }
  }
}
