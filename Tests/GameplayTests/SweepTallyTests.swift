import Gameplay
import Testing

@Suite("SweepTally: how a sweep's games ended and how long they ran")
struct SweepTallyTests {
  @Test("counts each outcome, the most frequent first, ties by name")
  func outcomes() throws {
    var tally = SweepTally()
    for (outcome, ticks) in [("b", 10), ("a", 20), ("c", 30), ("b", 40), ("a", 50), ("d", 60)] {
      tally.add(outcome: outcome, ticks: ticks)
    }
    #expect(tally.gameCount == 6)
    #expect(tally.outcomes.map(\.name) == ["a", "b", "c", "d"])
    #expect(tally.outcomes.map(\.games) == [2, 2, 1, 1])
    #expect(tally.games(endingIn: "b") == 2 && tally.games(endingIn: "e") == 0)
    // 2 of 6 by Wilson's formula, worked by hand: centre 0.3984, half-width 0.3016.
    let interval = try #require(tally.interval(of: "a"))
    #expect(abs(interval.lower - 0.0968) < 5e-4 && abs(interval.upper - 0.7000) < 5e-4)
    #expect(tally.interval(of: "e")?.lower == 0)
  }

  @Test("the lengths' mean, sample deviation and extremes, and none for no games")
  func lengths() throws {
    var lengths = TickLengths()
    #expect(lengths.mean == nil && lengths.standardDeviation == nil && lengths.minimum == nil)
    lengths.add(7)
    #expect(lengths.mean == 7 && lengths.standardDeviation == 0)
    for ticks in [1, 4, 10] { lengths.add(ticks) }
    // 1, 4, 7, 10: mean 5.5, squared deviations 20.25 + 2.25 + 2.25 + 20.25 = 45 over 3.
    #expect(lengths.count == 4 && lengths.mean == 5.5)
    let deviation = try #require(lengths.standardDeviation)
    #expect(abs(deviation - 15.squareRoot()) < 1e-12)
    #expect(lengths.minimum == 1 && lengths.maximum == 10)
    #expect(SweepTally().interval(of: "a") == nil)
  }
}
