/// Times two ways of drawing on a window's first frames and keeps the faster: what `auto`
/// does where it cannot tell from the machine's name which way is faster (a hardware GPU can
/// lose to the CPU when it is fed sprite by sprite, and a fast GPU beside a few cores wins).
///
/// Each way draws `framesSkipped` frames to settle (programs compiled, buffers sized, caches
/// warm), then `framesTimed` frames timed from the start of drawing to the end of presenting,
/// which includes waiting for a busy GPU; the one with the lower median stays.
package struct RendererTrial: Sendable {
  /// Frames each way draws before it is timed.
  package static let framesSkipped = 10
  /// Frames each way is timed for: about three quarters of a second at 60 frames a second.
  package static let framesTimed = 45

  /// The way drawing now.
  package private(set) var current = 0
  /// The way kept, once decided.
  package private(set) var chosen: Int?
  /// The timed frames of each way, in seconds.
  package private(set) var costs: [[Double]]
  private var framesDrawn = 0

  /// A trial between `count` ways, starting with the first.
  package init(count: Int = 2) {
    costs = Array(repeating: [], count: count)
  }

  /// What the window does after a frame.
  package enum Step: Equatable, Sendable {
    /// Go on drawing as now.
    case keep
    /// Draw from the next frame on with the way at this place.
    case switchTo(Int)
    /// The trial is over: the way at this place stays.
    case decided(Int)
  }

  /// Counts a frame the current way drew in `seconds`.
  package mutating func record(seconds: Double) -> Step {
    guard chosen == nil else { return .keep }
    framesDrawn += 1
    if framesDrawn > Self.framesSkipped, seconds.isFinite, seconds >= 0 {
      costs[current].append(seconds)
    }
    guard costs[current].count >= Self.framesTimed else { return .keep }
    if current + 1 < costs.count {
      current += 1
      framesDrawn = 0
      return .switchTo(current)
    }
    let medians = costs.map(Self.median)
    let best = medians.indices.min { medians[$0] < medians[$1] } ?? 0
    chosen = best
    current = best
    return .decided(best)
  }

  /// The median timed frame of the way at `index`, in seconds.
  package func medianCost(of index: Int) -> Double {
    Self.median(costs[index])
  }

  private static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .infinity }
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
  }
}
