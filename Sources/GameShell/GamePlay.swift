import Frames
import Gameplay
import SDLBackend

/// A game as its window plays it: the game and its recording, the clicks not yet given, its
/// past, the view and the figures, and the two newest frames to draw between.
struct GamePlay<G: PlayableGame> {
  /// The game, recorded.
  private(set) var recorder: Recorder<G>
  /// What the player changes besides the game.
  var view = GameView(controlsTime: true, clickHelp: G.clickHelp, keys: G.keys)
  /// The game's past, except in a replay.
  private(set) var timeline: GameTimeline<G>?
  /// What ticks and frames take.
  var figures = WindowFigures()
  /// The frames of the newest tick and the one before.
  private var previous: Frame
  private var current: Frame
  /// Inputs clicked for and not yet given: they go with the next tick.
  private var clicked: [SeatInput<G.Input>] = []
  /// The most ticks to run from the start, if limited.
  private let tickLimit: Int?
  /// The tick the window started at.
  private let startTick: UInt64
  /// A replay's inputs by the ticks run from the start, instead of clicks.
  private let replaying: ((Int) -> [SeatInput<G.Input>])?

  init(
    _ recorder: Recorder<G>, tickLimit: Int?, replaying: ((Int) -> [SeatInput<G.Input>])?
  ) {
    self.recorder = recorder
    self.tickLimit = tickLimit
    self.replaying = replaying
    startTick = recorder.game.tick
    timeline = replaying == nil ? GameTimeline(recorder.game) : nil
    previous = recorder.game.makeFrame()
    current = previous
  }

  /// The ticks left before `tickLimit`; `Int.max` without one.
  var ticksLeft: Int {
    tickLimit.map { max($0 - Int(recorder.game.tick - startTick), 0) } ?? Int.max
  }

  /// Takes the frame's events: T and the past's keys, the view's, then clicks, on a window of
  /// `width` x `height` pixels.
  mutating func take(_ events: [InputEvent], width: Int, height: Int) {
    let (rest, travel) = GameWindow<G>.takeTimelineKeys(events, timeline: &timeline)
    if let travel, let restarted = try? Recorder(travel) {
      // The recording goes on from the past the player went back to.
      recorder = restarted
      (previous, current, clicked) = (travel.makeFrame(), travel.makeFrame(), [])
    }
    let overlay = Viewport(
      contentWidth: view.canvas.width, contentHeight: view.canvas.height, width: width,
      height: height)
    var others: [InputEvent] = []
    for event in rest {
      // A click or a drag on the past's bar seeks along it.
      switch event {
      case .mouseDown(let x, let y), .mouseDragged(let x, let y):
        let point = overlay.worldPoint(x: x, y: y)
        if timeline?.isOpen == true, view.bar?.contains(x: point.x, y: point.y) == true,
          let fraction = view.barFraction(atX: point.x)
        {
          timeline?.seek(to: fraction, now: recorder.game.tick)
          continue
        }
      default: break
      }
      others.append(event)
    }
    let given = GameWindow<G>.take(
      others, view: &view, game: recorder.game, shown: current, width: width, height: height,
      seat: 0)
    if replaying == nil { clicked += given.map { SeatInput(seat: 0, input: $0) } }
  }

  /// Runs up to `steps` ticks (none while the past is shown, which plays them instead), each
  /// with its inputs, noting them in the timeline; returns how many ran.
  mutating func step(_ steps: Int) -> Int {
    if timeline?.isOpen == true {
      timeline?.play(steps, upTo: recorder.game.tick)
      return 0
    }
    let steps = min(steps, ticksLeft)
    guard steps > 0 else { return 0 }
    for step in 0..<steps {
      let tick = recorder.game.tick
      let given =
        replaying.map { $0(Int(tick - startTick)) } ?? (step == 0 ? clicked : [])
      recorder.advance(with: given)
      timeline?.record(given, ranAt: tick, then: recorder.game)
    }
    clicked = []
    // Interpolation needs the frame just before the last tick, not the one before a burst.
    previous = steps > 1 ? recorder.game.makeFrame() : current
    current = recorder.game.makeFrame()
    return steps
  }

  /// The frame to draw, `alpha` of the way from the tick before to the newest (the past
  /// instead while it is shown), with the view's overlays.
  mutating func frame(alpha: Double) -> Frame {
    let past = timeline?.shown
    let shown =
      past?.makeFrame()
      ?? (alpha >= 1 ? current : previous.interpolated(toward: current, alpha: Float(alpha)))
    let game = past ?? recorder.game
    return view.shown(
      shown, inspection: view.selection.flatMap { game.inspect($0) },
      figures: view.showsFigures
        ? figures.lines(
          tick: game.tick, ticksPerSecond: game.ticksPerSecond, speed: view.speed,
          more: game.reportLines) : [],
      banner: timeline?.line(now: recorder.game.tick, ticksPerSecond: game.ticksPerSecond)
        .nilIfEmpty,
      progress: timeline?.isOpen == true ? timeline?.fraction(now: recorder.game.tick) : nil)
  }
}
