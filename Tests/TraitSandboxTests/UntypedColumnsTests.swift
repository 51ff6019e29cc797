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

  @Test("Reordering every column moves every word of each entity to the position the order gives")
  func reorder() {
    let (columns, _) = numbered(100)
    let order = (0..<100).map { Int32(($0 * 37) % 100) }
    var moved = [UInt32](repeating: 0, count: 100)
    let stored = UntypedColumns(columns)
    order.withUnsafeBufferPointer { order in
      moved.withUnsafeMutableBufferPointer { moved in
        for word in 0..<stored.wordCount {
          stored.reorder(column: word, by: order, through: moved.baseAddress!)
        }
      }
    }
    for position in 0..<100 {
      #expect(columns.read(at: position).position == Vector2(Float(order[position]), 0))
    }
  }

  @Test("Reordering one column moves that column's words alone")
  func reorderOneColumn() {
    let (columns, word) = numbered(100)
    for index in 0..<100 {
      var entity = columns.read(at: index)
      entity.id = EntityID(rawValue: UInt64(index + 1))
      columns.put(entity, at: index)
    }
    let order = (0..<100).map { Int32(99 - $0) }
    var moved = [UInt32](repeating: 0, count: 100)
    order.withUnsafeBufferPointer { order in
      moved.withUnsafeMutableBufferPointer { moved in
        UntypedColumns(columns).reorder(column: word, by: order, through: moved.baseAddress!)
      }
    }
    for position in 0..<100 {
      let entity = columns.read(at: position)
      #expect(entity.position.x == Float(99 - position))
      #expect(entity.id.rawValue == UInt64(position + 1))
    }
  }
}
