import Gameplay
import TraitSandbox

/// A recording of the match as this side confirmed it.
extension NetplayMatch {
  /// The recording of the match from its start through the last tick whose inputs were kept
  /// (`confirmedInputs`), which `Recording.replay(like:)` steps again; `nil` unless
  /// `keepsConfirmedInputs` and the match has started.
  ///
  /// - Throws: An error making the starting game's snapshot.
  /// - Complexity: The kept ticks, stepped again.
  public func recording() throws -> Recording<G>? {
    guard keepsConfirmedInputs, let startingGame else { return nil }
    var recorder = try Recorder(startingGame)
    for inputs in confirmedInputs { recorder.advance(with: inputs) }
    return recorder.recording
  }

  /// Begins keeping the inputs of a match that starts from `seed`, if asked to.
  func startKeepingInputs(seed: UInt64) {
    guard keepsConfirmedInputs else { return }
    startingGame = start(seed)
    confirmedInputs = []
    confirmedInputsEpoch = rollback?.epoch
    rollback?.keepsInputsFrom = 0
  }

  /// Adds the ticks `session` newly confirmed to `confirmedInputs` and has it hold the inputs
  /// of those after them; once its epoch changes (the games were made one again), keeps no
  /// more.
  func keepConfirmedInputs(_ session: inout RollbackSession<G>) {
    guard keepsConfirmedInputs, let epoch = confirmedInputsEpoch else { return }
    guard session.epoch == epoch else {
      confirmedInputsEpoch = nil
      return
    }
    confirmedInputs += session.confirmedInputs(from: UInt32(confirmedInputs.count))
    // Inputs decided ahead for ticks past the end are never played.
    if let end = session.settings.endTick, confirmedInputs.count > Int(end) {
      confirmedInputs.removeLast(confirmedInputs.count - Int(end))
    }
    session.keepsInputsFrom = min(
      session.keepsInputsFrom ?? .max, UInt32(confirmedInputs.count))
  }
}
