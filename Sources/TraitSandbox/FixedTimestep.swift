/// Turns real elapsed time into a whole number of fixed simulation steps ("Fix Your Timestep!").
///
/// Elapsed time goes into an accumulator, whole steps come out, and the fraction left over is
/// the `alpha` a renderer uses to interpolate between the last two states. Frame time is capped
/// so that one slow frame cannot demand ever more steps (the spiral of death); the cap applies to
/// real time, before `timeScale`.
public struct FixedTimestep: Sendable {
  /// Simulated seconds per step.
  public let fixedDeltaTime: Double
  /// The most elapsed time one frame may contribute, in seconds.
  public let maximumFrameTime: Double
  /// How many simulated seconds pass per real second; 0 pauses.
  public var timeScale: Double = 1
  /// Simulated time not yet consumed by a step.
  public private(set) var accumulator: Double = 0
  private var previousTime: Double?

  /// Creates a timestep of `fixedDeltaTime` seconds with frames capped at `maximumFrameTime`.
  public init(fixedDeltaTime: Double, maximumFrameTime: Double = 0.25) {
    precondition(fixedDeltaTime > 0, "fixedDeltaTime must be positive")
    self.fixedDeltaTime = fixedDeltaTime
    self.maximumFrameTime = maximumFrameTime
  }

  /// Reads the clock and returns how many steps to run now, and the interpolation factor in
  /// `0..<1` for rendering between the last two steps.
  ///
  /// - Parameters:
  ///   - clock: The clock read for the time since the last call.
  ///   - maximumSteps: The most steps the caller can run now. Time beyond them is dropped
  ///     (counted in `droppedTime`) rather than owed: the simulated clock runs slower than
  ///     real time instead of demanding a burst later. The interpolation factor then stays
  ///     just below 1, showing the newest step.
  public mutating func advance<Clock: SimulationClock>(
    with clock: inout Clock, maximumSteps: Int = .max
  ) -> (steps: Int, alpha: Double) {
    let now = clock.now()
    defer { previousTime = now }
    guard let previousTime else { return (0, accumulator / fixedDeltaTime) }
    let frameTime = min(max(now - previousTime, 0), maximumFrameTime)
    accumulator += frameTime * timeScale
    var steps = 0
    // The tolerance keeps a display running at exactly the step rate from dropping a step to
    // rounding in `now - previousTime`.
    while accumulator >= fixedDeltaTime - Self.tolerance, steps < maximumSteps {
      accumulator = max(accumulator - fixedDeltaTime, 0)
      steps += 1
    }
    let kept = fixedDeltaTime * Self.heldAlpha
    if steps == maximumSteps, accumulator > kept {
      droppedTime += accumulator - kept
      accumulator = kept
    }
    return (steps, accumulator / fixedDeltaTime)
  }

  /// Simulated seconds dropped so far because the caller could not run the steps they made.
  public private(set) var droppedTime: Double = 0

  /// The interpolation factor held while steps are withheld: all but the last sliver of the
  /// way to the newest step.
  static let heldAlpha = 0.999

  /// Seconds of rounding error forgiven when deciding whether a whole step has elapsed.
  static let tolerance = 1e-9

  /// Forgets the last reading, so a pause or a restart does not count as elapsed time.
  public mutating func reset() {
    previousTime = nil
    accumulator = 0
  }
}
