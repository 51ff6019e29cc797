import Gameplay
import Testing

@Suite("WilsonScoreInterval")
struct WilsonScoreIntervalTests {
  @Test("matches published 95% intervals")
  func knownValues() throws {
    // Values from Newcombe (1998), "Two-sided confidence intervals for the single proportion".
    let cases: [(Int, Int, Double, Double)] = [
      (81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0, 0.1611),
      (1, 29, 0.0061, 0.1718),
    ]
    for (successes, trials, lower, upper) in cases {
      let interval = try #require(WilsonScoreInterval(successes: successes, trials: trials))
      #expect(abs(interval.lower - lower) < 0.00005, "\(successes)/\(trials)")
      #expect(abs(interval.upper - upper) < 0.00005, "\(successes)/\(trials)")
    }
  }

  @Test("stays within 0...1 and is symmetric; no trials, no interval")
  func bounds() throws {
    let all = try #require(WilsonScoreInterval(successes: 10, trials: 10))
    let none = try #require(WilsonScoreInterval(successes: 0, trials: 10))
    #expect(all.upper == 1 && none.lower == 0)
    #expect(abs(all.lower - (1 - none.upper)) < 1e-12)
    #expect(WilsonScoreInterval(successes: 0, trials: 0) == nil)
  }
}
