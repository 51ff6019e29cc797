import Frames
import TraitSandbox

/// Frame timing figures the demo loop measures, for the debug overlay and the session's
/// summary.
public struct FrameStatistics: Equatable, Sendable {
  /// Frames per second, smoothed.
  public var framesPerSecond: Double = 0
  /// Milliseconds the last frame took, from start to start.
  public var frameMilliseconds: Double = 0
  /// Milliseconds one simulation tick took, smoothed.
  public var tickMilliseconds: Double = 0
  /// Milliseconds the main thread spent drawing the last frame: interpolating, decorating,
  /// turning commands into quads and handing them to SDL.
  public var drawMilliseconds: Double = 0
  /// Milliseconds the simulation thread spent on the last frame's ticks and frames.
  public var simulationMilliseconds: Double = 0
  /// The last few seconds of frames, for the graph beside these figures.
  public var recent = RecentFrameTimes()

  /// Creates empty statistics.
  public init() {}
}

/// Where a demo session's frames spent their time, in milliseconds per frame on average.
///
/// The main thread draws a frame while a second thread steps the match and makes the next
/// one, so `simulation` overlaps `draw` and `present`; `wait` is what the main thread spent
/// waiting for the simulation after drawing.
public struct FrameTimeSplit: Sendable, Equatable {
  /// Turning the frame into pixels: interpolation, decoration, the frame walk and SDL.
  public var draw: Double = 0
  /// Showing the drawn frame (`SDL_RenderPresent`).
  public var present: Double = 0
  /// Waiting for the simulation thread after drawing.
  public var wait: Double = 0
  /// The simulation thread's ticks and frames.
  public var simulation: Double = 0
  /// Ticks run per frame.
  public var ticks: Double = 0
  /// One tick, on average.
  public var tick: Double { ticks > 0 ? simulationTicks / ticks : 0 }
  /// The part of `simulation` spent in ticks.
  var simulationTicks: Double = 0

  /// Creates an empty split.
  public init() {}
}
