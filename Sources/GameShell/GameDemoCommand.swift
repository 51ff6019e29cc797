import Foundation
import Frames
import Gameplay
import HeadlessRenderer
import SDLBackend
import TraitSandbox

/// `GAME demo`: plays the game in an SDL window, a click giving the first seat's input there.
struct GameDemoCommand<G: PlayableGame>: Subcommand {
  /// `--frames`: quit after this many frames.
  static var frames: Option<Int?> {
    .integer("frames", help: "Quit after n frames (1 to 10000000).", in: 1...10_000_000)
  }

  static var spec: CommandSpec {
    CommandSpec(
      name: "demo",
      abstract: "Play the game in a window (the default when no subcommand is given).",
      discussion: """
        Steps the game at its own rate and draws it at up to 60 frames a second, between its \
        last two ticks. A click gives the first seat's input at that point of the world, on \
        the next tick; Esc or closing the window quits, as do --frames and --ticks. Without a \
        display it exits 69.
        """,
      options: [GameOptions<G>.seed] + GameOptions<G>.settingOptions + [
        GameOptions<G>.ticks, frames, GameOptions<G>.threads, GameOptions<G>.record,
      ], program: G.name)
  }

  let seed: UInt64
  let settings: GameSettings
  let tickLimit: Int?
  let frameLimit: Int?
  let threads: Int
  let recordURL: URL?
  let environment: [String: String]

  init(options: ParsedOptions, invocation: Invocation) throws(CommandFailure) {
    seed = try options[GameOptions<G>.seed]
    settings = try GameOptions<G>.settings(options)
    tickLimit = try options[GameOptions<G>.ticks]
    frameLimit = try options[Self.frames]
    threads = try GameOptions<G>.threadCount(options)
    recordURL = try options[GameOptions<G>.record].map { invocation.url(of: $0) }
    if let recordURL { try LinesFile.checkDestination(recordURL, option: "--record") }
    environment = invocation.environment
  }

  func run(console: Console) throws(CommandFailure) -> Int32 {
    var game = G(seed: seed, settings: settings)
    game.threadCount = threads
    var recorder: Recorder<G>
    do {
      recorder = try Recorder(game)
    } catch {
      throw CommandFailure(
        message: "cannot snapshot the game: \(error)", exitCode: ExitCode.failure)
    }
    let frames = try GameWindow<G>.run(
      &recorder, tickLimit: tickLimit, frameLimit: frameLimit, environment: environment)
    if let recordURL { try GameOptions<G>.write(recorder.recording, to: recordURL) }
    GameOptions<G>.report(recorder.game, console: console)
    console.print("frames: \(frames)")
    if let recordURL { console.print("recording: \(recordURL.path(percentEncoded: false))") }
    return ExitCode.success
  }
}

/// A game in an SDL window: a fixed-timestep loop ("Fix Your Timestep!") that draws at up to
/// 60 frames a second, between the last two ticks, and turns clicks into the first seat's
/// inputs on the next tick, recorded.
enum GameWindow<G: PlayableGame> {
  /// The frame rate the loop draws at; the game keeps its own rate.
  static var framesPerSecond: Double { 60 }

  /// Opens a window and plays the recorder's game until Esc, the window closing, `tickLimit`
  /// ticks or `frameLimit` frames; returns the frames drawn.
  ///
  /// - Throws: `CommandFailure` with exit 69 when there is no display, or 1 when SDL fails.
  static func run(
    _ recorder: inout Recorder<G>, tickLimit: Int?, frameLimit: Int?,
    environment: [String: String]
  ) throws(CommandFailure) -> Int {
    let (session, window, backend) = try open(
      showing: recorder.game.makeFrame(), environment: environment)
    do {
      return try loop(
        &recorder, session: session, window: window, backend: backend, tickLimit: tickLimit,
        frameLimit: frameLimit)
    } catch {
      throw CommandFailure(message: error.description, exitCode: ExitCode.failure)
    }
  }

  /// Opens a window 1280 pixels wide, as tall as `frame`'s world makes it, with a renderer
  /// and the game's sprites.
  ///
  /// - Throws: `CommandFailure` with exit 69 when there is no display, 1 when the sprites
  ///   cannot be made; `SDLError` when SDL fails.
  static func open(showing frame: Frame, environment: [String: String]) throws(CommandFailure)
    -> (SDLSession, Window, SDLBackend)
  {
    if let problem = SDLSession.displayProblem(environment: environment) {
      throw CommandFailure(
        message: "\(problem); without a window, '\(G.name) run' plays headless",
        exitCode: ExitCode.unavailable)
    }
    let sprites: SpriteLibrary
    do {
      sprites = try BuiltInFont.sprites(of: G.self)
    } catch {
      throw CommandFailure(message: "cannot make the sprites: \(error)", exitCode: ExitCode.failure)
    }
    do {
      let session = try SDLSession()
      let aspect = frame.worldWidth > 0 ? Double(frame.worldHeight / frame.worldWidth) : 0.5625
      let window = try Window(
        session: session, title: G.name, width: 1280,
        height: min(max(Int((1280 * aspect).rounded()), 240), 1440))
      let renderer = try Renderer(window: window, software: false)
      return (session, window, try SDLBackend(renderer: renderer, sprites: sprites))
    } catch {
      throw CommandFailure(
        message: "cannot open the window: \(error)", exitCode: ExitCode.unavailable)
    }
  }

  private static func loop(
    _ recorder: inout Recorder<G>, session: SDLSession, window: Window, backend: SDLBackend,
    tickLimit: Int?, frameLimit: Int?
  ) throws(SDLError) -> Int {
    var timestep = FixedTimestep(fixedDeltaTime: 1 / recorder.game.ticksPerSecond)
    var clock = MonotonicClock()
    var previous = recorder.game.makeFrame()
    var current = previous
    var frames = 0
    // Inputs clicked for and not yet given: they go with the next tick.
    var clicked: [SeatInput<G.Input>] = []
    func ticksLeft() -> Int {
      tickLimit.map { max($0 - Int(recorder.game.tick), 0) } ?? Int.max
    }
    var view = GameView(controlsTime: true, clickHelp: G.clickHelp)
    while true {
      let frameStart = clock.now()
      let events = session.pollEvents()
      if events.contains(.quit) || events.contains(.keyDown(.escape)) { break }
      let shownAt = Viewport(
        world: view.shown(current), width: backend.width, height: backend.height)
      for event in events
      where !view.handle(event, worldWidth: current.worldWidth, worldHeight: current.worldHeight) {
        guard case .mouseDown(let x, let y) = event else { continue }
        let point = shownAt.worldPoint(x: x, y: y)
        if let input = recorder.game.input(forClickAt: Vector2(point.x, point.y), seat: 0) {
          clicked.append(SeatInput(seat: 0, input: input))
        }
      }
      timestep.timeScale = view.speed
      var advance = timestep.advance(with: &clock)
      if view.isPaused {
        // Time stands still while paused, and a single step runs one tick.
        timestep.reset()
        advance = (view.stepsWanted > 0 ? 1 : 0, 1)
        view.stepsWanted = 0
      }
      let steps = min(advance.steps, ticksLeft())
      if steps > 0 {
        recorder.advance(with: clicked)
        clicked = []
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
      try backend.render(view.shown(shown))
      backend.present()
      if frames % 15 == 1 || isLastFrame {
        let game = recorder.game
        window.title =
          "\(G.name), tick \(game.tick)"
          + (game.reportLines.isEmpty ? "" : ": " + game.reportLines.joined(separator: ", "))
      }
      if isLastFrame { break }
      let spare = 1 / framesPerSecond - (clock.now() - frameStart)
      if spare > 0 { Thread.sleep(forTimeInterval: spare) }
    }
    return frames
  }
}
