import BoidsArt
import BoidsGame
import Foundation
import Frames
import Gameplay
import HeadlessRenderer
import SDLBackend
import TraitSandbox

/// Watching the flock in an SDL window: a fixed-timestep loop ("Fix Your Timestep!") that
/// draws at up to 60 frames per second, interpolating between the last two ticks. A click
/// releases a hawk where it lands, on the next tick: the sky's seat's input, recorded.
enum WindowRun {
  /// The frame rate the loop draws at; the simulation keeps its own 30 ticks per second.
  static let framesPerSecond = 60.0
  /// The window's initial size: the sky's, one pixel per world unit.
  static let windowSize = (width: 1280, height: 720)

  /// Opens a window and runs the recorder's scene until Esc, the window closing, `tickLimit`
  /// ticks or `frameLimit` frames; returns the frames drawn.
  ///
  /// - Throws: `CommandFailure` with exit 69 when there is no display, or 1 when SDL fails.
  static func run(
    _ recorder: inout Recorder<BoidsScene>, tickLimit: Int?, frameLimit: Int?,
    environment: [String: String]
  ) throws(CommandFailure) -> Int {
    if let problem = SDLSession.displayProblem(environment: environment) {
      throw CommandFailure(
        message: "\(problem); without '--window', boids runs headless",
        exitCode: ExitCode.unavailable)
    }
    let session: SDLSession
    do {
      session = try SDLSession()
    } catch {
      throw CommandFailure(
        message: "cannot open the display: \(error)", exitCode: ExitCode.unavailable)
    }
    do {
      let window = try Window(
        session: session, title: "Boids", width: windowSize.width, height: windowSize.height)
      // The software renderer: under Xvfb the OpenGL one is Mesa in software, and slower.
      let renderer = try Renderer(window: window, software: true)
      let backend = try makeBackend(renderer: renderer)
      return try loop(
        &recorder, session: session, window: window, backend: backend, tickLimit: tickLimit,
        frameLimit: frameLimit)
    } catch let error as SDLError {
      throw CommandFailure(message: error.description, exitCode: ExitCode.failure)
    } catch {
      throw CommandFailure(message: "\(error)", exitCode: ExitCode.failure)
    }
  }

  /// Uploads the game's sprites, drawn in code, as the backend's atlas.
  private static func makeBackend(renderer: Renderer) throws -> SDLBackend {
    try SDLBackend(renderer: renderer, sprites: try SpriteLibrary(images: SpriteArt.images()))
  }

  private static func loop(
    _ recorder: inout Recorder<BoidsScene>, session: SDLSession, window: Window,
    backend: SDLBackend, tickLimit: Int?, frameLimit: Int?
  ) throws(SDLError) -> Int {
    var timestep = FixedTimestep(fixedDeltaTime: Double(BoidsScene.fixedDeltaTime))
    var clock = MonotonicClock()
    var previous = recorder.game.makeFrame()
    var current = previous
    var frames = 0
    // Hawks clicked for and not yet released: they join the sky on the next tick.
    var released: [SeatInput<SkyInput>] = []
    func ticksLeft() -> Int {
      tickLimit.map { max($0 - Int(recorder.game.tick), 0) } ?? Int.max
    }
    while true {
      let frameStart = clock.now()
      let events = session.pollEvents()
      if events.contains(.quit) || events.contains(.keyDown(.escape)) { break }
      let shownAt = Viewport(world: current, width: backend.width, height: backend.height)
      for case .mouseDown(let x, let y) in events {
        let point = shownAt.worldPoint(x: x, y: y)
        released.append(SeatInput(seat: 0, input: .releaseHawk(x: point.x, y: point.y)))
      }
      let advance = timestep.advance(with: &clock)
      let steps = min(advance.steps, ticksLeft())
      if steps > 0 {
        recorder.advance(with: released)
        released = []
        // Interpolation needs the frame just before the last tick, not the one before a
        // catch-up burst.
        for _ in 1..<steps { recorder.advance() }
        previous = steps > 1 ? recorder.game.makeFrame() : current
        current = recorder.game.makeFrame()
      }
      frames += 1
      let isLastFrame = (frameLimit.map { frames >= $0 } ?? false) || ticksLeft() == 0
      // The last frame is drawn exactly at its tick, as a headless picture of it would be.
      let shown =
        isLastFrame ? current : previous.interpolated(toward: current, alpha: Float(advance.alpha))
      try backend.render(shown)
      backend.present()
      if frames % 15 == 1 || isLastFrame {
        let scene = recorder.game
        window.title =
          "Boids: \(scene.boidCount) boids, \(scene.hawkCount) hawks, tick \(scene.world.tick)"
      }
      if isLastFrame { break }
      let spare = 1 / framesPerSecond - (clock.now() - frameStart)
      if spare > 0 { Thread.sleep(forTimeInterval: spare) }
    }
    return frames
  }
}
