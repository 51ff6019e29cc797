import Foundation
import Frames
import HeadlessRenderer
import Imaging
import SDLBackend
import TraitSandbox

/// The frame loop's state and what it does between the game's steps: taking the window's
/// events, and drawing the last frame again while a step runs longer than a frame.
extension GameWindow {

  /// What the frame loop keeps from frame to frame, on the main thread.
  struct LoopState {
    /// Frames drawn so far.
    var frames = 0
    /// When the last frame began.
    var lastFrame: Double
    /// How far between its last two ticks the next frame is drawn.
    var shownAlpha = 1.0
    /// What drawing and presenting the last frame took.
    var drawn: (draw: Double, present: Double)?
    /// The last frame shown, for the screenshot.
    var lastShown: (frame: Frame, pairing: InstancePairing?, alpha: Float)?
    /// Events that wait for the step under way.
    var pending: [InputEvent] = []
    /// While a step runs longer than a frame: the view this thread draws the last frame again
    /// through, which takes the view's keys meanwhile, the frame, and the frames drawn.
    var during: (view: GameView, composition: WindowComposition, frames: [FrameDrawn])?
    /// What the GPU path's calls took, frame by frame: this thread's, as the drawing is.
    var gpuCalls = GPUCallCost()

    /// A loop whose first frame begins at `now`.
    init(now: Double) {
      lastFrame = now
    }

    /// Starts `steps` ticks of `stepped`'s play on its thread, keeping a copy of its view and
    /// the frame `composition` to draw again while they run (not while the past is shown).
    mutating func start(
      _ steps: Int, of stepped: SteppedPlay<G>, showing composition: WindowComposition
    ) {
      during = stepped.play.timeline?.isOpen == true ? nil : (stepped.play.view, composition, [])
      stepped.start(steps)
    }

    /// The events of the frame starting at `frameStart` once `stepped`'s step is done; `nil`
    /// while it runs on past the frame's time, the frame then the last drawn again
    /// (`redrawWhileStepping`).
    mutating func events(
      _ session: SDLSession, _ stepped: SteppedPlay<G>, at frameStart: Double, frameLimit: Int?,
      drawing: inout WindowDrawing, clock: inout MonotonicClock,
      announce: @Sendable (String) -> Void
    ) throws(SDLError) -> [InputEvent]? {
      if let events = nextEvents(
        session, drawing, stepped, pending: &pending, due: lastFrame + 1 / framesPerSecond,
        clock: clock)
      {
        return events
      }
      try redrawWhileStepping(
        at: frameStart, frameLimit: frameLimit, drawing: &drawing, clock: &clock,
        announce: announce)
      return nil
    }

    /// Draws the last frame again, the frame starting at `frameStart`, while a step runs on;
    /// the last frame `frameLimit` allows waits for the step instead, to show its ticks.
    mutating func redrawWhileStepping(
      at frameStart: Double, frameLimit: Int?, drawing: inout WindowDrawing,
      clock: inout MonotonicClock, announce: @Sendable (String) -> Void
    ) throws(SDLError) {
      guard var step = during, frameLimit.map({ frames + 1 < $0 }) ?? true else { return }
      let took = try redraw(
        step.composition, view: &step.view, pending: &pending, drawing: &drawing, clock: &clock,
        announce: announce)
      step.frames.append(FrameDrawn(seconds: frameStart - lastFrame, drawn: drawn))
      (drawn, lastFrame, frames, during) = (took, frameStart, frames + 1, step)
    }

    /// Gives `play` back what this thread did while `step` ran (the view as the player moved
    /// it, the frames drawn again) and counts the frame starting at `frameStart`.
    mutating func takeBack(
      _ step: (ticks: Int, seconds: Double)?, into play: inout GamePlay<G>, at frameStart: Double
    ) {
      if let during {
        play.view = during.view
        for frame in during.frames {
          play.figures.count(frame: frame.seconds, drawn: frame.drawn, step: nil)
        }
      }
      during = nil
      play.figures.count(frame: frameStart - lastFrame, drawn: drawn, step: step)
      lastFrame = frameStart
    }

    /// Shows `shown`, noting what it took and, on the GPU path, what its calls took.
    mutating func show(
      _ shown: (frame: Frame, pairing: InstancePairing?, alpha: Float),
      with drawing: inout WindowDrawing, clock: inout MonotonicClock,
      announce: @Sendable (String) -> Void
    ) throws(SDLError) {
      drawn = try GameWindow.show(
        shown.frame, pairedWith: shown.pairing, alpha: shown.alpha, with: &drawing, clock: &clock,
        announce: announce)
      if drawing.current.isGPU, let gpu = drawing.renderer as? OpenGLBackend {
        gpuCalls.record(gpu.lastFrameCost)
      }
      lastShown = shown
    }
  }

  /// A frame drawn while a step ran: the seconds since the frame before, and what drawing and
  /// presenting the frame before took, for the figures once the step is done.
  struct FrameDrawn {
    var seconds: Double
    var drawn: (draw: Double, present: Double)?
  }

  /// Draws `composition` again through `view`, which first takes the view's own keys and the
  /// wheel among `pending` (the rest wait there for the step); returns the seconds drawing and
  /// presenting took.
  static func redraw(
    _ composition: WindowComposition, view: inout GameView, pending: inout [InputEvent],
    drawing: inout WindowDrawing, clock: inout MonotonicClock,
    announce: @Sendable (String) -> Void
  ) throws(SDLError) -> (draw: Double, present: Double) {
    let forView = pending.filter(isViewEvent)
    pending.removeAll(where: isViewEvent)
    _ = take(
      forView, view: &view, game: nil, shown: composition.frame, width: drawing.renderer.width,
      height: drawing.renderer.height, seat: 0)
    return try show(
      composition.drawn(through: &view), pairedWith: composition.pairing,
      alpha: composition.alpha, with: &drawing, clock: &clock, announce: announce)
  }

  /// Whether the view takes `event` by itself, the game not needed: the wheel, and the keys
  /// that move the camera, pause, change the speed, follow, or open the help or F1.
  static func isViewEvent(_ event: InputEvent) -> Bool {
    switch event {
    case .wheel: true
    case .keyDown(.left), .keyDown(.right), .keyDown(.up), .keyDown(.down), .keyDown(.home),
      .keyDown(.f1), .keyDown(.space):
      true
    case .keyDown(.character(let key)): "][hf?+=-.".contains(key)
    default: false
    }
  }

  /// The events of the frame starting now, after `pending`, once the step started last frame is
  /// done; nil for a step that has not ended by the frame's time (`due`, in seconds of
  /// `clock`; a few milliseconds at least), the events then kept in `pending` for the frame
  /// after it: the window goes on answering and drawing while the step runs (Esc and closing
  /// it quit once it ends). A quit comes back at once.
  static func nextEvents(
    _ session: SDLSession, _ drawing: WindowDrawing, _ stepped: SteppedPlay<G>,
    pending: inout [InputEvent], due: Double, clock: MonotonicClock
  ) -> [InputEvent]? {
    let events = pending + session.pollEvents().map { $0.inPixels(of: drawing.renderer) }
    pending = []
    if events.contains(.quit) || events.contains(.keyDown(.escape)) { return events }
    guard stepped.finishes(within: max(due - clock.now(), 0.004)) else {
      pending = events
      return nil
    }
    return events
  }

  /// The picture of `shown`, drawn again by `drawing` and not presented (what was presented is
  /// not there to read back); none without a frame.
  static func picture(
    of shown: (frame: Frame, pairing: InstancePairing?, alpha: Float)?,
    drawnWith drawing: WindowDrawing
  ) throws(SDLError) -> Image? {
    guard let shown else { return nil }
    try drawing.renderer.render(shown.frame, pairedWith: shown.pairing, alpha: shown.alpha)
    return try drawing.renderer.screenshot()
  }
}
