import Gameplay
import TraitSandbox

/// A recording of the match as this side confirmed it.
extension NetplayMatch {
  /// The recording of the match from its start, or from the host's state this side last
  /// loaded (a guest's game made one with the host's again, or one that joined again),
  /// through the last tick this side ran whose inputs were kept (`confirmedInputs`), which
  /// `Recording.replay(like:)` steps again; `nil` unless `keepsConfirmedInputs` and the match
  /// has started (for a guest that joined again, until the host's state came).
  ///
  /// - Throws: An error making the starting game's snapshot.
  /// - Complexity: The kept ticks, stepped again.
  public func recording() throws -> Recording<G>? {
    guard keepsConfirmedInputs, let startingGame else { return nil }
    var recorder = try Recorder(startingGame)
    // Through the ticks this side ran: inputs may be known for a tick or two past them.
    let ran = Int(rollback?.tick ?? .max) - Int(confirmedInputsFrom)
    for inputs in confirmedInputs.prefix(max(ran, 0)) { recorder.advance(with: inputs) }
    // A match that ended before the other side's inputs of the last ticks this side ran came
    // (the other player left) ends as this side ran them: with its own inputs alone, the
    // other's predicted as none.
    if case .ended = phase, let session = rollback {
      var tick = confirmedInputsFrom + UInt32(confirmedInputs.count)
      while tick < session.tick {
        let own = session.localInputs.holds(tick) ? session.localInputs[tick] : []
        recorder.advance(with: own.map { SeatInput(seat: session.localSeat, input: $0) })
        tick += 1
      }
    }
    return recorder.recording
  }

  /// Begins keeping the inputs of a match that starts from `seed`, if asked to.
  func startKeepingInputs(seed: UInt64) {
    guard keepsConfirmedInputs else { return }
    startingGame = start(seed)
    confirmedInputs = []
    confirmedInputsFrom = 0
    rollback?.keepsInputsFrom = 0
  }

  /// Begins keeping the inputs again from the state `session` just loaded (the host's), if
  /// asked to: what this side had kept before played another game.
  func restartKeepingInputs(from session: inout RollbackSession<G>) {
    guard keepsConfirmedInputs else { return }
    let (tick, game) = session.confirmedState
    startingGame = game
    confirmedInputs = []
    confirmedInputsFrom = tick
    session.keepsInputsFrom = min(session.keepsInputsFrom ?? .max, tick)
  }

  /// Adds the ticks `session` newly confirmed to `confirmedInputs` and has it hold the inputs
  /// of those after them.
  func keepConfirmedInputs(_ session: inout RollbackSession<G>) {
    guard keepsConfirmedInputs, startingGame != nil else { return }
    let next = confirmedInputsFrom + UInt32(confirmedInputs.count)
    confirmedInputs += session.confirmedInputs(from: next)
    // Inputs decided ahead for ticks past the end are never played.
    if let end = session.settings.endTick,
      Int(confirmedInputsFrom) + confirmedInputs.count > Int(end)
    {
      confirmedInputs.removeLast(
        min(Int(confirmedInputsFrom) + confirmedInputs.count - Int(end), confirmedInputs.count))
    }
    session.keepsInputsFrom = min(
      session.keepsInputsFrom ?? .max, confirmedInputsFrom + UInt32(confirmedInputs.count))
  }
}
