/// How a part of a tick used its threads, while `World.measuresSystemTimes` is on: what a
/// profile on a few cores tells of many.
///
/// A part's one-thread time is what more threads cannot shorten: its time outside parallel
/// steps, plus each step's lead and tail, when only one thread worked (a whole step on one
/// thread). Each parallel step is a barrier the stepping thread waits at; its busiest chunk's
/// share of the step's work bounds the step's speed-up (a chunk of a quarter: four times at
/// best, however many threads).
public struct Parallelism: Sendable, Equatable {
  /// The parallel steps (barriers) the part ran.
  public var steps: Int
  /// Seconds of the part in which one thread worked.
  public var oneThreadSeconds: Double
  /// The largest share of a step's work that one chunk of it did, over the part's steps;
  /// zero without steps.
  public var busiestChunkShare: Double

  /// No steps, no time.
  public init() {
    steps = 0
    oneThreadSeconds = 0
    busiestChunkShare = 0
  }

  /// The parallelism of a part that took `seconds` and ran `steps`.
  init(seconds: Double, steps: [ParallelSteps.Step]) {
    self.steps = steps.count
    let inSteps = Double(steps.reduce(UInt64(0)) { $0 &+ $1.wall }) / 1e9
    let oneThreadInSteps = Double(steps.reduce(UInt64(0)) { $0 &+ $1.oneThread }) / 1e9
    oneThreadSeconds = max(0, seconds - inSteps) + oneThreadInSteps
    busiestChunkShare =
      steps.map { $0.work > 0 ? Double($0.longest) / Double($0.work) : 0 }.max() ?? 0
  }
}

/// How each part of the last tick used its threads (see `Parallelism`).
public struct TickParallelism: Sendable, Equatable {
  /// Each system's, in `World.systems` order.
  public var systems: [Parallelism] = []
  /// Removing the despawned.
  public var despawns = Parallelism()
  /// Inserting the spawned.
  public var spawns = Parallelism()
  /// The spatial sort, on the ticks that run it.
  public var spatialSort = Parallelism()
  /// The parallel steps of the whole tick, wherever they ran.
  public var steps = 0
  /// Seconds the whole tick's parallel steps took.
  public var secondsInSteps = 0.0
  /// Of `secondsInSteps`, the seconds one thread worked: with the tick's wall time, its
  /// one-thread time.
  public var oneThreadSecondsInSteps = 0.0

  /// Nothing measured.
  public init() {}

  /// The tick's one-thread seconds, given its wall time.
  public func oneThreadSeconds(ofTick seconds: Double) -> Double {
    max(0, seconds - secondsInSteps) + oneThreadSecondsInSteps
  }
}

extension Parallelism {
  /// The part `fraction` of a parallel step shared by several systems: its seconds on one
  /// thread in that proportion, the step itself (`keepsSteps`) for one of them alone.
  func share(_ fraction: Double, keepsSteps: Bool) -> Parallelism {
    var part = self
    part.oneThreadSeconds *= fraction
    if !keepsSteps { part.steps = 0 }
    return part
  }
}
