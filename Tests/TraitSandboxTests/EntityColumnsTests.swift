import Testing

@testable import TraitSandbox

/// An entity that holds a reference-counted value, so that moving it bit for bit is tested.
private struct Named: GameObject {
  var id = EntityID<Self>.unassigned
  var position = Vector2.zero
  var faction = Faction.left
  var name: String
}

@Suite("Entity columns: one column per word, each as long as the capacity")
struct EntityColumnsTests {
  @Test("Room is an odd number of 64-byte lines of a column, and at least what was asked")
  func room() {
    #expect(EntityWords<Bare>.roomFor(0) == 0)
    for count in [1, 15, 16, 17, 31, 32, 33, 1_000, 1_024, 4_096, 100_000, 1 << 20] {
      let room = EntityWords<Bare>.roomFor(count)
      #expect(room >= count && room < count + 32)
      #expect(room % 16 == 0 && (room / 16) % 2 == 1, "\(count) gets \(room)")
    }
  }

  @Test("Growing keeps every entity, each word in its column at the new capacity")
  func growth() {
    let columns = EntityColumns<Bare>()
    var capacities: Set<Int> = []
    for index in 0..<5_000 {
      var entity = Bare(position: Vector2(Float(index), -Float(index)))
      entity.id = EntityID(rawValue: UInt64(index + 1))
      columns.append(entity)
      capacities.insert(columns.capacity)
    }
    #expect(capacities.count > 5)
    for index in 0..<5_000 {
      let entity = columns.read(at: index)
      #expect(entity.position == Vector2(Float(index), -Float(index)))
      #expect(entity.id.rawValue == UInt64(index + 1))
    }
    let positionWord =
      EntityLayout(of: Bare.self).fields.first { $0.path == "position.y" }!
      .offset / 4
    #expect(Float(bitPattern: columns.word(positionWord, at: 4_321).pointee) == -4_321)
  }

  @Test("Removing moves the last entity into each hole, from the back")
  func swapRemove() {
    let columns = EntityColumns<Bare>()
    for index in 0..<40 { columns.append(Bare(position: Vector2(Float(index), 0))) }
    // 39 is the last: nothing moves. Then 38 moves into 20, and 37 into 3.
    let filled = columns.swapRemoveAll(descending: [39, 20, 3], threads: 1)
    #expect(columns.count == 37)
    #expect(filled == [20, 3])
    #expect(columns.read(at: 20).position.x == 38)
    #expect(columns.read(at: 3).position.x == 37)
    let left = (0..<37).map { Int(columns.read(at: $0).position.x) }
    #expect(Set(left) == Set(0..<40).subtracting([3, 20, 39]))
  }

  @Test(
    "Removing thousands, with the columns shared between threads, leaves what one at a time does",
    arguments: [1, 2, 3])
  func swapRemoveOnThreads(threads: Int) {
    let count = 20_000
    let columns = EntityColumns<Bare>()
    var model: [Bare] = []
    for index in 0..<count {
      var entity = Bare(position: Vector2(Float(index), -Float(index)))
      entity.id = EntityID(rawValue: UInt64(index + 1))
      columns.append(entity)
      model.append(entity)
    }
    var random = SeededRandom(seed: 3)
    let holes = Set((0..<4_000).map { _ in Int32(random.next() % UInt64(count)) })
      .sorted(by: >)
    for hole in holes {
      model[Int(hole)] = model[model.count - 1]
      model.removeLast()
    }
    // Enough words move for the columns to be split between two threads or more.
    #expect(holes.count * EntityWords<Bare>.wordCount >= 2 * 4_096)
    _ = columns.swapRemoveAll(descending: holes, threads: threads)
    #expect(columns.count == model.count)
    for index in model.indices {
      let entity = columns.read(at: index)
      guard entity.id == model[index].id, entity.position == model[index].position else {
        Issue.record("position \(index): \(entity.id), not \(model[index].id)")
        return
      }
    }
  }

  @Test("A copy has room for its entities alone and changes apart from the original")
  func copy() {
    let columns = EntityColumns<Bare>(capacity: 10_000)
    for index in 0..<100 { columns.append(Bare(position: Vector2(Float(index), 1))) }
    let copy = columns.copy()
    #expect(copy.capacity == EntityWords<Bare>.roomFor(100))
    copy.put(Bare(position: Vector2(-1, -1)), at: 50)
    #expect(columns.read(at: 50).position == Vector2(50, 1))
    #expect(copy.read(at: 50).position == Vector2(-1, -1))
    #expect(
      (0..<100).allSatisfy { $0 == 50 || copy.read(at: $0).position == Vector2(Float($0), 1) })
  }

  @Test("Entities that hold references survive growing, copying and removal")
  func references() {
    let columns = EntityColumns<Named>()
    for index in 0..<300 { columns.append(Named(name: "entity number \(index)")) }
    let copy = columns.copy()
    // 299 moves into 298, and from there into 0.
    #expect(columns.swapRemoveAll(descending: [298, 0], threads: 2) == [298, 0])
    #expect(columns.count == 298)
    #expect(columns.read(at: 0).name == "entity number 299")
    #expect(copy.read(at: 0).name == "entity number 0")
    #expect((1..<298).allSatisfy { columns.read(at: $0).name == "entity number \($0)" })
  }

  @Test("The dead's storage positions come back in descending order, from a bitmap or a sort")
  func positionsInDescendingOrder() {
    var random = SeededRandom(seed: 3)
    // (positions, below): a bitmap's edges (first and last bit of a word, the last row), many
    // positions in a small table, and a few in a table too large for a bitmap.
    var cases: [([Int32], Int)] = [([0, 63, 64, 127, 128, 999], 1_000), ([], 10), ([5], 6)]
    for (count, below) in [(300, 700), (80, 13_000), (3, 1_000_000), (2_000, 40_000)] {
      var chosen = Set<Int32>()
      while chosen.count < count {
        chosen.insert(Int32(random.next() % UInt64(below)))
      }
      cases.append((chosen.sorted().shuffled(using: &random), below))
    }
    for (positions, below) in cases {
      #expect(
        positions.sortedDescending(below: below) == positions.sorted(by: >),
        "\(positions.count) below \(below)")
    }
  }
}
