import Testing
import TraitSandbox

@Suite("SeededRandom")
struct SeededRandomTests {
  private func sequence(seed: UInt64, count: Int = 100) -> [UInt64] {
    var random = SeededRandom(seed: seed)
    return (0..<count).map { _ in random.next() }
  }

  @Test("the same seed gives the same sequence")
  func sameSeed() {
    #expect(sequence(seed: 42) == sequence(seed: 42))
    #expect(SeededRandom(seed: 42) == SeededRandom(seed: 42))
  }

  @Test("different seeds give different sequences", arguments: [(0, 1), (1, 2), (42, 43)])
  func differentSeeds(one: UInt64, other: UInt64) {
    let first = sequence(seed: one)
    let second = sequence(seed: other)
    #expect(first != second)
    #expect(Set(first).isDisjoint(with: second))
    #expect(SeededRandom(seed: one) != SeededRandom(seed: other))
  }

  /// Reference values of xoshiro256** seeded through SplitMix64, computed independently from
  /// the published algorithms.
  @Test(
    "the generator is xoshiro256** seeded by SplitMix64",
    arguments: [
      (UInt64(0), [0x99ec_5f36_cb75_f2b4, 0xbf6e_1f78_4956_452a, 0x1a5f_849d_4933_e6e0]),
      (UInt64(42), [0x1578_0b2e_0c2e_c716, 0x6104_d986_6d11_3a7e, 0xae17_5332_39e4_99a1]),
    ] as [(UInt64, [UInt64])])
  func referenceValues(seed: UInt64, expected: [UInt64]) {
    #expect(sequence(seed: seed, count: 3) == expected)
  }

  @Test("drawing changes the state, and equal states draw equally")
  func stateEquality() {
    var one = SeededRandom(seed: 9)
    var two = one
    _ = one.next()
    #expect(one != two)
    _ = two.next()
    #expect(one == two)
    #expect(one.next() == two.next())
  }

  @Test("nextUnitFloat stays in 0..<1")
  func unitFloat() {
    var random = SeededRandom(seed: 5)
    var values: [Float] = []
    for _ in 0..<10_000 {
      let value = random.nextUnitFloat()
      #expect(value >= 0 && value < 1)
      values.append(value)
    }
    // Uniform: the mean of 10,000 draws lands near one half.
    let mean = values.reduce(0, +) / Float(values.count)
    #expect(abs(mean - 0.5) < 0.02)
  }

  @Test(
    "nextFloat stays in its range",
    arguments: [-3...5, 0...1, 100...100.5, -1e4...(-1e3)] as [ClosedRange<Float>])
  func floatInRange(range: ClosedRange<Float>) {
    var random = SeededRandom(seed: 11)
    var lowest = Float.infinity
    var highest = -Float.infinity
    for _ in 0..<10_000 {
      let value = random.nextFloat(in: range)
      #expect(range.contains(value))
      lowest = min(lowest, value)
      highest = max(highest, value)
    }
    // The draws spread over the whole range.
    let width = range.upperBound - range.lowerBound
    #expect(lowest < range.lowerBound + width * 0.01)
    #expect(highest > range.upperBound - width * 0.01)
  }

  @Test("a one-point range always gives that point")
  func degenerateRange() {
    var random = SeededRandom(seed: 1)
    #expect((0..<10).allSatisfy { _ in random.nextFloat(in: 7...7) == 7 })
  }

  @Test("it works as a RandomNumberGenerator for the standard library")
  func standardLibrary() {
    var one = SeededRandom(seed: 77)
    var two = SeededRandom(seed: 77)
    let first = (0..<20).map { _ in Int.random(in: 0..<1000, using: &one) }
    let second = (0..<20).map { _ in Int.random(in: 0..<1000, using: &two) }
    #expect(first == second)
    #expect(first.allSatisfy { (0..<1000).contains($0) })
  }
}
