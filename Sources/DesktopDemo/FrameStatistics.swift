import Frames
import TraitSandbox

/// Frame timing figures the demo loop measures, for the debug overlay.
public struct FrameStatistics: Equatable, Sendable {
  /// Frames per second, smoothed.
  public var framesPerSecond: Double = 0
  /// Milliseconds the last frame took, from start to start.
  public var frameMilliseconds: Double = 0
  /// Milliseconds one simulation tick took, smoothed.
  public var tickMilliseconds: Double = 0

  /// Creates empty statistics.
  public init() {}
}
