import Foundation
import Frames
import Imaging
import MonsterWars
import SDLBackend
import TraitSandbox

/// One demo session's frame loop: input, live reload, fixed-step simulation, interpolated
/// drawing and frame pacing. A class because it owns the window's backend for its lifetime.
final class DemoLoop {
  private let configuration: DemoConfiguration
  private let session: SDLSession
  private let backend: SDLBackend
  private var state: DemoState
  private var watcher: ScenarioWatcher?
  private var timestep: FixedTimestep
  private var clock = MonotonicClock()
  private let start: Double
  private var lastPoll: Double
  private var statistics = FrameStatistics()
  private var previous: Frame
  private var current: Frame
  private var frames = 0
  private var lastFrameStart: Double?

  init(configuration: DemoConfiguration, session: SDLSession, backend: SDLBackend) {
    self.configuration = configuration
    self.session = session
    self.backend = backend
    if let recording = configuration.replay {
      state = DemoState(replaying: recording)
    } else {
      state = DemoState(
        scenario: configuration.scenario, seed: configuration.seed,
        autoplay: configuration.isAutoplay, swarmCount: configuration.swarmCount)
    }
    watcher = configuration.scenarioFile.map {
      ScenarioWatcher(file: $0, roster: configuration.scenario.roster)
    }
    timestep = FixedTimestep(
      fixedDeltaTime: 1 / Double(configuration.scenario.match.ticksPerSecond))
    start = clock.now()
    lastPoll = start
    previous = state.match.makeFrame()
    current = previous
  }

  /// What the session did so far.
  var summary: DemoSummary {
    let elapsed = max(clock.now() - start, 1e-9)
    return DemoSummary(
      frames: frames, tick: state.match.world.tick, framesPerSecond: Double(frames) / elapsed,
      stateHash: state.match.world.stateHash())
  }

  /// The session so far as a recording.
  var recording: MatchRecording {
    state.recording(program: configuration.program)
  }

  /// Runs one frame; returns whether to go on.
  func runFrame() throws -> Bool {
    let frameStart = clock.now()
    handleInput(at: frameStart)
    if state.wantsToQuit { return false }
    if frameStart - lastPoll >= 0.5 {
      lastPoll = frameStart
      if let result = watcher?.poll() { state.scenarioReloaded(result, at: frameStart - start) }
    }
    let alpha = simulate()
    frames += 1
    let isLastFrame = configuration.frameLimit.map { frames >= $0 } ?? false
    try draw(alpha: alpha, isLastFrame: isLastFrame, now: frameStart - start)
    pace(frameStart: frameStart)
    return !isLastFrame
  }

  private func handleInput(at now: Double) {
    for event in session.pollEvents() {
      // Clicks land where the player sees them: through the camera the frame is shown with.
      var shown = current
      shown.camera = state.camera(for: current)
      if let action = DesktopDemo.action(
        for: event, backend: backend, frame: shown, roster: state.scenario.roster)
      {
        state.handle(action, at: now - start, frame: current)
      }
    }
  }

  /// Runs the ticks the clock (or the player's single steps) granted; returns the
  /// interpolation factor for drawing.
  private func simulate() -> Double {
    // A restart after a reload may have changed the tick rate: the match's own scenario has it.
    let tickSeconds = 1 / Double(state.match.scenario.match.ticksPerSecond)
    if timestep.fixedDeltaTime != tickSeconds {
      timestep = FixedTimestep(fixedDeltaTime: tickSeconds)
    }
    timestep.timeScale = state.isPaused ? 0 : state.speed
    let advance = timestep.advance(with: &clock)
    let tickStart = clock.now()
    let granted = state.isPaused ? state.pendingSteps : advance.steps
    if granted > 0 {
      // Interpolation needs the frame just before the last tick, not the one before a
      // catch-up burst.
      let ran = state.advance(steps: granted - 1)
      previous = granted > 1 ? state.match.makeFrame(speed: state.speed) : current
      let last = state.advance(steps: 1)
      current = state.match.makeFrame(speed: state.speed, isPaused: state.isPaused)
      let ticks = ran + last
      if ticks > 0 {
        let perTick = (clock.now() - tickStart) * 1000 / Double(ticks)
        statistics.tickMilliseconds += (perTick - statistics.tickMilliseconds) * 0.1
      }
    } else if state.isPaused {
      current = state.match.makeFrame(speed: state.speed, isPaused: true)
      previous = current
    }
    return advance.alpha
  }

  private func draw(alpha: Double, isLastFrame: Bool, now: Double) throws {
    // The last frame is drawn exactly at its tick, so a screenshot matches a headless render
    // of that tick.
    let shown =
      isLastFrame || state.isPaused
      ? current : previous.interpolated(toward: current, alpha: Float(alpha))
    try backend.render(state.decorate(shown, now: now, statistics: statistics))
    if isLastFrame, let screenshot = configuration.screenshot {
      let image = try backend.screenshot()
      let bytes =
        screenshot.pathExtension.lowercased() == "bmp" ? BMP.encode(image) : PNG.encode(image)
      try AtomicFile.write(bytes, to: screenshot)
    }
    backend.present()
  }

  private func pace(frameStart: Double) {
    // Frame ms is the work of one frame; fps counts frames actually shown per second.
    statistics.frameMilliseconds = (clock.now() - frameStart) * 1000
    if let lastFrameStart {
      let interval = max(frameStart - lastFrameStart, 1e-6)
      statistics.framesPerSecond += (1 / interval - statistics.framesPerSecond) * 0.1
    }
    lastFrameStart = frameStart
    let spare = 1 / DesktopDemo.targetFramesPerSecond - (clock.now() - frameStart)
    if spare > 0 { Thread.sleep(forTimeInterval: spare) }
  }
}
