/// How fast the game clock ran against the speed asked for over the last second: below 1
/// when the simulation could not keep up and the clock was slowed (`FixedTimestep`'s
/// `maximumSteps`, its time dropped). A window shows the speed it gives.
package struct ClockRate {
  /// How long a stretch the rate is taken over, in seconds.
  package static let window = 1.0
  /// Rates this close to 1 count as keeping up: a frame's rounding is not falling behind.
  package static let keepingUp = 0.97

  private var samples: [(time: Double, wanted: Double, dropped: Double)] = []
  private var wanted = 0.0
  /// A rate of 1: nothing wanted yet.
  package init() {}
  private var dropped = 0.0

  /// Adds a frame at `time` (seconds) that wanted `wanted` simulated seconds, of which the
  /// clock dropped `dropped`.
  package mutating func record(at time: Double, wanted: Double, dropped: Double) {
    samples.append((time, wanted, dropped))
    self.wanted += wanted
    self.dropped += dropped
    var expired = 0
    while expired < samples.count, samples[expired].time < time - Self.window {
      self.wanted -= samples[expired].wanted
      self.dropped -= samples[expired].dropped
      expired += 1
    }
    if expired > 0 { samples.removeFirst(expired) }
  }

  /// The share of the wanted simulated time the clock ran, in `0...1`; 1 with nothing wanted
  /// (paused).
  package var rate: Double {
    guard wanted > 1e-9 else { return 1 }
    return min(max(1 - dropped / wanted, 0), 1)
  }

  /// The speed to show for a clock asked to run at `speed`: `speed` itself while keeping up,
  /// otherwise the rate it runs at, in tenths (at least 0.1), marked as falling behind. A
  /// rate that rounds to the speed asked for is keeping up: the HUD never says "x1" in orange.
  package func shown(for speed: Double) -> (speed: Double, isFallingBehind: Bool) {
    let rate = rate
    guard rate < Self.keepingUp else { return (speed, false) }
    let shown = max((speed * rate * 10).rounded() / 10, 0.1)
    return shown < speed ? (shown, true) : (speed, false)
  }
}
