import Foundation
import Frames
import Gameplay
import HeadlessRenderer
import Imaging
import SDLBackend
import TraitSandbox

/// A game in an SDL window: a fixed-timestep loop ("Fix Your Timestep!") that draws at up to
/// 60 frames a second, between the last two ticks, and turns clicks into the first seat's
/// inputs on the next tick, recorded. The game steps on a thread of its own while the frame of
/// the ticks before is drawn.
enum GameWindow<G: PlayableGame> {
  /// The frame rate the loop draws at; the game keeps its own rate.
  static var framesPerSecond: Double { 60 }

  /// Opens a window and plays the recorder's game until Esc, the window closing, `tickLimit`
  /// ticks or `frameLimit` frames; returns the frames drawn and where they spent their time
  /// (`WindowFigures.summary`). With `replaying`, each tick takes
  /// the inputs it gives for the ticks run so far, and clicks do nothing; R plays it again.
  /// Otherwise R starts the game again as `restart` says, which also watches the settings
  /// file if it has one.
  ///
  /// - Throws: `CommandFailure` with exit 69 when there is no display, or 1 when SDL fails.
  static func run(
    _ recorder: inout Recorder<G>, tickLimit: Int?, frameLimit: Int?, window: WindowRequest,
    replaying: ((Int) -> [SeatInput<G.Input>])? = nil, restart: GameRestart<G>? = nil
  ) throws(CommandFailure) -> (frames: Int, summary: [String]) {
    let first = recorder.game.makeFrame()
    let (session, drawing) = try open(showing: first, request: window)
    let camera = CameraOptions.camera(
      zoom: window.zoom, center: window.center, arena: (first.worldWidth, first.worldHeight))
    let ended: (frames: Int, summary: [String], picture: Image?)
    do {
      ended = try loop(
        &recorder, session: session, drawing: drawing, announce: window.announce,
        tickLimit: tickLimit, frameLimit: frameLimit, replaying: replaying, restart: restart,
        takesPicture: window.screenshot != nil, camera: camera, seat: window.seat)
    } catch {
      throw CommandFailure(message: error.description, exitCode: ExitCode.failure)
    }
    guard let url = window.screenshot else { return (ended.frames, ended.summary) }
    guard let picture = ended.picture else {
      return (ended.frames, ended.summary + ["screenshot: none, the window drew no frame"])
    }
    try PictureFile.write(picture, to: url)
    return (ended.frames, ended.summary + ["screenshot: \(url.path(percentEncoded: false))"])
  }

  /// Opens a window 1280 units wide, as tall as `frame`'s world makes it, drawing the way
  /// `request` asks (the GPU, the CPU, or timing both), with the game's sprites.
  ///
  /// - Throws: `CommandFailure` with exit 69 when there is no display (none set, or one SDL
  ///   cannot reach), 1 when the sprites cannot be made or `--renderer gpu` finds no GPU
  ///   renderer.
  static func open(
    showing frame: Frame, request: WindowRequest
  ) throws(CommandFailure) -> (SDLSession, WindowDrawing) {
    if let problem = SDLSession.displayProblem(environment: request.environment) {
      throw CommandFailure(
        message: "\(problem); without a window, '\(G.programName) run' plays headless",
        exitCode: ExitCode.unavailable)
    }
    let sprites = try GameOptions<G>.sprites(in: request.invocation)
    // The driver the command's environment asks for, if any (SDL would read the process's).
    let driver = request.environment["SDL_VIDEODRIVER"].flatMap { $0.isEmpty ? nil : $0 }
    let session: SDLSession
    do {
      session = try SDLSession(videoDriver: driver)
    } catch {
      throw CommandFailure(
        message: "no display available: \(error)", exitCode: ExitCode.unavailable)
    }
    if let problem = SDLSession.windowlessDriverProblem(
      session.videoDriver, requested: driver)
    {
      throw CommandFailure(message: problem, exitCode: ExitCode.unavailable)
    }
    let aspect = frame.worldWidth > 0 ? Double(frame.worldHeight / frame.worldWidth) : 0.5625
    do {
      let paths = try DrawingPaths.make(
        session: session,
        request: DrawingPaths.Request(
          title: G.name, width: request.size?.width ?? 1280,
          height: request.size?.height ?? min(max(Int((1280 * aspect).rounded()), 240), 1440),
          sprites: sprites, choice: request.renderer, announce: request.announce))
      return (session, WindowDrawing(paths))
    } catch let error as RendererUnavailable {
      throw CommandFailure(message: error.description, exitCode: ExitCode.failure)
    } catch {
      throw CommandFailure(
        message: "cannot open the window: \(error)", exitCode: ExitCode.unavailable)
    }
  }

  /// Draws `frame` the way `drawing` draws now and shows it, its instances `alpha` of the way
  /// from their partners in `pairing`, if given; while the ways are timed, counts the frame's
  /// cost, and tells `announce` which way was kept when the timing ends. Returns the seconds
  /// drawing and presenting took.
  static func show(
    _ frame: Frame, pairedWith pairing: InstancePairing? = nil, alpha: Float = 1,
    with drawing: inout WindowDrawing, clock: inout MonotonicClock,
    announce: @Sendable (String) -> Void
  ) throws(SDLError) -> (draw: Double, present: Double) {
    let drawStart = clock.now()
    try drawing.renderer.render(frame, pairedWith: pairing, alpha: alpha)
    let presentStart = clock.now()
    drawing.renderer.present()
    let end = clock.now()
    if drawing.isTiming, let kept = drawing.record(seconds: end - drawStart) { announce(kept) }
    return (presentStart - drawStart, end - presentStart)
  }

  /// The frame loop. The game steps on a thread of its own (`SteppedPlay`) while this one
  /// draws the frame of the ticks before, so a frame costs the longer of the two instead of
  /// their sum, and the picture is a frame behind the game. The view starts through `camera`
  /// (the whole world for `nil`); with `takesPicture`, returns the picture of the last frame
  /// drawn.
  private static func loop(
    _ recorder: inout Recorder<G>, session: SDLSession, drawing: WindowDrawing,
    announce: @Sendable (String) -> Void, tickLimit: Int?, frameLimit: Int?,
    replaying: ((Int) -> [SeatInput<G.Input>])?, restart: GameRestart<G>?, takesPicture: Bool,
    camera: Camera?, seat: Int?
  ) throws(SDLError) -> (frames: Int, summary: [String], picture: Image?) {
    var drawing = drawing
    let window = drawing.renderer.window  // every way of drawing draws into it
    var pacing = WindowPacing(ticksPerSecond: recorder.game.ticksPerSecond)
    let stepped = SteppedPlay(GamePlay(recorder, tickLimit: tickLimit, replaying: replaying))
    // The step under way, if any, ends before the recording is read, whatever ends the loop.
    defer {
      stepped.wait()
      recorder = stepped.play.recorder
    }
    var restart = restart
    prepare(&stepped.play, restart: restart, camera: camera, seat: replaying == nil ? seat : nil)
    var state = LoopState(now: pacing.now())
    while true {
      let frameStart = pacing.now()
      guard
        let events = try state.events(
          session, stepped, at: frameStart, frameLimit: frameLimit, drawing: &drawing,
          clock: &pacing.clock, announce: announce)
      else { continue }
      if events.contains(.quit) || events.contains(.keyDown(.escape)) { break }
      // The step started last frame is done: the play is this thread's until the next starts.
      state.takeBack(stepped.wait(), into: &stepped.play, at: frameStart)
      stepped.play.take(events, width: drawing.renderer.width, height: drawing.renderer.height)
      // A replay, which has no restart, takes its R itself.
      restart?.take(events, frame: state.frames, &stepped.play)
      let advance = pacing.advance(
        &stepped.play, at: frameStart, framesPerSecond: framesPerSecond)
      state.frames += 1
      let isFrameLimit = frameLimit.map { state.frames >= $0 } ?? false
      // The last frame shows the ticks it grants, as every frame did before it.
      let last = isFrameLimit ? stepped.run(advance.steps) : nil
      let isLastFrame = isFrameLimit || stepped.play.ticksLeft == 0
      let composition = stepped.play.composition(alpha: isLastFrame ? 1 : state.shownAlpha)
      let shown = composition.shown(through: &stepped.play.view)
      if state.frames % 15 == 1 || isLastFrame {
        window.title = title(of: stepped.play.recorder.game)
      }
      if !isLastFrame { state.start(advance.steps, of: stepped, showing: composition) }
      state.shownAlpha = advance.alpha
      try state.show(shown, with: &drawing, clock: &pacing.clock, announce: announce)
      if isLastFrame {
        stepped.play.figures.count(frame: nil, drawn: state.drawn, step: last)
        break
      }
      let spare = 1 / framesPerSecond - (pacing.now() - frameStart)
      if spare > 0 { Thread.sleep(forTimeInterval: spare) }
    }
    let picture = takesPicture ? try picture(of: state.lastShown, drawnWith: drawing) : nil
    // A step still under way (the window closed meanwhile) ends before the figures are read.
    stepped.wait()
    stepped.play.figures.gpuCalls = state.gpuCalls
    return (state.frames, stepped.play.figures.summary, picture)
  }

  /// Readies `play`'s view: the settings file watched and what R does as `restart` has them
  /// (a replay, which has none, plays again), the view through `camera`, the player at `seat`
  /// (`nil` in a replay, or for one who watches).
  private static func prepare(
    _ play: inout GamePlay<G>, restart: GameRestart<G>?, camera: Camera?, seat: Int?
  ) {
    play.view.settingsFile = restart?.file?.path
    play.view.restartHelp =
      restart == nil
      ? "play the replay again from its start"
      : "start again (the same seed, the newest settings)"
    play.view.look(through: camera)
    play.seat = seat
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
          } else {
            view.selection = shown.entity(atX: point.x, y: point.y)
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

/// What a window is opened with: the environment it looks for a display in, the way it draws,
/// and where it says which way it took (and which it kept, after timing two).
struct WindowRequest: Sendable {
  /// What the command was started with: where the game finds its files.
  var invocation: Invocation
  /// The process's environment.
  var environment: [String: String] { invocation.environment }
  /// The way to draw (`--renderer`).
  var renderer: RendererChoice = .auto
  /// The window's size in pixels (`--size`); 1280 wide, as tall as the world's shape makes
  /// it, when not given.
  var size: OutputSize?
  /// Where the picture of the last frame drawn goes (`--screenshot`), if anywhere.
  var screenshot: URL?
  /// How much closer than the whole world the window starts, and where (`--zoom`, `--center`).
  var zoom: Float = 1
  var center: WorldPoint?
  /// The seat the player holds; `nil` for one who watches (`--autoplay`).
  var seat: Int? = 0
  /// Told which way the window draws and why.
  var announce: @Sendable (String) -> Void = { _ in }
}
