import GameShell
import MonsterWars

/// One match of a sweep, played headless, AI against AI, and what the sweep keeps of it.
struct SweepMatch: Sendable {
  /// The seed it was played with.
  let seed: UInt64
  /// How many ticks it ran.
  let ticks: Int
  /// How it ended, or `nil` when the tick budget stopped it first.
  let outcome: MatchOutcome?
  /// Its JSON line: `sandbox run --json` without the wall-clock members, newline included.
  let line: String

  /// Plays `scenario` with `seed` until the match ends or `tickBudget` ticks have run, exactly
  /// as `sandbox run --seed <seed> --ticks <tickBudget>` does.
  ///
  /// - Complexity: The whole match; it builds its own `Match`, so any number of threads may
  ///   play matches at once.
  init(scenario: Scenario, seed: UInt64, tickBudget: Int) {
    var match = Match(scenario: scenario, seed: seed)
    let start = match.statistics
    var ticksRun = 0
    while ticksRun < tickBudget && !match.isOver {
      match.step()
      ticksRun += 1
    }
    self.seed = seed
    ticks = ticksRun
    outcome = match.outcome
    line = RunReport(start: start, match: match, ticks: ticksRun, entityUpdates: 0, wallSeconds: 0)
      .jsonWithoutWallClock()
  }
}
