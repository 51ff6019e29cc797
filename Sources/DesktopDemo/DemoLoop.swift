import Dispatch
import Foundation
import Frames
import Imaging
import MonsterWars
import SDLBackend
import TraitSandbox

/// One demo session's frame loop: input, live reload, fixed-step simulation, interpolated
/// drawing and frame pacing. A class because it owns the window's backend for its lifetime.
///
/// Frames are values, so the loop is a two-stage pipeline: the main thread draws the frames
/// the simulation made during the last loop while the simulation thread steps the match and
/// makes the next ones. The picture shows the match one loop late, and a frame costs the
/// longer of the two stages instead of their sum.
///
/// The main thread never waits for the simulation (except for the last frame). A step is
/// granted only as many ticks as the simulation can run in one frame, by the costs measured so
/// far; when even one tick takes longer, the main thread draws the frames it has again while
/// the step runs on. Either way the time the simulation could not use is dropped: the game
/// clock slows, the HUD shows the rate it runs at (e.g. "x0.7"), and the frame rate stays up.
/// Inputs still land between ticks and are recorded with their tick, so a recording replays
/// the same however far behind the window fell.
final class DemoLoop {
  private let configuration: DemoConfiguration
  private let session: SDLSession
  /// The ways the window may draw, the one drawing now, and their trial while it runs.
  private var drawing: WindowDrawing
  private var path: DrawingPath { drawing.current }
  /// The main thread's cost of the GPU path's calls, when it draws.
  private var gpuCalls = GPUCallCost()
  private var backend: any WindowRenderer { drawing.renderer }
  private let match: SteppedMatch
  private var watcher: ScenarioWatcher?
  private var timestep: FixedTimestep
  private var clock = MonotonicClock()
  private let start: Double
  private var lastPoll: Double
  private var statistics = FrameStatistics()
  private var totals = FrameTimeSplit()
  private var frameTimes = FrameTimeHistogram()
  private var clockRate = ClockRate()
  /// What the last frames drawn were made of, kept for frames drawn while the simulation thread
  /// owns the match.
  private var shown:
    (previous: Frame, current: Frame, pairing: InstancePairing?, decoration: Decoration)
  /// How far between `shown.previous` and `shown.current` the clock stood when they were made.
  private var alpha: Double = 1
  /// Events that arrived while the simulation thread owned the match, handled once it is done.
  private var pendingEvents: [InputEvent] = []
  /// Whether a step was started and its figures are not yet counted.
  private var isStepCounted = true
  /// Seconds one tick and one frame of the match take on the simulation thread, smoothed.
  private var tickCost = 0.0
  private var frameCost = 0.0
  private var frames = 0
  private var lastFrameStart: Double?

  init(configuration: DemoConfiguration, session: SDLSession, paths: DrawingPaths) {
    self.configuration = configuration
    self.session = session
    drawing = WindowDrawing(paths)
    if let netplay = configuration.netplay {
      match = SteppedMatch(
        state: DemoState(
          netplay: configuration.scenario, side: netplay.side,
          swarmCount: configuration.swarmCount),
        netplay: netplay)
    } else if let spectating = configuration.spectating {
      var state = DemoState(
        netplay: configuration.scenario, side: .left, swarmCount: configuration.swarmCount)
      state.isSpectating = true
      match = SteppedMatch(state: state, spectating: spectating)
    } else if let recording = configuration.replay {
      match = SteppedMatch(state: DemoState(replaying: recording))
    } else {
      match = SteppedMatch(
        state: DemoState(
          scenario: configuration.scenario, seed: configuration.seed,
          autoplay: configuration.isAutoplay, swarmCount: configuration.swarmCount))
    }
    if let camera = configuration.camera {
      match.state.camera = match.state.clamped(camera)
    }
    if let threads = configuration.threadCount { match.state.threadCount = threads }
    watcher = configuration.scenarioFile.map {
      ScenarioWatcher(file: $0, roster: configuration.scenario.roster)
    }
    timestep = FixedTimestep(
      fixedDeltaTime: 1 / Double(configuration.scenario.match.ticksPerSecond))
    start = clock.now()
    lastPoll = start
    shown = (
      match.previous, match.current, match.pairing,
      match.state.decoration(
        now: 0, statistics: statistics, canvas: match.current.overlayCanvas)
    )
  }

  /// What the session did so far.
  var summary: DemoSummary {
    match.wait()
    let elapsed = max(clock.now() - start, 1e-9)
    let count = Double(max(frames, 1))
    var split = totals
    split.draw /= count
    split.present /= count
    split.wait /= count
    split.simulation /= count
    split.simulationTicks /= count
    split.ticks /= count
    return DemoSummary(
      frames: frames, tick: match.state.match.world.tick,
      framesPerSecond: Double(frames) / elapsed, split: split, frameTimes: frameTimes,
      stateHash: match.state.match.world.stateHash(), renderer: path.name,
      gpuCalls: gpuCalls.frames > 0 ? gpuCalls : nil)
  }

  /// The session so far as a recording.
  var recording: MatchRecording {
    match.wait()
    return match.state.recording(program: configuration.program)
  }

  /// Runs one frame; returns whether to go on.
  ///
  /// The steps: wait for a step about to finish; take the state over if the simulation thread
  /// is done (input, live reload, what to draw); start the next step; draw and present; count
  /// the frame and pace it.
  func runFrame() throws -> Bool {
    let frameStart = clock.now()
    // The match stops at the tick limit (`startStep`), drawn there on the last frame.
    let isLastFrame =
      (configuration.frameLimit.map { frames + 1 >= $0 } ?? false)
      || (configuration.tickLimit.map { shown.current.tick >= UInt64($0) } ?? false)
    let waited = waitForStep(frameStart: frameStart, isLastFrame: isLastFrame)
    let isOwned = !match.isStepping
    if isOwned {
      guard takeOver(at: frameStart) else { return false }
    } else {
      let events = session.pollEvents()
      moveCameraAtOnce(for: events)
      pendingEvents += events
    }
    frames += 1
    let (previous, current, pairing, decoration) = shown
    let isStill =
      isLastFrame || !isOwned || !match.state.clockRuns || previous.tick == current.tick
    // A match over the network keeps its own clock: it is pumped every frame.
    let isNetplay = configuration.netplay != nil || configuration.spectating != nil
    let granted =
      isLastFrame || isNetplay ? (steps: 0, alpha: 1) : grantedSteps(canStep: isOwned)
    if isOwned && !isLastFrame && (granted.steps > 0 || match.state.isPaused || isNetplay) {
      startStep(granted.steps)
    }
    // The world is interpolated as it is drawn, with no interpolated frame made.
    let paired = (isStill && isOwned) || isNetplay ? nil : pairing
    let times = try drawAndPresent(
      decoration.apply(to: current, pairedWith: paired, alpha: Float(alpha)), pairedWith: paired,
      isLastFrame: isLastFrame)
    if isOwned { alpha = granted.alpha }
    account(draw: times.draw, present: times.present, wait: waited)
    if path.isGPU, let gpu = backend as? OpenGLBackend { gpuCalls.record(gpu.lastFrameCost) }
    if drawing.isTiming { time(times.draw + times.present) }
    pace(frameStart: frameStart)
    if isLastFrame { countFinishedStep() }
    return !isLastFrame
  }

  /// Waits for the step running when it is the session's last frame (drawn exactly at the
  /// tick the session ends on, so a screenshot matches a headless render of that tick), or
  /// briefly for one about to finish; returns the seconds waited.
  private func waitForStep(frameStart: Double, isLastFrame: Bool) -> Double {
    var waited = 0.0
    if isLastFrame {
      match.wait()
      waited = clock.now() - frameStart
    }
    // A step about to finish is worth a short wait: a frame a little late beats a frame that
    // shows nothing new, and the simulation loses no time.
    if let stepEnd, match.isStepping, stepEnd - frameStart <= Self.longestWait {
      match.wait(until: frameStart + Self.longestWait)
      waited = clock.now() - frameStart
    }
    return waited
  }

  /// With the simulation thread done: counts its step, handles input and live reload, and
  /// takes what the drawing needs from the state; returns whether to go on.
  private func takeOver(at frameStart: Double) -> Bool {
    countFinishedStep()
    handleInput(at: frameStart)
    if match.state.wantsToQuit { return false }
    if frameStart - lastPoll >= 0.5 {
      lastPoll = frameStart
      if let result = watcher?.poll() {
        match.state.scenarioReloaded(result, at: frameStart - start)
      }
    }
    match.state.followSelection(in: match.current, at: frameStart - start)
    // Everything the drawing needs from the state and the last frames is taken now, before
    // the simulation thread takes them over.
    let old = shown
    shown = (
      match.previous, match.current, match.pairing,
      // Laid out on the canvas of the frame it goes over.
      match.state.decoration(
        now: frameStart - start, statistics: statistics, canvas: match.current.overlayCanvas)
    )
    // The frames to come are laid out for the window as it is now.
    match.canvas = .fitting(width: backend.width, height: backend.height)
    dispose(old)
    return true
  }

  /// Hands the simulation thread `ticks` ticks (or the paused match's single steps) and what
  /// the HUD says of the clock's rate.
  private func startStep(_ granted: Int) {
    let ticks =
      configuration.tickLimit.map {
        min(granted, max(0, $0 - Int(match.state.match.world.tick)))
      } ?? granted
    let rate = clockRate.shown(for: match.state.speed)
    match.state.isFallingBehind = rate.isFallingBehind
    match.step(ticks, speed: rate.speed, isFallingBehind: rate.isFallingBehind)
    isStepCounted = false
    stepEnd = clock.now() + Double(ticks) * tickCost + frameCost
  }

  /// Draws `decorated` and presents it; returns the seconds each took. A failure to draw is
  /// thrown once the simulation thread has finished its step.
  private func drawAndPresent(
    _ decorated: Frame, pairedWith pairing: InstancePairing?, isLastFrame: Bool
  ) throws -> (draw: Double, present: Double) {
    let drawStart = clock.now()
    var failure: (any Error)?
    do {
      try draw(decorated, pairedWith: pairing, isLastFrame: isLastFrame)
      dispose(decorated)
    } catch {
      failure = error
    }
    let presentStart = clock.now()
    if failure == nil { backend.present() }
    let end = clock.now()
    if let failure {
      match.wait()
      throw failure
    }
    return (presentStart - drawStart, end - presentStart)
  }

  /// Counts a frame the timed way drew in `seconds`, switching ways or keeping the faster as
  /// the trial says.
  private func time(_ seconds: Double) {
    if let kept = drawing.record(seconds: seconds) { configuration.announce(kept) }
  }

  /// A queue that lets go of frames the main thread is done with: a battle's frame holds
  /// megabytes of instances, a pairing and a decoration, none of them the main thread's to free.
  private let disposal = DispatchQueue(label: "TraitSandbox.frameDisposal", qos: .utility)

  /// Lets go of `frames` on `disposal`, which by then holds their last reference.
  private func dispose<Frames: Sendable>(_ frames: Frames) {
    disposal.async { withExtendedLifetime(frames) {} }
  }

  private func handleInput(at now: Double) {
    let events = pendingEvents + session.pollEvents()
    pendingEvents.removeAll()
    defer { wasTimelineOpen = match.state.timelineView != nil }
    for event in events {
      // Clicks land where the player sees them: through the camera the frame is shown with.
      var shown = match.current
      shown.camera = match.state.camera(for: shown)
      if let action = DesktopDemo.action(
        for: event, backend: backend, frame: shown, decoration: self.shown.decoration,
        roster: match.state.scenario.roster, isTimelineOpen: match.state.timelineView != nil)
      {
        match.state.handle(action, at: now - start, frame: match.current)
      }
    }
  }

  /// Whether the timeline was open when the main thread last owned the match: its keys then
  /// mean moving along it, not the camera.
  private var wasTimelineOpen = false

  /// Moves the shown frame's camera at once for the zooms, pans and Home among `events`,
  /// which arrived while the simulation thread owns the match: a long step (a battle of a
  /// million) would otherwise hold them for its whole length. The events still go to the
  /// demo's state once the step ends, which moves its camera the same way.
  private func moveCameraAtOnce(for events: [InputEvent]) {
    guard !wasTimelineOpen else { return }
    let arena = Vector2(shown.current.worldWidth, shown.current.worldHeight)
    for event in events {
      // Placed as the player sees it, as the state will place the event when it takes it.
      var frame = shown.current
      frame.camera = shown.decoration.camera(for: frame)
      let focus = shown.decoration.selection.flatMap { frame.place(of: $0) }.map { ($0.x, $0.y) }
      guard
        let action = DesktopDemo.action(
          for: event, backend: backend, frame: frame, decoration: shown.decoration,
          roster: configuration.scenario.roster),
        let moved = DemoState.camera(
          shown.decoration.camera, after: action, arena: arena, focus: focus)
      else { continue }
      shown.decoration.camera = moved
      if !action.keepsFollowing { shown.decoration.isFollowing = false }
    }
  }

  /// The ticks the clock (or the player's single steps) grants this frame, at most what the
  /// simulation can run in one frame, and the interpolation factor for drawing their frames.
  /// While the simulation thread is still busy (`canStep` false) the clock grants nothing and
  /// the time passes unsimulated.
  private func grantedSteps(canStep: Bool) -> (steps: Int, alpha: Double) {
    if canStep {
      // A restart after a reload may have changed the tick rate: the match's own scenario has
      // it.
      let tickSeconds = 1 / Double(match.state.match.scenario.match.ticksPerSecond)
      if timestep.fixedDeltaTime != tickSeconds {
        timestep = FixedTimestep(fixedDeltaTime: tickSeconds)
      }
      timestep.timeScale = match.state.clockRuns ? match.state.speed : 0
    }
    let before = (time: clock.now(), dropped: timestep.droppedTime)
    let elapsed = lastAdvance.map { before.time - $0 } ?? 0
    let advance = timestep.advance(with: &clock, maximumSteps: canStep ? maximumSteps : 0)
    lastAdvance = before.time
    clockRate.record(
      at: before.time, wanted: elapsed * timestep.timeScale,
      dropped: timestep.droppedTime - before.dropped)
    guard canStep else { return (0, alpha) }
    return (match.state.clockRuns ? advance.steps : match.state.pendingSteps, advance.alpha)
  }

  /// When the running step is expected to end, by the measured costs.
  private var stepEnd: Double?
  /// The longest the main thread waits for a step expected to end by then, in seconds.
  static let longestWait = 0.002

  /// When the clock was last read for steps.
  private var lastAdvance: Double?

  /// The most ticks one step may run: as many as the costs measured so far fit in nine tenths
  /// of a frame beside the frame the step makes, and always at least one.
  private var maximumSteps: Int {
    guard tickCost > 0 else { return .max }
    let budget = 0.9 / DesktopDemo.targetFramesPerSecond - frameCost
    return max(1, Int(budget / tickCost))
  }

  private func draw(_ frame: Frame, pairedWith pairing: InstancePairing?, isLastFrame: Bool) throws
  {
    try backend.render(frame, pairedWith: pairing, alpha: Float(alpha))
    if isLastFrame, let screenshot = configuration.screenshot {
      let image = try backend.screenshot()
      let bytes =
        screenshot.pathExtension.lowercased() == "bmp" ? BMP.encode(image) : PNG.encode(image)
      try AtomicFile.write(bytes, to: screenshot)
    }
  }

  /// Adds this frame's main-thread times (seconds) to the statistics and the session's totals.
  private func account(draw: Double, present: Double, wait: Double) {
    totals.draw += draw * 1000
    totals.present += present * 1000
    totals.wait += wait * 1000
    statistics.drawMilliseconds += (draw * 1000 - statistics.drawMilliseconds) * 0.1
    statistics.recent.record(
      draw: draw * 1000, present: present * 1000, simulation: finishedSimulation)
    finishedSimulation = 0
  }

  /// Milliseconds of the simulation step that finished since the last frame was counted.
  private var finishedSimulation = 0.0

  /// Adds the figures of the step that has finished, if not yet counted; call only while the
  /// main thread owns the match.
  private func countFinishedStep() {
    guard !isStepCounted else { return }
    isStepCounted = true
    let simulation = match.lastStepSeconds * 1000
    finishedSimulation = simulation
    totals.simulation += simulation
    totals.simulationTicks += match.lastTickSeconds * 1000
    totals.ticks += Double(match.lastTicks)
    statistics.simulationMilliseconds += (simulation - statistics.simulationMilliseconds) * 0.1
    guard match.lastTicks > 0 else { return }
    let perTick = match.lastTickSeconds / Double(match.lastTicks)
    let frame = max(match.lastStepSeconds - match.lastTickSeconds, 0)
    // The first measurement is taken as it is; later ones are smoothed.
    let weight = tickCost == 0 ? 1 : 0.2
    tickCost += (perTick - tickCost) * weight
    frameCost += (frame - frameCost) * weight
    statistics.tickMilliseconds = tickCost * 1000
  }

  private func pace(frameStart: Double) {
    // Frame ms is the work of one frame; fps counts frames actually shown per second.
    statistics.frameMilliseconds = (clock.now() - frameStart) * 1000
    if let lastFrameStart {
      let interval = max(frameStart - lastFrameStart, 1e-6)
      frameTimes.record(milliseconds: interval * 1000)
      statistics.framesPerSecond += (1 / interval - statistics.framesPerSecond) * 0.1
    }
    lastFrameStart = frameStart
    let spare = 1 / DesktopDemo.targetFramesPerSecond - (clock.now() - frameStart)
    if spare > 0 { Thread.sleep(forTimeInterval: spare) }
  }
}
