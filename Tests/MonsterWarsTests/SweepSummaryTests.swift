import MonsterWars
import Testing

@Suite("SweepSummary")
struct SweepSummaryTests {
  @Test("counts each outcome and the length's mean, sample deviation and extremes")
  func figures() throws {
    var summary = SweepSummary()
    let matches: [(MatchOutcome?, Int)] = [
      (.victory(.left), 100), (.victory(.right), 200), (.draw, 300), (nil, 400),
      (.victory(.left), 500),
    ]
    for (outcome, ticks) in matches { summary.add(outcome: outcome, ticks: ticks) }
    #expect(summary.matchCount == 5)
    #expect(summary.wins == PerSide(left: 2, right: 1))
    #expect(summary.drawCount == 1 && summary.unfinishedCount == 1)
    #expect(summary.meanTicks == 300)
    let deviation = try #require(summary.ticksStandardDeviation)
    #expect(abs(deviation - 158.113_883_008_418_97) < 1e-9)
    #expect(summary.minimumTicks == 100 && summary.maximumTicks == 500)
    #expect(
      summary.lines() == [
        "Matches:    5",
        "Results:    left wins 2, right wins 1, draws 1, unfinished 1",
        "Left wins:  40.0% of matches (95% CI 11.8% to 76.9%)",
        "Right wins: 20.0% of matches (95% CI 3.6% to 62.4%)",
        "Length:     mean 300.0 ticks, sd 158.1, min 100, max 500",
      ])
  }

  @Test("an empty sweep says n/a rather than dividing by zero")
  func empty() {
    let lines = SweepSummary().lines()
    #expect(lines.first == "Matches:    0")
    #expect(lines.filter { $0.hasSuffix("n/a (no matches)") }.count == 3)
  }

  @Test("one match has a deviation of 0; large figures are grouped")
  func grouping() {
    var summary = SweepSummary()
    summary.add(outcome: .victory(.right), ticks: 36_000)
    #expect(summary.ticksStandardDeviation == 0)
    #expect(
      summary.lines().last == "Length:     mean 36,000.0 ticks, sd 0.0, min 36,000, max 36,000")
    #expect(SweepSummary.grouped(1_234_567.25) == "1,234,567.2")
    #expect(SweepSummary.grouped(-1234) == "-1,234")
  }
}
