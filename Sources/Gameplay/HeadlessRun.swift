import TraitSandbox

/// Steps a game as fast as the machine allows, with scripted inputs or none at its seats: up to
/// a number of ticks or until the game is over, each tick through a sync test if one is asked
/// for.
///
/// What `sandbox run` and a game's own headless runs share; the caller watches each tick
/// (profiles, pictures, progress) through the closures of `run(_:beforeTick:afterTick:)`.
public struct HeadlessRun<G: Game> {
  /// The most ticks the run steps.
  public let tickLimit: Int
  /// The sync test every tick goes through, if any: its rollbacks and timings once the run
  /// has stepped.
  public private(set) var syncTest: SyncTest<G>?
  /// The ticks stepped so far.
  public private(set) var ticksRun = 0
  /// Seconds the run has taken, its closures' time included.
  public private(set) var seconds = 0.0
  /// The seats' inputs for each tick of the run, by the ticks run before it.
  private let inputs: (Int) -> [SeatInput<G.Input>]

  /// A run of up to `tickLimit` ticks, each rolled back `syncTestRollback` ticks and stepped
  /// again (1 to `SyncTest.maximumRollback`) if given, with the seats' `inputs` for each tick
  /// (counted from the run's first, 0), none by default.
  public init(
    tickLimit: Int, syncTestRollback: Int? = nil,
    inputs: @escaping (Int) -> [SeatInput<G.Input>] = { _ in [] }
  ) {
    self.tickLimit = max(tickLimit, 0)
    self.inputs = inputs
    if let syncTestRollback { syncTest = SyncTest(rollback: syncTestRollback) }
  }

  /// Steps `game` until `tickLimit` ticks have run or it is over, calling `beforeTick` with the
  /// game before each tick and `afterTick` with the game and the run's progress after.
  ///
  /// - Throws: `SyncTest.Failure` (or an error making or reading a snapshot) when the sync
  ///   test finds a difference; whatever a closure throws. The run stops there, with `game`
  ///   as it was after the last tick stepped.
  /// - Complexity: `tickLimit` ticks, plus a rollback each with a sync test.
  public mutating func run(
    _ game: inout G, beforeTick: (G) -> Void = { _ in },
    afterTick: (G, Progress) throws -> Void = { _, _ in }
  ) throws {
    let clock = MonotonicClock()
    let start = clock.now()
    defer { seconds += clock.now() - start }
    while ticksRun < tickLimit && !game.isOver {
      beforeTick(game)
      let tickStart = clock.now()
      let given = inputs(ticksRun)
      if syncTest != nil {
        try syncTest?.step(&game, inputs: given)
      } else {
        game.advance(with: given)
      }
      let now = clock.now()
      ticksRun += 1
      try afterTick(
        game,
        Progress(ticksRun: ticksRun, tickSeconds: now - tickStart, seconds: seconds + now - start)
      )
    }
  }

  /// Where a run has got to, after a tick.
  public struct Progress: Sendable {
    /// The ticks stepped so far, this one included.
    public var ticksRun: Int
    /// Seconds this tick took (its sync test's rollback included).
    public var tickSeconds: Double
    /// Seconds the run has taken so far.
    public var seconds: Double
  }
}
