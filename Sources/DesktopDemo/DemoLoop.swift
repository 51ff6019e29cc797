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
final class DemoLoop {
  private let configuration: DemoConfiguration
  private let session: SDLSession
  private let backend: SDLBackend
  private let match: SteppedMatch
  private var watcher: ScenarioWatcher?
  private var timestep: FixedTimestep
  private var clock = MonotonicClock()
  private let start: Double
  private var lastPoll: Double
  private var statistics = FrameStatistics()
  private var totals = FrameTimeSplit()
  private var frameTimes = FrameTimeHistogram()
  /// How far between `match.previous` and `match.current` the clock stood when they were made.
  private var alpha: Double = 1
  private var frames = 0
  private var lastFrameStart: Double?

  init(configuration: DemoConfiguration, session: SDLSession, backend: SDLBackend) {
    self.configuration = configuration
    self.session = session
    self.backend = backend
    if let recording = configuration.replay {
      match = SteppedMatch(state: DemoState(replaying: recording))
    } else {
      match = SteppedMatch(
        state: DemoState(
          scenario: configuration.scenario, seed: configuration.seed,
          autoplay: configuration.isAutoplay, swarmCount: configuration.swarmCount))
    }
    watcher = configuration.scenarioFile.map {
      ScenarioWatcher(file: $0, roster: configuration.scenario.roster)
    }
    timestep = FixedTimestep(
      fixedDeltaTime: 1 / Double(configuration.scenario.match.ticksPerSecond))
    start = clock.now()
    lastPoll = start
  }

  /// What the session did so far.
  var summary: DemoSummary {
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
      stateHash: match.state.match.world.stateHash())
  }

  /// The session so far as a recording.
  var recording: MatchRecording {
    match.state.recording(program: configuration.program)
  }

  /// Runs one frame; returns whether to go on.
  func runFrame() throws -> Bool {
    let frameStart = clock.now()
    handleInput(at: frameStart)
    if match.state.wantsToQuit { return false }
    if frameStart - lastPoll >= 0.5 {
      lastPoll = frameStart
      if let result = watcher?.poll() {
        match.state.scenarioReloaded(result, at: frameStart - start)
      }
    }
    frames += 1
    let isLastFrame = configuration.frameLimit.map { frames >= $0 } ?? false
    // Everything the drawing needs from the state and the last frames is taken now, before
    // the simulation thread takes them over.
    let decoration = match.state.decoration(now: frameStart - start, statistics: statistics)
    let (previous, current) = (match.previous, match.current)
    // The last frame is drawn exactly at the tick the session ends on, so a screenshot matches
    // a headless render of that tick.
    let isStill = isLastFrame || match.state.isPaused || previous.tick == current.tick
    let granted = isLastFrame ? (steps: 0, alpha: 1) : grantedSteps()
    let steps = !isLastFrame && (granted.steps > 0 || match.state.isPaused)
    if steps { match.step(granted.steps, speed: match.state.speed) }
    let drawStart = clock.now()
    var failure: (any Error)?
    do {
      let shown = isStill ? current : previous.interpolated(toward: current, alpha: Float(alpha))
      try draw(decoration.apply(to: shown), isLastFrame: isLastFrame)
    } catch {
      failure = error
    }
    let presentStart = clock.now()
    if failure == nil { backend.present() }
    let waitStart = clock.now()
    match.wait()
    let end = clock.now()
    if let failure { throw failure }
    alpha = granted.alpha
    account(
      draw: presentStart - drawStart, present: waitStart - presentStart, wait: end - waitStart,
      stepped: steps)
    pace(frameStart: frameStart)
    return !isLastFrame
  }

  private func handleInput(at now: Double) {
    for event in session.pollEvents() {
      // Clicks land where the player sees them: through the camera the frame is shown with.
      var shown = match.current
      shown.camera = match.state.camera(for: shown)
      if let action = DesktopDemo.action(
        for: event, backend: backend, frame: shown, roster: match.state.scenario.roster)
      {
        match.state.handle(action, at: now - start, frame: match.current)
      }
    }
  }

  /// The ticks the clock (or the player's single steps) grants this frame, and the
  /// interpolation factor for drawing their frames.
  private func grantedSteps() -> (steps: Int, alpha: Double) {
    // A restart after a reload may have changed the tick rate: the match's own scenario has it.
    let tickSeconds = 1 / Double(match.state.match.scenario.match.ticksPerSecond)
    if timestep.fixedDeltaTime != tickSeconds {
      timestep = FixedTimestep(fixedDeltaTime: tickSeconds)
    }
    let isPaused = match.state.isPaused
    timestep.timeScale = isPaused ? 0 : match.state.speed
    let advance = timestep.advance(with: &clock)
    return (isPaused ? match.state.pendingSteps : advance.steps, advance.alpha)
  }

  private func draw(_ frame: Frame, isLastFrame: Bool) throws {
    try backend.render(frame)
    if isLastFrame, let screenshot = configuration.screenshot {
      let image = try backend.screenshot()
      let bytes =
        screenshot.pathExtension.lowercased() == "bmp" ? BMP.encode(image) : PNG.encode(image)
      try AtomicFile.write(bytes, to: screenshot)
    }
  }

  /// Adds this frame's times (seconds) to the statistics and the session's totals.
  private func account(draw: Double, present: Double, wait: Double, stepped: Bool) {
    totals.draw += draw * 1000
    totals.present += present * 1000
    totals.wait += wait * 1000
    statistics.drawMilliseconds += (draw * 1000 - statistics.drawMilliseconds) * 0.1
    guard stepped else { return }
    let simulation = match.lastStepSeconds * 1000
    totals.simulation += simulation
    totals.simulationTicks += match.lastTickSeconds * 1000
    totals.ticks += Double(match.lastTicks)
    statistics.simulationMilliseconds += (simulation - statistics.simulationMilliseconds) * 0.1
    if match.lastTicks > 0 {
      let perTick = match.lastTickSeconds * 1000 / Double(match.lastTicks)
      statistics.tickMilliseconds += (perTick - statistics.tickMilliseconds) * 0.1
    }
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
