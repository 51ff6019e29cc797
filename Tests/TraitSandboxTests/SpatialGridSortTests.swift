import Testing

@testable import TraitSandbox

@Suite("Sorting by grid cell")
struct SpatialGridSortTests {
  /// `count` items numbered in order, with keys below `2^keyBits` drawn from `seed`, in runs of
  /// equal keys.
  private func shuffled(_ count: Int, keyBits: Int, seed: UInt64) -> ([Int32], [UInt32]) {
    var random = SeededRandom(seed: seed)
    var keys = (0..<count).map { _ in
      UInt32(truncatingIfNeeded: random.next() >> 20) & (1 << keyBits - 1)
    }
    // Every third item shares the key of the one before: equal keys test that the sort is stable.
    for index in stride(from: 2, to: count, by: 3) { keys[index] = keys[index - 1] }
    return (Array(0..<Int32(count)), keys)
  }

  @Test(
    "items end in key order, equal keys in their first order, whichever way the sort goes",
    arguments: [
      (200, 14),  // a few: insertion
      (20_000, 14),  // one counting pass, a bucket per key
      (20_000, 25),  // three passes of 11-bit digits
      (5_000, 18),  // more keys than twice the items: passes of digits
    ])
  func stable(count: Int, keyBits: Int) {
    var (items, keys) = shuffled(count, keyBits: keyBits, seed: UInt64(count + keyBits))
    let expected = zip(items, keys).sorted { ($0.1, $0.0) < ($1.1, $1.0) }
    #expect(Set(keys).count < count * 3 / 4)
    SpatialGrid.sort(&items, byKeys: &keys, keyBits: keyBits)
    #expect(items == expected.map(\.0))
    #expect(keys == expected.map(\.1))
  }

  @Test("sorts that reuse one set of spare buffers, larger and smaller, sort as fresh ones do")
  func reusedSpares() {
    var spares = RadixSortSpares<Int32>()
    // A pass count odd and even, a size up and down: the spares come back holding the other
    // buffer, of any length, with the last sort's items in it.
    for (count, keyBits) in [(20_000, 25), (3_000, 14), (50_000, 14), (1_000, 22), (400, 9)] {
      var (items, keys) = shuffled(count, keyBits: keyBits, seed: UInt64(count))
      let expected = zip(items, keys).sorted { ($0.1, $0.0) < ($1.1, $1.0) }
      SpatialGrid.sort(&items, byKeys: &keys, keyBits: keyBits, reusing: &spares)
      #expect(items == expected.map(\.0), "\(count) items, \(keyBits) bits")
      #expect(keys == expected.map(\.1), "\(count) items, \(keyBits) bits")
    }
    #expect(spares.items.count >= 400)
  }
}
