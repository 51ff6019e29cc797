import Frames

/// HUD view model: how fast the simulation runs.
public struct SpeedLabel: HUDLabel, Equatable, Sendable {
  /// Simulated seconds per real second.
  public var speed: Double
  /// Whether the simulation is paused.
  public var isPaused: Bool
  /// Whether `speed` is below the speed asked for because the simulation cannot keep up with
  /// real time.
  public var isFallingBehind: Bool

  /// Creates the label.
  public init(speed: Double, isPaused: Bool, isFallingBehind: Bool = false) {
    self.speed = speed
    self.isPaused = isPaused
    self.isFallingBehind = isFallingBehind
  }

  /// "x0.25", "x1" or "paused".
  public var text: String {
    if isPaused { return "paused" }
    // Hundredths, with trailing zeros dropped: x0.25, x0.5, x1, x8.
    let hundredths = Int((speed * 100).rounded())
    let rest = hundredths % 100
    var fraction = rest == 0 ? "" : (rest < 10 ? ".0" : ".") + String(rest)
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return "x\(hundredths / 100)\(fraction)"
  }

  /// Smaller than the default: the speed is secondary information.
  public var fontSize: Float { 12 }

  /// Amber while paused, orange while falling behind, grey otherwise (replaces the default
  /// white).
  public var textColor: Color {
    if isPaused { return Color(red: 255, green: 200, blue: 60) }
    if isFallingBehind { return Color(red: 255, green: 140, blue: 60) }
    return Color(red: 210, green: 210, blue: 210)
  }
}
