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
  /// `current`'s instances paired with `previous`'s, when `previous` is the frame of the tick
  /// before: what drawing between them needs, found once a step rather than once a frame.
  private var pairing: InstancePairing?
  /// Inputs clicked for and not yet given: they go with the next tick.
  private var clicked: [SeatInput<G.Input>] = []
  /// The most ticks to run from the start, if limited.
  private let tickLimit: Int?
  /// The ticks run from the start (a time travel back takes them back; a restart the game
  /// takes as an input does not).
  private(set) var ticksRun = 0
  /// A replay's inputs by the ticks run from the start, instead of clicks.
  private let replaying: ((Int) -> [SeatInput<G.Input>])?
  /// The game a replay starts from, to play it again from there when the player seeks back.
  private let replayStart: G?
  /// The ticks from the start a seek in a replay runs to, while it does.
  private(set) var seekTarget: Int?
  /// What is wrong with the settings file, shown until it is fixed.
  var settingsProblem: String?
  /// The seat whose inputs the player's clicks and keys give; `nil` for a player who watches,
  /// whose clicks and keys give none (and the help lists none).
  var seat: Int? = 0 {
    didSet {
      view.clickHelp = seat == nil ? "nothing: you are watching" : G.clickHelp
      view.keys = seat == nil ? [] : G.keys
    }
  }

  /// The ticks a step runs while seeking, whatever the clock grants.
  static var seekTicksPerStep: Int { 60 }

  init(
    _ recorder: Recorder<G>, tickLimit: Int?, replaying: ((Int) -> [SeatInput<G.Input>])?
  ) {
    self.recorder = recorder
    self.tickLimit = tickLimit
    self.replaying = replaying
    replayStart = replaying == nil ? nil : recorder.game
    timeline = replaying == nil ? GameTimeline(recorder.game) : nil
    previous = recorder.game.makeFrame(canvas: view.canvas)
    current = previous
  }

  /// Plays `recorder`'s game from its start instead, as a new game with its own past, keeping
  /// the view (the camera, the speed, the panels open) but not the selection, an entity of
  /// the game before.
  mutating func restart(with recorder: Recorder<G>) {
    var restarted = GamePlay(recorder, tickLimit: tickLimit, replaying: nil)
    restarted.view = view
    restarted.seat = seat
    restarted.view.forgetSelection()
    restarted.figures = figures
    self = restarted
  }

  /// Plays on from `game` (the past the player went back to, the game retuned), the
  /// recording going on from there; returns whether it could start there.
  @discardableResult
  mutating func goOn(from game: G) -> Bool {
    guard let restarted = try? Recorder(game) else { return false }
    ticksRun = max(ticksRun + Int(game.tick) - Int(recorder.game.tick), 0)
    recorder = restarted
    let frame = game.makeFrame(canvas: view.canvas)
    (previous, current, pairing, clicked) = (frame, frame, nil, [])
    return true
  }

  /// Gives `input` with the next tick, as a click would: a restart or new settings the game
  /// takes as an input of the first seat.
  mutating func give(_ input: SeatInput<G.Input>) {
    if replaying == nil { clicked.append(input) }
  }

  /// The ticks left before `tickLimit`; `Int.max` without one.
  var ticksLeft: Int {
    tickLimit.map { max($0 - ticksRun, 0) } ?? Int.max
  }

  /// Takes the frame's events: T and the past's keys, the view's, then clicks, on a window of
  /// `width` x `height` pixels.
  mutating func take(_ events: [InputEvent], width: Int, height: Int) {
    let (rest, travel) = GameWindow<G>.takeTimelineKeys(events, timeline: &timeline)
    if let travel { goOn(from: travel) }
    if replaying != nil && rest.contains(.keyDown(.character("r"))) { seekReplay(to: 0) }
    let overlay = Viewport(
      contentWidth: view.canvas.width, contentHeight: view.canvas.height, width: width,
      height: height)
    var others: [InputEvent] = []
    for event in rest {
      // A click or a drag on the bar (the past's, or a replay's) seeks along it.
      switch event {
      case .mouseDown(let x, let y), .mouseDragged(let x, let y):
        let point = overlay.worldPoint(x: x, y: y)
        if view.bar?.contains(x: point.x, y: point.y) == true,
          let fraction = view.barFraction(atX: point.x)
        {
          if timeline?.isOpen == true {
            timeline?.seek(to: fraction, now: recorder.game.tick)
          } else {
            seekReplay(to: fraction)
          }
          continue
        }
      default: break
      }
      others.append(event)
    }
    let given = GameWindow<G>.take(
      others, view: &view, game: recorder.game, shown: current, width: width, height: height,
      seat: seat ?? 0)
    if replaying == nil, let seat { clicked += given.map { SeatInput(seat: seat, input: $0) } }
  }

  /// The ticks a replay has played from its start, and how many it has, when this is one.
  var replayProgress: (played: Int, total: Int)? {
    guard replaying != nil, let tickLimit else { return nil }
    return (ticksRun, tickLimit)
  }

  /// Seeks the replay to `fraction` of its ticks: on by playing them as fast as the game
  /// goes, back by playing it again from its start.
  mutating func seekReplay(to fraction: Float) {
    guard let progress = replayProgress, let replayStart else { return }
    let target = Int((Float(progress.total) * min(max(fraction, 0), 1)).rounded())
    if target < progress.played, let again = try? Recorder(replayStart) {
      recorder = again
      ticksRun = 0
      previous = replayStart.makeFrame(canvas: view.canvas)
      current = previous
      pairing = nil
    }
    seekTarget = target > ticksRun ? target : nil
  }

  /// Runs up to `steps` ticks (none while the past is shown, which plays them instead), each
  /// with its inputs, noting them in the timeline; returns how many ran. While a replay
  /// seeks, as many as it takes to get there, up to `seekTicksPerStep` a step.
  mutating func step(_ steps: Int) -> Int {
    if timeline?.isOpen == true {
      timeline?.play(steps, upTo: recorder.game.tick)
      return 0
    }
    var steps = steps
    if let seekTarget {
      let played = ticksRun
      steps = min(max(steps, Self.seekTicksPerStep), seekTarget - played)
      if played + steps >= seekTarget { self.seekTarget = nil }
    }
    steps = min(steps, ticksLeft)
    guard steps > 0 else { return 0 }
    var restarted = false
    for step in 0..<steps {
      let tick = recorder.game.tick
      let given = replaying.map { $0(ticksRun) } ?? (step == 0 ? clicked : [])
      recorder.advance(with: given)
      ticksRun += 1
      if recorder.game.tick > tick {
        timeline?.record(given, ranAt: tick, then: recorder.game)
      } else {
        // The game started again (an input it takes as a restart): its past starts anew.
        restarted = true
        if timeline != nil { timeline = GameTimeline(recorder.game) }
      }
    }
    clicked = []
    // Interpolation needs the frame just before the last tick, not the one before a burst.
    previous = steps > 1 ? recorder.game.makeFrame(canvas: view.canvas) : current
    current = recorder.game.makeFrame(canvas: view.canvas)
    pairing =
      steps == 1 && !restarted
      ? InstancePairing(
        from: previous.instances, to: current.instances, threads: recorder.game.threadCount)
      : nil
    return steps
  }

  /// The frame to draw (the past instead while it is shown), with the view's overlays, and
  /// what drawing it `alpha` of the way from the tick before to the newest needs: the pairing
  /// of its instances with that tick's, if there is one to draw from.
  mutating func frame(alpha: Double) -> (frame: Frame, pairing: InstancePairing?, alpha: Float) {
    let composition = self.composition(alpha: alpha)
    return (composition.drawn(through: &view), composition.pairing, composition.alpha)
  }

  /// What `frame(alpha:)` draws, before the view's overlays: the frame, its pairing and
  /// alpha, and what the game and the window say over it. The window draws it again through
  /// a copy of the view while a step runs longer than a frame.
  mutating func composition(alpha: Double) -> WindowComposition {
    let past = timeline?.shown
    let shown = past?.makeFrame(canvas: view.canvas) ?? current
    let game = past ?? recorder.game
    let paired = past == nil && alpha < 1 ? pairing : nil
    return WindowComposition(
      frame: shown, pairing: paired, alpha: paired == nil ? 1 : Float(alpha),
      inspection: view.selection.flatMap { game.inspect($0) },
      figures: view.showsFigures
        ? figures.lines(
          tick: game.tick, ticksPerSecond: game.ticksPerSecond, speed: view.speed,
          more: game.reportLines
            + FiguresPanel.timeLines(game.steppedWorld?.lastTickTimes ?? [])) : [],
      graph: view.showsFigures
        ? figures.graph(framesPerSecond: GameWindow<G>.framesPerSecond) : nil,
      banner: settingsProblem
        ?? timeline?.line(now: recorder.game.tick, ticksPerSecond: game.ticksPerSecond)
        .nilIfEmpty ?? replayLine(ticksPerSecond: game.ticksPerSecond) ?? endLine(of: game),
      progress: timeline?.isOpen == true
        ? timeline?.fraction(now: recorder.game.tick)
        : replayProgress.map { Float($0.played) / Float(max($0.total, 1)) },
      player: game.playerLines(seat: replaying == nil ? seat : nil),
      keptInSight: game.keptInSight(seat: replaying == nil ? seat : nil))
  }

  /// What the line says once `game` is over, where R starts it again: how it came out.
  private func endLine(of game: G) -> String? {
    guard game.isOver, replaying == nil, view.restartHelp != nil else { return nil }
    return "over" + (game.outcome.map { ": \($0)" } ?? "") + "  R: play again"
  }

  /// What a replay's line says: how far it has played of how long it is, and how to seek.
  private func replayLine(ticksPerSecond: Double) -> String? {
    guard let progress = replayProgress else { return nil }
    func seconds(_ ticks: Int) -> String {
      let whole = Int((Double(ticks) / max(ticksPerSecond, 1)).rounded(.down))
      return "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60)"
    }
    return "replay: \(seconds(progress.played)) of \(seconds(progress.total))"
      + (seekTarget.map { " (seeking to \(seconds($0)))" } ?? "") + "  click the bar: seek"
  }
}
