/// A source of time in seconds, injected so tests can feed synthetic time.
public protocol SimulationClock {
  /// Seconds since an arbitrary, fixed origin; never decreases.
  mutating func now() -> Double
}
