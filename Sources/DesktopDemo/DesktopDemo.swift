import Foundation
import Frames
import Imaging
import MonsterWars
import SDLBackend
import TraitSandbox

/// How to run the demo.
public struct DemoConfiguration: Sendable {
  /// The scenario to play.
  public var scenario: Scenario
  /// The scenario's file, watched for edits that reload unit and castle stats live.
  public var scenarioFile: URL
  /// Seeds the match.
  public var seed: UInt64
  /// The window's initial width in pixels.
  public var width: Int
  /// The window's initial height in pixels.
  public var height: Int
  /// Quit after this many frames, if set.
  public var frameLimit: Int?
  /// Save the last frame here (PNG or BMP by extension), if set.
  public var screenshot: URL?
  /// Let the AI play the left castle too.
  public var isAutoplay: Bool
  /// The folder holding the sprites.
  public var spritesDirectory: URL
  /// A video driver to force (tests use "dummy"); `nil` uses the display.
  public var videoDriver: String?

  /// Creates a configuration.
  public init(
    scenario: Scenario, scenarioFile: URL, seed: UInt64, width: Int, height: Int,
    frameLimit: Int?, screenshot: URL?, isAutoplay: Bool, spritesDirectory: URL,
    videoDriver: String? = nil
  ) {
    self.scenario = scenario
    self.scenarioFile = scenarioFile
    self.seed = seed
    self.width = width
    self.height = height
    self.frameLimit = frameLimit
    self.screenshot = screenshot
    self.isAutoplay = isAutoplay
    self.spritesDirectory = spritesDirectory
    self.videoDriver = videoDriver
  }
}

/// What a demo session did.
public struct DemoSummary: Sendable, Equatable {
  /// Frames drawn.
  public var frames: Int
  /// The simulation tick shown last.
  public var tick: UInt64
  /// Average frames per second over the session.
  public var framesPerSecond: Double
}

/// Why the demo could not run.
public struct DemoError: Error, Equatable, CustomStringConvertible {
  /// What went wrong, for the user.
  public var message: String
  /// Whether the cause is that no display is available.
  public var isMissingDisplay: Bool

  /// The message.
  public var description: String { message }
}

/// The playable MonsterWars window.
public enum DesktopDemo {
  /// The frame rate the loop draws at; the simulation keeps its own fixed rate regardless.
  public static let targetFramesPerSecond = 60.0

  /// Fails fast, before touching SDL, when no display is available.
  public static func checkDisplay(environment: [String: String]) throws(DemoError) {
    if let problem = SDLSession.displayProblem(environment: environment) {
      throw DemoError(
        message: "\(problem). The demo needs a display; for a headless run use "
          + "'sandbox run', or run the demo under a virtual display: "
          + "xvfb-run -a sandbox demo",
        isMissingDisplay: true)
    }
  }

  /// Opens the window and plays until the player quits or `frameLimit` frames are drawn.
  public static func run(_ configuration: DemoConfiguration) throws(DemoError) -> DemoSummary {
    do {
      return try play(configuration)
    } catch let error as DemoError {
      throw error
    } catch {
      throw DemoError(message: "\(error)", isMissingDisplay: false)
    }
  }

  private static func play(_ configuration: DemoConfiguration) throws -> DemoSummary {
    let session = try SDLSession(videoDriver: configuration.videoDriver)
    let window = try Window(
      session: session, title: "TraitSandbox: MonsterWars", width: configuration.width,
      height: configuration.height, resizable: true, hidden: false)
    // The software renderer: under Xvfb the OpenGL one is Mesa in software, and slower.
    let renderer = try Renderer(window: window, software: true, vsync: false)
    let backend = try SDLBackend(
      renderer: renderer, spritesDirectory: configuration.spritesDirectory,
      sprites: Match.spriteIDs)

    var state = DemoState(
      scenario: configuration.scenario, seed: configuration.seed,
      autoplay: configuration.isAutoplay)
    var watcher = ScenarioWatcher(file: configuration.scenarioFile)
    var timestep = FixedTimestep(
      fixedDeltaTime: 1 / Double(configuration.scenario.match.ticksPerSecond))
    var clock = MonotonicClock()
    let start = clock.now()
    var lastPoll = start
    var statistics = FrameStatistics()
    var previous = state.match.makeFrame()
    var current = previous
    var frames = 0

    while true {
      let frameStart = clock.now()
      for event in session.pollEvents() {
        if let action = action(for: event, backend: backend, frame: current) {
          state.handle(action, at: frameStart - start, frame: current)
        }
      }
      if state.wantsToQuit { break }
      if frameStart - lastPoll >= 0.5 {
        lastPoll = frameStart
        if let result = watcher.poll() { state.scenarioReloaded(result, at: frameStart - start) }
      }

      timestep.timeScale = state.isPaused ? 0 : state.speed
      let (steps, alpha) = timestep.advance(with: &clock)
      let tickStart = clock.now()
      let granted = state.isPaused ? state.pendingSteps : steps
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

      frames += 1
      let isLastFrame = configuration.frameLimit.map { frames >= $0 } ?? false
      // The last frame is drawn exactly at its tick, so a screenshot matches a headless
      // render of that tick.
      let shown =
        isLastFrame || state.isPaused
        ? current : previous.interpolated(toward: current, alpha: Float(alpha))
      try backend.render(state.decorate(shown, now: frameStart - start, statistics: statistics))
      if isLastFrame, let screenshot = configuration.screenshot {
        let image = try backend.screenshot()
        let bytes =
          screenshot.pathExtension.lowercased() == "bmp" ? BMP.encode(image) : PNG.encode(image)
        try AtomicFile.write(bytes, to: screenshot)
      }
      backend.present()

      let frameEnd = clock.now()
      statistics.frameMilliseconds = (frameEnd - frameStart) * 1000
      let instantaneous = 1 / max(frameEnd - frameStart, 1e-6)
      statistics.framesPerSecond +=
        (min(instantaneous, targetFramesPerSecond) - statistics.framesPerSecond) * 0.1
      if isLastFrame { break }
      let spare = 1 / targetFramesPerSecond - (clock.now() - frameStart)
      if spare > 0 { Thread.sleep(forTimeInterval: spare) }
    }
    let elapsed = max(clock.now() - start, 1e-9)
    return DemoSummary(
      frames: frames, tick: current.tick, framesPerSecond: Double(frames) / elapsed)
  }

  /// The demo action an input event asks for, if any.
  static func action(for event: InputEvent, backend: SDLBackend, frame: Frame) -> DemoAction? {
    switch event {
    case .quit: return .quit
    case .resized: return nil
    case .mouseDown(let x, let y):
      let viewport = Viewport(
        contentWidth: frame.worldWidth, contentHeight: frame.worldHeight, width: backend.width,
        height: backend.height)
      return .select(
        worldX: (Float(x) + 0.5 - viewport.offsetX) / viewport.scale,
        worldY: (Float(y) + 0.5 - viewport.offsetY) / viewport.scale)
    case .keyDown(let key):
      return action(for: key)
    }
  }

  /// The demo action a key asks for, if any.
  static func action(for key: Key) -> DemoAction? {
    switch key {
    case .escape: return .quit
    case .space: return .togglePause
    case .f1: return .toggleDebugOverlay
    case .character(let character):
      switch character {
      case "1": return .buy(.quirk)
      case "2": return .buy(.zap)
      case "3": return .buy(.munch)
      case "p": return .togglePause
      case ".": return .stepOnce
      case "+", "=": return .faster
      case "-": return .slower
      case "r": return .restart
      default: return nil
      }
    case .enter, .other: return nil
    }
  }
}
