import Foundation
import SDLBackend
import TraitSandbox

/// A window's clock: how many ticks each frame runs at the speed the player asked for, as many
/// as fit in most of a frame, and how fast the game's clock really runs.
struct WindowPacing {
  private var timestep: FixedTimestep
  /// The monotonic clock the ticks are granted by.
  var clock = MonotonicClock()
  private var rate = ClockRate()

  /// The clock of a game of `ticksPerSecond`.
  init(ticksPerSecond: Double) {
    timestep = FixedTimestep(fixedDeltaTime: 1 / ticksPerSecond)
  }

  /// The seconds the monotonic clock reads.
  func now() -> Double { clock.now() }

  /// The ticks to run for the frame that began at `frameStart`, and how far between the last
  /// two the clock will stand after them: the clock's at the view's speed, one for a single
  /// step while paused, none otherwise while paused. Tells the view when the game is behind.
  ///
  /// A game too slow for the speed asked for runs its clock slower instead of falling ever
  /// further behind, and the view says so.
  mutating func advance<G>(
    _ play: inout GamePlay<G>, at frameStart: Double, framesPerSecond: Double
  ) -> (steps: Int, alpha: Double) {
    timestep.timeScale = play.view.speed
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
    return (advance.steps, advance.alpha)
  }
}
