/// What the parallel steps a thread ran did, while it records them (see
/// `World.measuresSystemTimes`): for each step, its wall time, the work its iterations did, the
/// longest iteration, and the time in which only one thread worked.
///
/// A step is a barrier: the thread that starts it waits for every iteration. The time only one
/// thread works in a step is its lead (before a second thread starts an iteration) and its tail
/// (after all threads but one have run out of iterations); on one thread, the whole step. Added
/// to the time between steps, it is the part of a tick that more threads cannot shorten.
final class ParallelSteps: @unchecked Sendable {
  /// One step's figures, in nanoseconds.
  struct Step: Equatable {
    /// From the step's start to its last iteration's end.
    var wall: UInt64
    /// The iterations' times added up.
    var work: UInt64
    /// The longest iteration.
    var longest: UInt64
    /// The lead and the tail, in which only one thread worked.
    var oneThread: UInt64
    /// The iterations.
    var iterations: Int
  }

  /// The steps recorded so far, in order. Only the recording thread adds to it.
  private(set) var steps: [Step] = []

  /// Adds a step.
  func append(_ step: Step) {
    steps.append(step)
  }

  /// The steps recorded since the last call, taken out.
  func take() -> [Step] {
    defer { steps.removeAll(keepingCapacity: true) }
    return steps
  }

  /// The figures of a step that started at `start` and ended at `end`, whose iterations ran
  /// from `begins` to `ends` on the threads `slots` numbers (0 the caller).
  static func step(
    start: UInt64, end: UInt64, begins: UnsafeBufferPointer<UInt64>,
    ends: UnsafeBufferPointer<UInt64>, slots: UnsafeBufferPointer<UInt8>
  ) -> Step {
    var work: UInt64 = 0
    var longest: UInt64 = 0
    // Each thread's first start and last end.
    var firsts: [UInt8: UInt64] = [:]
    var lasts: [UInt8: UInt64] = [:]
    for index in begins.indices {
      let duration = ends[index] &- begins[index]
      work &+= duration
      longest = max(longest, duration)
      let slot = slots[index]
      firsts[slot] = min(firsts[slot] ?? .max, begins[index])
      lasts[slot] = max(lasts[slot] ?? 0, ends[index])
    }
    let wall = end &- start
    guard firsts.count > 1 else {
      return Step(
        wall: wall, work: work, longest: longest, oneThread: wall, iterations: begins.count)
    }
    let starts = firsts.values.sorted()
    let finishes = lasts.values.sorted()
    // A second thread joins at its first start; all but one are done at the second-last end.
    let lead = starts[1] > start ? starts[1] - start : 0
    let tail = end > finishes[finishes.count - 2] ? end - finishes[finishes.count - 2] : 0
    return Step(
      wall: wall, work: work, longest: longest, oneThread: min(wall, lead + tail),
      iterations: begins.count)
  }
}
