import Testing

@testable import TraitSandbox

@Suite("The game clock's rate when the simulation falls behind")
struct ClockRateTests {
  @Test("a clock that drops three tenths of its time runs at x0.7, and says it is behind")
  func fallingBehind() {
    var rate = ClockRate()
    for frame in 0..<120 {
      rate.record(at: Double(frame) / 60, wanted: 1.0 / 60, dropped: 0.3 / 60)
    }
    #expect(abs(rate.rate - 0.7) < 1e-9)
    let shown = rate.shown(for: 1)
    #expect(shown.speed == 0.7 && shown.isFallingBehind)
    // At x4 asked, the same share dropped is x2.8.
    #expect(rate.shown(for: 4).speed == 2.8)
  }

  @Test("keeping up (a frame's rounding aside) shows the speed asked for")
  func keepingUp() {
    var rate = ClockRate()
    for frame in 0..<120 {
      rate.record(
        at: Double(frame) / 60, wanted: 1.0 / 60, dropped: frame % 60 == 0 ? 0.01 / 60 : 0)
    }
    #expect(rate.shown(for: 2) == (2, false))
    // Four hundredths behind at x1 still rounds to x1: not shown as falling behind.
    var close = ClockRate()
    close.record(at: 0, wanted: 1, dropped: 0.04)
    #expect(close.shown(for: 1) == (1, false))
    // At x8 the same share is x7.7, which is behind.
    #expect(close.shown(for: 8) == (7.7, true))
    // Paused: nothing wanted, nothing behind.
    var paused = ClockRate()
    paused.record(at: 0, wanted: 0, dropped: 0)
    #expect(paused.rate == 1)
  }

  @Test("only the last second counts: a clock that catches up is shown at speed again")
  func window() {
    var rate = ClockRate()
    for frame in 0..<60 {
      rate.record(at: Double(frame) / 60, wanted: 1.0 / 60, dropped: 0.5 / 60)
    }
    #expect(rate.shown(for: 1) == (0.5, true))
    for frame in 60..<180 {
      rate.record(at: Double(frame) / 60, wanted: 1.0 / 60, dropped: 0)
    }
    #expect(rate.rate == 1)
    // Never shown as stopped: the slowest it says is x0.1.
    var stalled = ClockRate()
    stalled.record(at: 0, wanted: 1, dropped: 1)
    #expect(stalled.shown(for: 1) == (0.1, true))
  }
}
