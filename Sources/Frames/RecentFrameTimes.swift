/// The last few seconds of frame times, for F1's graph: what each frame's drawing and
/// presenting took on the main thread and the simulation's step that finished during it.
public struct RecentFrameTimes: Equatable, Sendable {
  /// How many frames are kept: three seconds at 60 frames a second.
  public static let capacity = 180

  /// One frame's times, in milliseconds.
  public struct Sample: Equatable, Sendable {
    /// Drawing the frame.
    public var draw: Double
    /// Presenting it.
    public var present: Double
    /// The simulation step that finished during it (0 when none did).
    public var simulation: Double
  }

  private var samples: [Sample] = []
  /// Where the next sample goes once the ring is full.
  private var next = 0

  /// Creates an empty history.
  public init() {}

  /// Adds a frame's times, forgetting the oldest once `capacity` are kept.
  public mutating func record(draw: Double, present: Double, simulation: Double) {
    let sample = Sample(draw: draw, present: present, simulation: simulation)
    if samples.count < Self.capacity {
      samples.append(sample)
    } else {
      samples[next] = sample
      next = (next + 1) % Self.capacity
    }
  }

  /// The kept frames, oldest first.
  public var inOrder: [Sample] {
    Array(samples[next...] + samples[..<next])
  }
}
