import Foundation
import Frames
import Gameplay
import HeadlessRenderer
import SDLBackend
import TraitSandbox

/// A game in an SDL window: a fixed-timestep loop ("Fix Your Timestep!") that draws at up to
/// 60 frames a second, between the last two ticks, and turns clicks into the first seat's
/// inputs on the next tick, recorded.
enum GameWindow<G: PlayableGame> {
  /// The frame rate the loop draws at; the game keeps its own rate.
  static var framesPerSecond: Double { 60 }

  /// Opens a window and plays the recorder's game until Esc, the window closing, `tickLimit`
  /// ticks or `frameLimit` frames; returns the frames drawn. With `replaying`, each tick takes
  /// the inputs it gives for the ticks run so far, and clicks do nothing.
  ///
  /// - Throws: `CommandFailure` with exit 69 when there is no display, or 1 when SDL fails.
  static func run(
    _ recorder: inout Recorder<G>, tickLimit: Int?, frameLimit: Int?,
    environment: [String: String], replaying: ((Int) -> [SeatInput<G.Input>])? = nil,
    reload: SettingsReload<G>? = nil
  ) throws(CommandFailure) -> Int {
    let (session, window, backend) = try open(
      showing: recorder.game.makeFrame(), environment: environment)
    do {
      return try loop(
        &recorder, session: session, window: window, backend: backend, tickLimit: tickLimit,
        frameLimit: frameLimit, replaying: replaying, reload: reload)
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
    tickLimit: Int?, frameLimit: Int?, replaying: ((Int) -> [SeatInput<G.Input>])?,
    reload: SettingsReload<G>?
  ) throws(SDLError) -> Int {
    var timestep = FixedTimestep(fixedDeltaTime: 1 / recorder.game.ticksPerSecond)
    var clock = MonotonicClock()
    var play = GamePlay(recorder, tickLimit: tickLimit, replaying: replaying)
    defer { recorder = play.recorder }
    var frames = 0
    var lastFrame = clock.now()
    var rate = ClockRate()
    var reload = reload
    play.view.settingsFile = reload?.file.path
    while true {
      let frameStart = clock.now()
      play.figures.frame(frameStart - lastFrame)
      lastFrame = frameStart
      let events = session.pollEvents()
      if events.contains(.quit) || events.contains(.keyDown(.escape)) { break }
      play.take(events, width: backend.width, height: backend.height)
      // A quarter of a second apart: a stat each time, a read only when the file changed.
      if frames % 15 == 0 { reload?.check(&play) }
      timestep.timeScale = play.view.speed
      // As many ticks as fit in most of a frame: a game too slow for the speed asked for runs
      // its clock slower instead of falling ever further behind, and the window says so.
      let fits = 0.8 / framesPerSecond / max(play.figures.tickSeconds, 1e-6)
      let dropped = timestep.droppedTime
      var advance = timestep.advance(with: &clock, maximumSteps: max(Int(fits), 1))
      rate.record(
        at: frameStart, wanted: play.figures.lastFrameSeconds * timestep.timeScale,
        dropped: timestep.droppedTime - dropped)
      let shown = rate.shown(for: play.view.speed)
      play.view.behindSpeed = shown.isFallingBehind ? shown.speed : nil
      if play.view.isPaused && play.timeline?.isOpen != true && play.seekTarget == nil {
        // Time stands still while paused, and a single step runs one tick.
        timestep.reset()
        advance = (play.view.stepsWanted > 0 ? 1 : 0, 1)
        play.view.stepsWanted = 0
      }
      let tickStart = clock.now()
      let ran = play.step(advance.steps)
      let drawStart = clock.now()
      if ran > 0 { play.figures.tick((drawStart - tickStart) / Double(ran)) }
      frames += 1
      let isLastFrame = (frameLimit.map { frames >= $0 } ?? false) || play.ticksLeft == 0
      try backend.render(play.frame(alpha: isLastFrame ? 1 : advance.alpha))
      let presentStart = clock.now()
      backend.present()
      play.figures.frameParts(
        draw: presentStart - drawStart, present: clock.now() - presentStart,
        ticks: drawStart - tickStart)
      if frames % 15 == 1 || isLastFrame { window.title = title(of: play.recorder.game) }
      if isLastFrame { break }
      let spare = 1 / framesPerSecond - (clock.now() - frameStart)
      if spare > 0 { Thread.sleep(forTimeInterval: spare) }
    }
    return frames
  }

  /// Gives `view` the keys, the wheel and the minimap's clicks among `events`, and returns the
  /// inputs their clicks and the game's keys give the player at `seat` in `game` (none before
  /// there is a game), on `shown` as the window of `width` x `height` pixels draws it.
  static func take(
    _ events: [InputEvent], view: inout GameView, game: G?, shown: Frame, width: Int, height: Int,
    seat: Int
  ) -> [G.Input] {
    let (worldWidth, worldHeight) = (shown.worldWidth, shown.worldHeight)
    view.canvas = .fitting(width: width, height: height)
    let overlay = Viewport(
      contentWidth: view.canvas.width, contentHeight: view.canvas.height, width: width,
      height: height)
    var inputs: [G.Input] = []
    for event in events {
      // Only the camera places the world; the overlays (a minimap's cells) are not made here.
      var placed = shown
      placed.camera = view.camera ?? shown.camera
      let shownAt = Viewport(world: placed, width: width, height: height)
      let focus = view.selection.flatMap { shown.place(of: $0) }.map { ($0.x, $0.y) }
      if view.handle(event, worldWidth: worldWidth, worldHeight: worldHeight, focus: focus) {
        continue
      }
      switch event {
      case .wheel(let steps, let x, let y):
        let point = overlay.worldPoint(x: x, y: y)
        if view.inspector?.contains(x: point.x, y: point.y) == true {
          view.scrollInspector(by: -3 * steps)
        } else {
          view.zoom(
            by: steps > 0 ? 2 : 0.5, toward: shownAt.worldPoint(x: x, y: y), width: worldWidth,
            height: worldHeight)
        }
      case .mouseDown(let x, let y), .mouseDragged(let x, let y):
        let onOverlay = overlay.worldPoint(x: x, y: y)
        if view.camera != nil, let minimap = view.minimap,
          let point = Minimap.worldPoint(
            overlayX: onOverlay.x, overlayY: onOverlay.y, origin: (minimap.x, minimap.y),
            worldWidth: worldWidth, worldHeight: worldHeight)
        {
          view.look(at: point, width: worldWidth, height: worldHeight)
        } else if case .mouseDown = event {
          let point = shownAt.worldPoint(x: x, y: y)
          if let input = game?.input(forClickAt: Vector2(point.x, point.y), seat: seat) {
            inputs.append(input)
          }
        }
      case .rightMouseDown(let x, let y):
        let point = shownAt.worldPoint(x: x, y: y)
        view.selection = shown.entity(atX: point.x, y: point.y)
      case .keyDown(.character(let key)) where G.keys.contains(where: { $0.key == key }):
        if let input = game?.input(forKey: key, seat: seat) { inputs.append(input) }
      default: break
      }
    }
    return inputs
  }

  /// Gives `timeline` T and, while it is open, the keys that move through the past; returns
  /// the other events, and the game to go on from if the player went back to one.
  static func takeTimelineKeys(
    _ events: [InputEvent], timeline: inout GameTimeline<G>?
  ) -> (rest: [InputEvent], travel: G?) {
    guard timeline != nil else { return (events, nil) }
    var rest: [InputEvent] = []
    var travel: G?
    for event in events {
      switch event {
      case .keyDown(.character("t")): timeline?.toggle()
      case .keyDown(.left), .keyDown(.right), .keyDown(.up), .keyDown(.down), .keyDown(.space),
        .keyDown(.enter):
        guard timeline?.isOpen == true else {
          rest.append(event)
          continue
        }
        travel = timeline?.handle(event) ?? travel
      default: rest.append(event)
      }
    }
    return (rest, travel)
  }

  /// The window's title: the game, its tick and its report's lines.
  static func title(of game: G) -> String {
    "\(G.name), tick \(game.tick)"
      + (game.reportLines.isEmpty ? "" : ": " + game.reportLines.joined(separator: ", "))
  }
}
