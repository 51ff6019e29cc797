/// A clock that moves only when told to; for tests and replays.
public struct ManualClock: SimulationClock, Sendable {
  /// The current time in seconds.
  public var time: Double

  /// Creates a clock showing `time`.
  public init(time: Double = 0) {
    self.time = time
  }

  /// Moves the clock forward.
  public mutating func advance(by seconds: Double) {
    time += seconds
  }

  /// The current time.
  public func now() -> Double { time }
}
