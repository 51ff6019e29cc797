import Dispatch

/// The wall clock, read from the system's monotonic timer.
public struct MonotonicClock: SimulationClock, Sendable {
  /// Creates a wall clock.
  public init() {}

  /// Seconds since the system's monotonic origin.
  public func now() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
  }
}
