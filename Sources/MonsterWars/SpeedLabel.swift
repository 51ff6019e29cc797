import Frames

/// HUD view model: how fast the simulation runs.
public struct SpeedLabel: HUDLabel, Equatable, Sendable {
  /// Simulated seconds per real second.
  public var speed: Double
  /// Whether the simulation is paused.
  public var isPaused: Bool

  /// Creates the label.
  public init(speed: Double, isPaused: Bool) {
    self.speed = speed
    self.isPaused = isPaused
  }

  /// "x1.0" or "paused".
  public var text: String {
    if isPaused { return "paused" }
    let tenths = Int((speed * 10).rounded())
    return "x\(tenths / 10).\(tenths % 10)"
  }

  /// Smaller than the default: the speed is secondary information.
  public var fontSize: Float { 12 }

  /// Amber while paused, grey otherwise (replaces the default white).
  public var textColor: Color {
    isPaused ? Color(red: 255, green: 200, blue: 60) : Color(red: 210, green: 210, blue: 210)
  }
}
