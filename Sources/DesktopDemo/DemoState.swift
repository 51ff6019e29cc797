import Foundation
import Frames
import MonsterWars
import Netplay
import TraitSandbox

/// Everything the demo shows and the player changes, apart from the window: the match, its
/// speed, pause, selection, overlays. Pure value logic, so it is tested without a display.
public struct DemoState {
  /// Simulation speeds `+` and `-` step through.
  public static let speeds: [Double] = [0.25, 0.5, 1, 2, 4, 8]

  /// The match, its restarts and live tuning, and every input so far.
  public internal(set) var session: MatchSession
  /// The scenario the session started with, for its recording.
  public let initialScenario: Scenario
  /// The recording being played back, with how far it got; `nil` when the player plays.
  public internal(set) var replay: ReplayScript?
  /// Why the recording being played back stopped early, if it did.
  public internal(set) var replayError: String?
  /// The ticks the recording has played since it started (or started again).
  public internal(set) var replayPlayed = 0
  /// The match's tick when the recording started.
  var replayStartTick: UInt64 = 0
  /// The ticks played that a seek in the recording runs to, while it does.
  public internal(set) var replaySeekTarget: Int?
  /// The match being played.
  public var match: Match { session.match }
  /// The scenario the match restarts with (the last one that loaded cleanly).
  public var scenario: Scenario { session.scenario }
  /// The seed the match restarts with.
  public var seed: UInt64 { session.seed }
  /// Whether the AI plays both castles (attract mode).
  public var isAutoplay: Bool { session.isAutoplay }
  /// The side this window's player orders for: its side of a match over the network, else
  /// the first the session gives a player.
  public var playerSide: Side { netplaySide ?? session.playerSides.first ?? .left }
  /// This window's side of a match over the network, if it is one.
  public internal(set) var netplaySide: Side?
  /// Whether this window watches a match over the network, ordering for neither side.
  public internal(set) var isSpectating = false
  /// The player's inputs not yet taken by the network match.
  var outbox: [SessionInput] = []
  /// A reloaded scenario, as scenario JSON, not yet sent to the network match.
  var retuneOutbox: String?
  /// The timeline of the match's past, while the player has it open.
  public internal(set) var timelineView: TimelineView?
  /// What the network match says of itself (waiting, ended), shown in the middle of the view.
  public internal(set) var netplayBanner: [String] = []
  /// What the network match costs (`NetplayMatch.figures`), for F1's panel.
  public internal(set) var networkFigures: [String] = []
  /// How many monsters a swarm scenario places, if overridden.
  public var swarmCount: Int? { session.swarmCount }
  /// Index into `speeds`.
  public internal(set) var speedIndex = 2
  /// Whether the simulation is paused.
  public internal(set) var isPaused = false
  /// Ticks requested with `.stepOnce` and not yet run.
  public internal(set) var pendingSteps = 0
  /// The entity open in the inspector.
  public internal(set) var selection: AnyEntityID?
  /// Where the player pointed the camera; `nil` shows the whole arena.
  public internal(set) var camera: Camera?
  /// Whether the camera keeps the selected entity in the middle of the view.
  public internal(set) var isFollowing = false
  /// Whether the simulation falls behind the speed asked for, as the window's clock last
  /// measured: the speed label then says so, large.
  public internal(set) var isFallingBehind = false
  /// The first of the inspector's rows shown: the wheel over the inspector scrolls.
  public internal(set) var inspectorScroll = 0
  /// Whether the help lists every key and mouse action of the demo's mode.
  public internal(set) var showsHelp = false
  /// The type of the entity the camera follows, for the notice when it is gone.
  var followedName: String?
  /// Whether the debug overlay is shown.
  public internal(set) var showsDebugOverlay = false
  /// Whether the player asked to quit.
  public internal(set) var wantsToQuit = false
  /// The last scenario reload's error, shown until a reload succeeds.
  public internal(set) var reloadError: String?
  /// A short message and the demo time until which it shows.
  public internal(set) var notice: (text: String, until: Double)?

  /// The threads the match steps on: by default every core but one, which the window draws
  /// on.
  public internal(set) var threadCount = DemoState.defaultThreadCount {
    didSet { session.threadCount = threadCount }
  }

  /// Starts a match of `scenario`, with the player on the left unless `autoplay`.
  public init(scenario: Scenario, seed: UInt64, autoplay: Bool, swarmCount: Int? = nil) {
    initialScenario = scenario
    session = Self.prepared(
      MatchSession(scenario: scenario, seed: seed, autoplay: autoplay, swarmCount: swarmCount))
  }

  /// Plays `recording` back: its inputs come at their ticks, and the player's buy keys do
  /// nothing.
  public init(replaying recording: MatchRecording) {
    initialScenario = recording.scenario
    session = Self.prepared(recording.start())
    replay = ReplayScript(recording)
    replayStartTick = session.match.world.tick
  }

  /// Every core but one: the one the window draws on. Sharing it made drawing late whenever a
  /// parallel system ran, for a tick hardly faster (on two cores, the battle of 100,000 drew at
  /// 54.6 fps with p99 27.8 ms on both, 59.2 fps and 18.4 ms on one, ticking as fast). Results
  /// are the same for any thread count.
  static var defaultThreadCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount - 1) }

  /// `session` as the window plays it: measuring its systems, keeping its timeline, and
  /// stepping on `threads` threads.
  static func prepared(_ session: MatchSession, threads: Int = defaultThreadCount)
    -> MatchSession
  {
    var session = session
    session.measuresSystemTimes = true
    session.keepsTimeline = true
    session.threadCount = threads
    return session
  }

  /// The session so far as a recording by `program` (e.g. `sandbox 0.1.0`).
  public func recording(program: String) -> MatchRecording {
    MatchRecording(of: session, startedWith: initialScenario, program: program)
  }

  /// Whether a recording is being played back and has reached its end.
  public var replayIsFinished: Bool {
    replay.map { $0.isFinished(session) || replayError != nil } ?? false
  }

  /// Simulated seconds per real second.
  public var speed: Double { Self.speeds[speedIndex] }

  /// Whether the clock grants ticks: while the match runs, and while the player watches the
  /// timeline's past, paused or not.
  public var clockRuns: Bool {
    !isPaused || timelineView?.isWatching == true || replaySeekTarget != nil
  }

  /// Runs the steps the clock granted (none while paused, except requested single steps).
  ///
  /// - Returns: How many ticks ran.
  @discardableResult
  public mutating func advance(steps: Int) -> Int {
    // The live match waits while the player looks at its past, which plays even if paused.
    if timelineView != nil {
      pendingSteps = 0
      advancePreview(steps: steps)
      return 0
    }
    var count = isPaused ? pendingSteps : steps
    pendingSteps = 0
    var ran = 0
    if var script = replay {
      defer { replay = script }
      if let target = replaySeekTarget {
        count = min(max(steps, Self.seekTicksPerStep), target - replayPlayed)
      }
      while ran < count && replayError == nil {
        do throws(SavedFileError) {
          guard try script.step(&session) else { break }
          ran += 1
        } catch {
          replayError = "The recording stopped: \(error.reason)"
        }
      }
      replayPlayed += ran
      if let target = replaySeekTarget, replayPlayed >= target || ran < count {
        replaySeekTarget = nil
      }
      return ran
    }
    while ran < count && !match.isOver {
      session.step()
      ran += 1
    }
    return ran
  }

  /// Takes a reloaded scenario: its stats apply to the running match and to restarts.
  public mutating func scenarioReloaded(_ result: Result<Scenario, ScenarioError>, at now: Double) {
    switch result {
    case .success(let reloaded):
      guard replay == nil else { return }
      if netplaySide != nil {
        netplayReloaded(reloaded, at: now)
        return
      }
      do {
        let changes = try session.retune(from: reloaded)
        reloadError = nil
        notice = ("reloaded \(reloaded.name).json: \(changes.summary)", now + 4)
      } catch {
        reloadError = error.description
      }
    case .failure(let error):
      reloadError = error.description
    }
  }
}
