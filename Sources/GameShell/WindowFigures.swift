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

  /// The whole session's seconds drawing, presenting and ticking, the ticks run, and the
  /// frames counted, for the summary at the end.
  private var total = (draw: 0.0, present: 0.0, ticks: 0.0, ticksRun: 0, frames: 0)
  /// The whole session's times between frames.
  private var frameTimes = FrameTimeHistogram()
  /// Whether a frame was noted.
  private var hasFrame = false
  /// The seconds between the session's frames, all told.
  private var secondsBetweenFrames = 0.0
  /// What the GPU path's calls took, frame by frame, when it drew.
  var gpuCalls = GPUCallCost()

  /// The median of the recent ticks' seconds; 0 before any.
  var tickSeconds: Double { ticks.median }

  /// The seconds between the last two frames; 0 before the second.
  var lastFrameSeconds: Double { frames.last ?? 0 }

  /// Notes a tick that took `seconds`.
  mutating func tick(_ seconds: Double) { Self.append(seconds, to: &ticks) }

  /// Notes a frame `seconds` after the one before; the first frame, which has none before it,
  /// notes nothing.
  mutating func frame(_ seconds: Double) {
    guard hasFrame else {
      hasFrame = true
      return
    }
    Self.append(seconds, to: &frames)
    frameTimes.record(milliseconds: seconds * 1000)
    secondsBetweenFrames += seconds
  }

  /// Notes a frame `seconds` after the one before, if there is one; the drawing and presenting
  /// of the frame before it, if there was one; and `step`, the ticks run while it was drawn
  /// and the seconds they took.
  mutating func count(
    frame seconds: Double?, drawn: (draw: Double, present: Double)?,
    step: (ticks: Int, seconds: Double)?
  ) {
    if let step, step.ticks > 0 { tick(step.seconds / Double(step.ticks)) }
    if let drawn {
      frameParts(
        draw: drawn.draw, present: drawn.present, ticks: step?.seconds ?? 0,
        ticksRun: step?.ticks ?? 0)
    }
    if let seconds { frame(seconds) }
  }

  /// Notes what a frame's drawing, presenting and `ticksRun` ticks took, in seconds, for the
  /// graph and the summary.
  mutating func frameParts(draw: Double, present: Double, ticks: Double, ticksRun: Int = 0) {
    recent.record(draw: draw * 1000, present: present * 1000, simulation: ticks * 1000)
    total.draw += draw
    total.present += present
    total.ticks += ticks
    total.ticksRun += ticksRun
    total.frames += 1
  }

  /// Where the session's frames spent their time, on average, and the percentiles of the
  /// times between them: what a window prints when it closes. None before a frame.
  var summary: [String] {
    guard total.frames > 0 else { return [] }
    let frames = Double(total.frames)
    var lines = [
      "frame time: draw \(tenths(total.draw / frames)), present \(tenths(total.present / frames)), "
        + "ticks \(tenths(total.ticks / frames)) a frame"
        + (total.ticksRun > 0
          ? " (\(total.ticksRun) ticks of \(milliseconds(total.ticks / Double(total.ticksRun))))"
          : "")
    ]
    if secondsBetweenFrames > 0 {
      let rate = Double(frameTimes.count) / secondsBetweenFrames
      lines.insert(String(format: "frame rate: %.1f frames a second", rate), at: 0)
    }
    if let gpu = gpuCalls.line { lines.append(gpu) }
    if let p50 = frameTimes.percentile(0.5), let p95 = frameTimes.percentile(0.95),
      let p99 = frameTimes.percentile(0.99)
    {
      lines.append(
        "frame times: p50 \(tenths(p50 / 1000)), p95 \(tenths(p95 / 1000)), "
          + "p99 \(tenths(p99 / 1000)) (\(frameTimes.count) between frames)")
    }
    return lines
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

  /// `seconds` as milliseconds with one decimal.
  private func tenths(_ seconds: Double) -> String {
    let tenths = Int((seconds * 10_000).rounded())
    return "\(tenths / 10).\(tenths % 10) ms"
  }

  /// `seconds` as milliseconds with two decimals.
  private func milliseconds(_ seconds: Double) -> String {
    let hundredths = Int((seconds * 100_000).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) ms"
  }
}
