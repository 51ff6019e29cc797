import Frames
import TraitSandbox

/// What a game's window measures of itself for the figures panel (F1): how long its ticks and
/// frames take, as medians of the last few seconds, and each frame's drawing, presenting and
/// ticks for the graph.
struct WindowFigures {
  /// The last frames' times, for the graph.
  private(set) var recent = RecentFrameTimes()

  /// Seconds each recent tick took, newest last.
  private var ticks: [Double] = []
  /// Seconds between recent frames, newest last.
  private var frames: [Double] = []
  /// How many of each are kept.
  private static let kept = 120

  /// The median of the recent ticks' seconds; 0 before any.
  var tickSeconds: Double { ticks.median }

  /// The seconds between the last two frames; 0 before the second.
  var lastFrameSeconds: Double { frames.last ?? 0 }

  /// Notes a tick that took `seconds`.
  mutating func tick(_ seconds: Double) { Self.append(seconds, to: &ticks) }

  /// Notes a frame `seconds` after the one before.
  mutating func frame(_ seconds: Double) { Self.append(seconds, to: &frames) }

  /// Notes what a frame's drawing, presenting and ticks took, in seconds, for the graph.
  mutating func frameParts(draw: Double, present: Double, ticks: Double) {
    recent.record(draw: draw * 1000, present: present * 1000, simulation: ticks * 1000)
  }

  /// The graph of the last frames, against a frame at `framesPerSecond`.
  func graph(framesPerSecond: Double) -> FrameTimeGraph {
    FrameTimeGraph(samples: recent.inOrder, budgetMilliseconds: 1000 / framesPerSecond)
  }

  private static func append(_ value: Double, to values: inout [Double]) {
    values.append(value)
    if values.count > kept { values.removeFirst(values.count - kept) }
  }

  /// The panel's lines: the game's tick and rate, what a tick and a frame take, and `more`.
  func lines(tick: UInt64, ticksPerSecond: Double, speed: Double, more: [String]) -> [String] {
    let frame = frames.median
    return [
      "tick \(tick), \(Int(ticksPerSecond * speed)) a second",
      "a tick: " + milliseconds(ticks.median),
      "a frame: " + milliseconds(frame) + (frame > 0 ? " (\(Int((1 / frame).rounded())) fps)" : ""),
    ] + more
  }

  /// `seconds` as milliseconds with two decimals.
  private func milliseconds(_ seconds: Double) -> String {
    let hundredths = Int((seconds * 100_000).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) ms"
  }
}
