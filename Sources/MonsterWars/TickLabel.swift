import Frames

/// HUD view model: the simulation clock.
public struct TickLabel: HUDLabel, Equatable, Sendable {
  /// The tick shown.
  public var tick: UInt64
  /// Simulated seconds at that tick.
  public var seconds: Double

  /// Creates the label.
  public init(tick: UInt64, seconds: Double) {
    self.tick = tick
    self.seconds = seconds
  }

  /// "tick 600  10.0s".
  public var text: String {
    let tenths = Int((seconds * 10).rounded())
    return "tick \(tick)  \(tenths / 10).\(tenths % 10)s"
  }
}
