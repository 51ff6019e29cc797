/// How a benchmark shares each strategy's samples between rounds: the strategies take turns,
/// each turn timing a share of every strategy's samples, so that a machine whose speed drifts
/// during the run slows every strategy alike.
package struct SampleRounds: Sendable, Equatable {
  /// The samples each strategy takes in all.
  package let sampleCount: Int
  /// The rounds: at least 1, and at most one per sample.
  package let count: Int

  /// Rounds for `sampleCount` samples: `rounds` of them, but at least 1 and at most one per
  /// sample.
  package init(sampleCount: Int, rounds: Int) {
    self.sampleCount = sampleCount
    count = max(1, min(rounds, sampleCount))
  }

  /// The samples each strategy takes in `round`: shared as evenly as the rounds allow, the
  /// earlier rounds taking one more when they do not divide evenly.
  package func samples(inRound round: Int) -> Int {
    sampleCount / count + (round < sampleCount % count ? 1 : 0)
  }

  /// The order in which `strategies` strategies take their turns in `round`: forward in even
  /// rounds, backward in odd ones, so that a steady drift shifts every strategy alike.
  package func order(inRound round: Int, strategies: Int) -> [Int] {
    round % 2 == 0 ? Array(0..<strategies) : Array((0..<strategies).reversed())
  }
}

/// The ticks per sample: grows from 1 until `time` (the nanoseconds a run of that many ticks
/// takes) reaches `minimum`, aiming 20 % past it and growing at most tenfold per try. The runs
/// are also the first warm-up.
package func ticksPerSample(minimum: UInt64, timing time: (_ ticks: Int) -> UInt64) -> Int {
  var ticks = 1
  while true {
    let nanoseconds = time(ticks)
    if nanoseconds >= minimum { return ticks }
    let estimate = Double(ticks) * Double(minimum) * 1.2 / Double(max(nanoseconds, 1))
    ticks = max(ticks + 1, min(ticks * 10, Int(estimate.rounded(.up))))
  }
}
