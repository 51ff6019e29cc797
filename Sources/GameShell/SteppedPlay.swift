import Dispatch
import Foundation
import TraitSandbox

/// A window's play, stepped on a thread of its own so that the main thread draws the frame of
/// the ticks run before while the next ones run.
///
/// One thread at a time touches `play`: the simulation thread from `start(_:)` until the main
/// thread's `wait()` returns, the main thread at all other times. That handover, through the
/// dispatch group, is what makes the unchecked `Sendable` sound.
final class SteppedPlay<G: PlayableGame>: @unchecked Sendable {
  /// The game as the window plays it.
  var play: GamePlay<G>
  /// Ticks the last step ran, and the seconds they took; nil once the main thread took them.
  private var lastStep: (ticks: Int, seconds: Double)?

  private let queue = DispatchQueue(label: "TraitSandbox.gameSimulation", qos: .userInteractive)
  private let group = DispatchGroup()

  /// Steps `play`.
  init(_ play: GamePlay<G>) {
    self.play = play
  }

  /// Starts running up to `steps` ticks on the simulation thread (`GamePlay.step(_:)`);
  /// returns at once. Until `wait()` returns, `play` is not to be touched.
  func start(_ steps: Int) {
    queue.async(group: group) { [self] in
      let clock = MonotonicClock()
      let start = clock.now()
      let ran = play.step(steps)
      lastStep = (ran, clock.now() - start)
    }
  }

  /// Runs up to `steps` ticks on the simulation thread and waits for them: `start(_:)`, then
  /// `wait()`.
  func run(_ steps: Int) -> (ticks: Int, seconds: Double)? {
    start(steps)
    return wait()
  }

  /// Whether the step started last has finished, or does within `seconds`: what a window waits
  /// for a frame at most, answering its events in between when a step runs longer.
  func finishes(within seconds: Double) -> Bool {
    group.wait(timeout: .now() + max(seconds, 0)) == .success
  }

  /// Waits until the step started last has finished; returns the ticks it ran and the seconds
  /// they took, once (none when no step ran since the last call).
  @discardableResult
  func wait() -> (ticks: Int, seconds: Double)? {
    group.wait()
    defer { lastStep = nil }
    return lastStep
  }
}
