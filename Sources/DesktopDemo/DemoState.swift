import Foundation
import Frames
import MonsterWars
import TraitSandbox

/// Everything the demo shows and the player changes, apart from the window: the match, its
/// speed, pause, selection, overlays. Pure value logic, so it is tested without a display.
public struct DemoState {
  /// Simulation speeds `+` and `-` step through.
  public static let speeds: [Double] = [0.25, 0.5, 1, 2, 4, 8]

  /// The match, its restarts and live tuning, and every input so far.
  public private(set) var session: MatchSession
  /// The scenario the session started with, for its recording.
  public let initialScenario: Scenario
  /// The recording being played back, with how far it got; `nil` when the player plays.
  public private(set) var replay: ReplayScript?
  /// Why the recording being played back stopped early, if it did.
  public private(set) var replayError: String?
  /// The match being played.
  public var match: Match { session.match }
  /// The scenario the match restarts with (the last one that loaded cleanly).
  public var scenario: Scenario { session.scenario }
  /// The seed the match restarts with.
  public var seed: UInt64 { session.seed }
  /// Whether the AI plays the left castle too (attract mode).
  public var isAutoplay: Bool { session.isAutoplay }
  /// How many monsters a swarm scenario places, if overridden.
  public var swarmCount: Int? { session.swarmCount }
  /// Index into `speeds`.
  public private(set) var speedIndex = 2
  /// Whether the simulation is paused.
  public private(set) var isPaused = false
  /// Ticks requested with `.stepOnce` and not yet run.
  public private(set) var pendingSteps = 0
  /// The entity open in the inspector.
  public private(set) var selection: AnyEntityID?
  /// Where the player pointed the camera; `nil` shows the whole arena.
  public private(set) var camera: Camera?
  /// Whether the camera keeps the selected entity in the middle of the view.
  public private(set) var isFollowing = false
  /// Whether the debug overlay is shown.
  public private(set) var showsDebugOverlay = false
  /// Whether the player asked to quit.
  public private(set) var wantsToQuit = false
  /// The last scenario reload's error, shown until a reload succeeds.
  public private(set) var reloadError: String?
  /// A short message and the demo time until which it shows.
  public private(set) var notice: (text: String, until: Double)?

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
  }

  private static func prepared(_ session: MatchSession) -> MatchSession {
    var session = session
    session.measuresSystemTimes = true
    // The simulation steps on every core; its results are the same for any thread count.
    session.threadCount = ProcessInfo.processInfo.activeProcessorCount
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

  // MARK: - Actions

  /// Applies a player action at demo time `now` (seconds).
  public mutating func handle(_ action: DemoAction, at now: Double = 0, frame: Frame? = nil) {
    switch action {
    case .buy(let kind):
      guard replay == nil else {
        notice = ("watching a recording: R plays it again, Esc quits", now + 1.5)
        return
      }
      guard !isAutoplay, !match.isOver else { return }
      guard session.apply(.order(kind)) else {
        notice = (
          "\(Castle.maximumOrders) orders are waiting: Backspace or right-click cancels the last",
          now + 2.5
        )
        return
      }
      notice = (Self.orderNotice(kind, match: match), now + 2)
    case .cancelOrder:
      guard replay == nil, !isAutoplay, !match.isOver else { return }
      let newest = match.castle(of: .left)?.orders.last
      guard session.apply(.cancelOrder), let newest else {
        notice = ("no order to cancel", now + 1.5)
        return
      }
      notice = ("cancelled \(newest.displayName)", now + 1.5)
    case .togglePause:
      isPaused.toggle()
    case .stepOnce:
      if isPaused { pendingSteps += 1 }
    case .faster:
      speedIndex = min(speedIndex + 1, Self.speeds.count - 1)
    case .slower:
      speedIndex = max(speedIndex - 1, 0)
    case .restart:
      if let recording = replay?.recording {
        session = Self.prepared(recording.start())
        replay = ReplayScript(recording)
        replayError = nil
      } else {
        session.apply(.restart)
      }
      selection = nil
      pendingSteps = 0
      notice = (replay == nil ? "restarted" : "playing the recording again", now + 1.5)
    case .toggleDebugOverlay:
      showsDebugOverlay.toggle()
    case .select(let x, let y):
      selection = frame.flatMap { Self.entity(in: $0, atX: x, y: y) }
    case .zoom(let factor):
      let current = camera ?? fitCamera
      let zoomed = Camera(
        centreX: current.centreX, centreY: current.centreY, zoom: current.zoom * factor)
      camera = zoomed.zoom <= 1 ? nil : clamped(zoomed)
    case .pan(let x, let y):
      isFollowing = false
      guard let current = camera else { return }
      let arena = match.world.arenaSize
      let view = current.view(worldWidth: arena.x, worldHeight: arena.y)
      camera = clamped(
        Camera(
          centreX: current.centreX + x * view.width, centreY: current.centreY + y * view.height,
          zoom: current.zoom))
    case .fitArena:
      camera = nil
      isFollowing = false
    case .toggleFollow:
      isFollowing = selection != nil && !isFollowing
      if isFollowing, camera == nil {
        camera = clamped(Camera(centreX: fitCamera.centreX, centreY: fitCamera.centreY, zoom: 4))
      }
      notice = (isFollowing ? "following the selection" : "camera free", now + 1.5)
    case .quit:
      wantsToQuit = true
    }
  }

  /// A camera showing the whole arena.
  private var fitCamera: Camera {
    let arena = match.world.arenaSize
    return Camera(centreX: arena.x / 2, centreY: arena.y / 2, zoom: 1)
  }

  /// `camera` with its centre moved to where the view it shows is centred, so panning past an
  /// edge does not pile up distance to pan back.
  private func clamped(_ camera: Camera) -> Camera {
    let arena = match.world.arenaSize
    let view = camera.view(worldWidth: arena.x, worldHeight: arena.y)
    return Camera(
      centreX: view.x + view.width / 2, centreY: view.y + view.height / 2, zoom: camera.zoom)
  }

  /// The camera a frame is shown with: the player's, centred on the selection while following
  /// it (found in `frame`), or `nil` for the whole arena.
  public func camera(for frame: Frame) -> Camera? {
    Decoration(overlay: [], camera: camera, isFollowing: isFollowing, selection: selection)
      .camera(for: frame)
  }

  /// What the demo says when an order is queued: whether the castle can pay for everything
  /// waiting, or how many coins it still needs.
  static func orderNotice(_ kind: UnitKind, match: Match) -> String {
    guard let castle = match.castle(of: .left) else { return "ordered \(kind.displayName)" }
    let waiting = castle.orders.reduce(Float(0)) { $0 + (castle.armory.cost(of: $1) ?? 0) }
    let short = waiting - castle.spawner.budget
    guard short > 0 else { return "ordered \(kind.displayName)" }
    return "ordered \(kind.displayName): paid when the castle has $\(Int(short.rounded(.up))) more"
  }

  /// The player's orders as the HUD shows them: kinds with their counts in the order they
  /// were first placed, and what the next one waits for, if it cannot be paid yet.
  static func ordersText(_ castle: Castle) -> String {
    guard let next = castle.orders.first else { return "Orders: none" }
    var counts: [(kind: UnitKind, count: Int)] = []
    for kind in castle.orders {
      if let index = counts.firstIndex(where: { $0.kind == kind }) {
        counts[index].count += 1
      } else {
        counts.append((kind, 1))
      }
    }
    let list = counts.map {
      $0.count > 1 ? "\($0.kind.displayName) x\($0.count)" : $0.kind.displayName
    }
    let cost = castle.armory.cost(of: next) ?? 0
    let wait = cost > castle.spawner.budget ? "; \(next.displayName) next, needs $\(Int(cost))" : ""
    return "Orders \(castle.orders.count)/\(Castle.maximumOrders): "
      + list.joined(separator: ", ") + wait
  }

  /// Runs the steps the clock granted (none while paused, except requested single steps).
  ///
  /// - Returns: How many ticks ran.
  @discardableResult
  public mutating func advance(steps: Int) -> Int {
    let count = isPaused ? pendingSteps : steps
    pendingSteps = 0
    var ran = 0
    if var script = replay {
      defer { replay = script }
      while ran < count && replayError == nil {
        do throws(SavedFileError) {
          guard try script.step(&session) else { break }
          ran += 1
        } catch {
          replayError = "The recording stopped: \(error.reason)"
        }
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

  // MARK: - Picture

  /// The topmost entity whose sprite covers a world position in `frame`.
  static func entity(in frame: Frame, atX x: Float, y: Float) -> AnyEntityID? {
    for command in frame.world.reversed() {
      guard case .sprite(let sprite) = command.shape, let entity = sprite.entity else { continue }
      if abs(x - sprite.x) <= sprite.width / 2 && abs(y - sprite.y) <= sprite.height / 2 {
        return entity
      }
    }
    return nil
  }

  /// The match's frame with the demo's overlays: inspector, debug figures, notices.
  public func decorate(_ frame: Frame, now: Double, statistics: FrameStatistics) -> Frame {
    decoration(now: now, statistics: statistics).apply(to: frame)
  }

  /// The demo's overlays as they stand at demo time `now`, for any frame of the match.
  public func decoration(now: Double, statistics: FrameStatistics) -> Decoration {
    var builder = FrameBuilder()
    if let selection, let inspection = match.world.inspect(selection) {
      InspectorPanel.draw(InspectorPanel.rows(for: inspection), into: &builder)
    }
    if showsDebugOverlay {
      DebugOverlay(statistics: statistics, world: match.world).draw(into: &builder)
    }
    if !isAutoplay {
      let you = DemoMessage(text: "You: left (blue)", color: Side.left.color, size: 12)
      you.draw(into: &builder, x: 12, y: 42)
      if let castle = match.castle(of: .left) {
        let orders = DemoMessage(
          text: Self.ordersText(castle), color: Color(red: 230, green: 230, blue: 230), size: 12)
        orders.draw(into: &builder, x: 12, y: 58)
      }
    }
    if let outcome = match.outcome, !isAutoplay {
      let verdict: (String, Color) =
        switch outcome.winner {
        case .left: ("You won", Side.left.color)
        case .right: ("You lost", Side.right.color)
        case nil: ("Nobody won", .white)
        }
      let message = DemoMessage(text: verdict.0, color: verdict.1, size: 24)
      message.draw(into: &builder, x: (Frame.overlayWidth - message.width) / 2, y: 280)
    }
    if match.isOver {
      let hint = DemoMessage(text: "Press R to restart, Esc to quit", color: .white)
      hint.draw(into: &builder, x: (Frame.overlayWidth - hint.width) / 2, y: 400)
    }
    if let replay, replay.isFinished(session) {
      let end = DemoMessage(
        text: "End of the recording, stateHash \(match.world.stateHash()). R plays it again, "
          + "Esc quits", color: .white)
      end.draw(into: &builder, x: (Frame.overlayWidth - end.width) / 2, y: 430)
    }
    if let replay, !replay.isFinished(session), replayError == nil {
      let help = DemoMessage(
        text: "Playing a recording  P pause  +/- speed  R from the start  Esc quit",
        color: Color(red: 230, green: 230, blue: 230), size: 12)
      help.draw(into: &builder, x: 12, y: Frame.overlayHeight - 24)
    }
    if !isAutoplay && !match.isOver && replay == nil {
      let help = DemoMessage(
        text: BuyKeys.help(for: scenario) + "  Backspace cancel  P pause  +/- speed  R restart",
        color: Color(red: 230, green: 230, blue: 230), size: 12)
      help.draw(into: &builder, x: 12, y: Frame.overlayHeight - 24)
    }
    if let notice, notice.until > now {
      let message = DemoMessage(text: notice.text, color: Color(red: 255, green: 215, blue: 90))
      message.draw(into: &builder, x: (Frame.overlayWidth - message.width) / 2, y: 84)
    }
    if let problem = replayError ?? reloadError {
      ReloadErrorPanel(message: problem).draw(into: &builder)
    }
    return Decoration(
      overlay: builder.overlay, camera: camera, isFollowing: isFollowing, selection: selection)
  }
}
