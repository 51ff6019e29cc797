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
  /// The speed the player asked for, which a simulation falling behind does not reach.
  public var askedSpeed: Double?

  /// Creates the label.
  public init(
    speed: Double, isPaused: Bool, isFallingBehind: Bool = false, askedSpeed: Double? = nil
  ) {
    self.speed = speed
    self.isPaused = isPaused
    self.isFallingBehind = isFallingBehind
    self.askedSpeed = askedSpeed
  }

  /// "x0.25", "x1" or "paused"; falling behind, "x8 asked, x1.7: the simulation is behind".
  public var text: String {
    if isPaused { return "paused" }
    if isFallingBehind, let askedSpeed {
      return "\(Self.multiple(askedSpeed)) asked, \(Self.multiple(speed)): the simulation is behind"
    }
    return Self.multiple(speed)
  }

  /// "x0.25", "x1", "x1.7": `speed` in hundredths, with trailing zeros dropped.
  static func multiple(_ speed: Double) -> String {
    // Hundredths, with trailing zeros dropped: x0.25, x0.5, x1, x8.
    let hundredths = Int((speed * 100).rounded())
    let rest = hundredths % 100
    var fraction = rest == 0 ? "" : (rest < 10 ? ".0" : ".") + String(rest)
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return "x\(hundredths / 100)\(fraction)"
  }

  /// Smaller than the default while the speed is as asked, secondary information; the
  /// default's size while paused or falling behind, which the player must not miss.
  public var fontSize: Float { isPaused || isFallingBehind ? 16 : 12 }

  /// Amber while paused, yellow while falling behind (unlike either side's colour), light grey
  /// otherwise (replaces the default white). The HUD draws it on a dark band.
  public var textColor: Color {
    if isPaused { return Color(red: 255, green: 200, blue: 60) }
    if isFallingBehind { return Color(red: 255, green: 235, blue: 110) }
    return Color(red: 210, green: 210, blue: 210)
  }
}
