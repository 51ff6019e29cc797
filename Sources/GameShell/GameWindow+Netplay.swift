import Frames
import Gameplay
import Netplay
import SDLBackend
import TraitSandbox

extension GameWindow {
  /// Plays `match` in a window until the player quits (Esc, or closing the window) or three
  /// seconds after it ends, the title saying how: pumps it every frame, a click giving this
  /// side's input on the next tick it decides, as `inputs` give theirs, and draws the game as
  /// it stands, `waiting` until both sides play. The host's R, and its settings file saved
  /// again (`retune` watches it), give the game's restart and retune inputs, if it has them.
  ///
  /// Returns the frames drawn and where they spent their time (`WindowFigures.summary`).
  ///
  /// - Throws: `CommandFailure` with exit 69 when there is no display or the other player has
  ///   not come within `waitSeconds`, 1 when SDL fails.
  static func play(
    _ match: NetplayMatch<G>, inputs: [Int: [G.Input]], waiting: Frame, waitSeconds: Double,
    window: WindowRequest, retune: NetplayRetune<G>? = nil
  ) throws(CommandFailure) -> (frames: Int, summary: [String]) {
    let (session, drawing) = try open(showing: waiting, request: window)
    let figures: (frames: Int, summary: [String])
    do {
      figures = try loop(
        match, inputs: inputs, waiting: waiting, waitSeconds: waitSeconds, session: session,
        drawing: drawing, announce: window.announce, retune: retune)
    } catch let failure as CommandFailure {
      match.quit()
      throw failure
    } catch {
      match.quit()
      throw CommandFailure(message: "\(error)", exitCode: ExitCode.failure)
    }
    match.peer.drain(seconds: 0.5)
    return figures
  }

  private static func loop(
    _ match: NetplayMatch<G>, inputs: [Int: [G.Input]], waiting: Frame, waitSeconds: Double,
    session: SDLSession, drawing: WindowDrawing, announce: @Sendable (String) -> Void,
    retune: NetplayRetune<G>?
  ) throws -> (frames: Int, summary: [String]) {
    var (drawing, retune) = (drawing, retune)
    var clock = MonotonicClock()
    let opened = clock.now()
    // Inputs clicked for and not yet given: they go with the next tick this side decides.
    var clicked: [G.Input] = []
    var frames = 0
    var endedAt: Double?
    var view = GameView(controlsTime: false, clickHelp: G.clickHelp, keys: G.keys)
    // The frame drawn last, which the player clicked on: a frame is made once a frame.
    var drawn = waiting
    var figures = WindowFigures()
    var lastFrame = clock.now()
    while true {
      let frameStart = clock.now()
      let events = session.pollEvents().map { $0.inPixels(of: drawing.renderer) }
      if events.contains(.quit) || events.contains(.keyDown(.escape)) {
        match.quit()
        break
      }
      endedAt = match.hasEnded ? endedAt ?? frameStart : nil
      if let endedAt, frameStart - endedAt > 3 { break }
      figures.frame(frameStart - lastFrame)
      lastFrame = frameStart
      let room = PacketCodec.maximumInputsPerTick - clicked.count
      let size = (width: drawing.renderer.width, height: drawing.renderer.height)
      clicked += localInputs(
        events, frame: frames, match: match, view: &view, shown: drawn, size: size,
        retune: &retune
      ).prefix(max(room, 0))
      if match.rollback == nil && frameStart - opened > waitSeconds {
        throw match.waitedInVain(seconds: waitSeconds).commandFailure
      }
      let ran = match.pump(now: frameStart) { tick in
        // A tick takes so many inputs; clicks beyond them wait for the next.
        let given = (inputs[Int(tick)] ?? []) + clicked
        clicked = Array(given.dropFirst(PacketCodec.maximumInputsPerTick).suffix(clicked.count))
        return Array(given.prefix(PacketCodec.maximumInputsPerTick))
      }
      let drawStart = clock.now()
      if ran > 0 { figures.tick((drawStart - frameStart) / Double(ran)) }
      let game = match.rollback?.game
      drawn = game?.makeFrame(canvas: view.canvas) ?? waiting
      let took = try show(
        shown(drawn, of: game, in: match, view: &view, figures: figures), with: &drawing,
        clock: &clock, announce: announce)
      figures.frameParts(
        draw: took.draw, present: took.present, ticks: drawStart - frameStart, ticksRun: ran)
      frames += 1
      if frames % 15 == 1 { drawing.renderer.window.title = title(match) }
      // Packets that come while the frame waits are taken at once.
      let spare = 1 / framesPerSecond - (clock.now() - frameStart)
      if spare > 0 { match.wait(seconds: spare, now: clock.now()) }
    }
    return (frames, figures.summary)
  }

  /// What this side gives with the next tick it decides: its clicks and keys, and the host's
  /// R (the game's restart input) and, every 15th `frame`, its settings file saved again (the
  /// game's retune input), as `shown` on a window of `size` pixels.
  private static func localInputs(
    _ events: [InputEvent], frame: Int, match: NetplayMatch<G>, view: inout GameView,
    shown: Frame, size: (width: Int, height: Int), retune: inout NetplayRetune<G>?
  ) -> [G.Input] {
    let game = match.rollback?.game
    var inputs = take(
      events, view: &view, game: game, shown: shown, width: size.width, height: size.height,
      seat: match.localSeat)
    inputs += restart(events, in: match, view: &view)
    if frame % 15 == 0, match.localSeat == 0, let game,
      let input = retune?.check(game, view: &view)
    {
      inputs.append(input)
    }
    return inputs
  }

  /// The host's R: the game's restart input, for a game that takes restarts as inputs, which
  /// starts both sides' games again; the help says so.
  private static func restart(
    _ events: [InputEvent], in match: NetplayMatch<G>, view: inout GameView
  ) -> [G.Input] {
    guard match.localSeat == 0, let input = match.rollback?.game.restartInput else { return [] }
    view.restartHelp = "start again, on both sides"
    return events.contains(.keyDown(.character("r"))) ? [input] : []
  }

  /// `drawn`, the frame of `game` where `match` stands, with the view's overlays: the
  /// inspector, F1's figures and graph, the match's notice.
  private static func shown(
    _ drawn: Frame, of game: G?, in match: NetplayMatch<G>, view: inout GameView,
    figures: WindowFigures
  ) -> Frame {
    view.shown(
      drawn, inspection: view.selection.flatMap { game?.inspect($0) },
      figures: view.showsFigures
        ? figures.lines(
          tick: game?.tick ?? 0, ticksPerSecond: game?.ticksPerSecond ?? 0, speed: 1,
          more: match.figures + FiguresPanel.timeLines(game?.steppedWorld?.lastTickTimes ?? []))
        : [],
      graph: view.showsFigures ? figures.graph(framesPerSecond: framesPerSecond) : nil,
      banner: match.notice, player: game?.playerLines(seat: match.localSeat) ?? [],
      keptInSight: game?.keptInSight(seat: match.localSeat) ?? [])
  }

  /// Where the match stands, for the window's title.
  private static func title(_ match: NetplayMatch<G>) -> String {
    switch match.phase {
    case .waitingForGuest: "\(G.name): waiting for the other player (code \(match.code))"
    case .joining: "\(G.name): joining"
    case .ended(let ending): "\(G.name): \(ending)"
    case .playing:
      "\(G.name), seat \(match.localSeat + 1), tick \(match.rollback?.tick ?? 0)"
        + (match.notice.map { ": " + $0 } ?? "")
        + ((match.rollback?.game.reportLines).map {
          $0.isEmpty ? "" : ": " + $0.joined(separator: ", ")
        } ?? "")
    }
  }
}

extension GameWindow {
  /// Shows `spectator`'s view of the host's match until the viewer quits (Esc, or closing the
  /// window) or three seconds after it ends, the title saying where it stands: pumps it every
  /// frame and draws the game as it stands, `waiting` until the host's state has come. The
  /// view pans, zooms and inspects as in any window; a spectator gives no inputs.
  ///
  /// - Throws: `CommandFailure` with exit 69 when there is no display or the host has let
  ///   nothing be watched within `waitSeconds`, 1 when SDL fails.
  static func watch(
    _ spectator: NetplaySpectator<G>, waiting: Frame, waitSeconds: Double,
    window: WindowRequest
  ) throws(CommandFailure) {
    let (session, opened) = try open(showing: waiting, request: window)
    var drawing = opened
    var clock = MonotonicClock()
    let openedAt = clock.now()
    var view = GameView(controlsTime: false, clickHelp: "nothing: a spectator", keys: [])
    var drawn = waiting
    var endedAt: Double?
    var frames = 0
    do {
      while true {
        let frameStart = clock.now()
        let events = session.pollEvents().map { $0.inPixels(of: drawing.renderer) }
        if events.contains(.quit) || events.contains(.keyDown(.escape)) { break }
        if spectator.hasEnded {
          endedAt = endedAt ?? frameStart
          if let endedAt, frameStart - endedAt > 3 { break }
        }
        if spectator.phase == .joining && frameStart - openedAt > waitSeconds {
          throw CommandFailure(
            message: "the host let this spectator watch nothing within \(Int(waitSeconds)) s",
            exitCode: ExitCode.unavailable)
        }
        _ = take(
          events, view: &view, game: nil, shown: drawn, width: drawing.renderer.width,
          height: drawing.renderer.height, seat: 0)
        spectator.pump(now: frameStart)
        let game = spectator.game
        drawn = game?.makeFrame(canvas: view.canvas) ?? waiting
        let behind = spectator.ticksBehind
        _ = try show(
          view.shown(
            drawn, inspection: view.selection.flatMap { game?.inspect($0) },
            banner: behind > 30 ? "catching up: \(behind) ticks behind" : nil,
            player: game?.playerLines(seat: nil) ?? []),
          with: &drawing, clock: &clock, announce: window.announce)
        frames += 1
        if frames % 15 == 1 {
          drawing.renderer.window.title =
            switch spectator.phase {
            case .joining: "\(G.name): asking the host to watch"
            case .watching: "\(G.name), watching, tick \(spectator.tick)"
            case .ended(let ending): "\(G.name): \(ending)"
            }
        }
        let spare = 1 / framesPerSecond - (clock.now() - frameStart)
        if spare > 0 { spectator.wait(seconds: spare) }
      }
    } catch let failure as CommandFailure {
      spectator.quit()
      throw failure
    } catch {
      spectator.quit()
      throw CommandFailure(message: "\(error)", exitCode: ExitCode.failure)
    }
    spectator.quit()
  }
}

extension NetplayError {
  /// The failure a command ends with: exit 64 for what the player typed, 69 for the rest.
  var commandFailure: CommandFailure {
    isUsage
      ? .usage(description) : CommandFailure(message: description, exitCode: ExitCode.unavailable)
  }
}
