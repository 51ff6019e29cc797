import MonsterWars
import Testing
import TraitSandbox

@Suite("UnitTable")
struct UnitTableTests {
  private let mix = UnitTable<Float>([
    (kind: UnitKind("quirk"), value: 5), (kind: UnitKind("zap"), value: 0),
    (kind: UnitKind("munch"), value: 3),
  ])

  @Test("choosing picks kinds in proportion to their weights and never a weight of zero")
  func proportions() {
    var random = SeededRandom(seed: 12)
    var picks = [Int](repeating: 0, count: 3)
    for _ in 0..<8000 {
      guard let index = mix.chooseIndex(using: &random) else {
        Issue.record("no pick with positive weights")
        return
      }
      picks[index] += 1
    }
    #expect(picks[1] == 0)
    // 5/8 of 8000 is 5000; four standard deviations are about 173.
    #expect(abs(picks[0] - 5000) < 173)
    #expect(picks[0] + picks[2] == 8000)
  }

  @Test("choose names the kind chooseIndex picks, from the same draws")
  func chooseMatchesIndex() {
    var byKind = SeededRandom(seed: 3)
    var byIndex = SeededRandom(seed: 3)
    for _ in 0..<200 {
      #expect(mix.choose(using: &byKind) == mix.chooseIndex(using: &byIndex).map { mix.kinds[$0] })
    }
    #expect(byKind.next() == byIndex.next())
  }

  @Test("a table whose weights are all zero picks nothing and draws nothing")
  func allZero() {
    let none = UnitTable<Float>([(kind: UnitKind("quirk"), value: 0)])
    var random = SeededRandom(seed: 1)
    var before = random
    #expect(none.chooseIndex(using: &random) == nil)
    #expect(none.choose(using: &random) == nil)
    #expect(random.next() == before.next())
  }
}
