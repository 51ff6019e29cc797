import Gameplay
import TraitSandbox

/// Replacing one side's state with the other's: how a desync is recovered from.
extension RollbackSession {
  /// Why a state that came could not be loaded.
  public struct LoadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong, in words.
    public var description: String
  }

  /// The newest state every tick of which ran with both players' real inputs, and its tick:
  /// the game before the first tick run on a prediction, or the game as it stands if none was.
  public var confirmedState: (tick: UInt32, game: G) {
    saved.first.map { ($0.tick, $0.game) } ?? (tick, game)
  }

  /// This side's confirmed state and the inputs since, for the other side to load
  /// (`load(_:)`): what the host sends when the hashes differed, its state standing. Starts a
  /// new epoch on this side and forgets the desync, so that play goes on from the state it
  /// sends; hashes of the other side's old state, which may still come, are stale.
  ///
  /// - Throws: An error making the game's snapshot.
  /// - Complexity: O(n) for the snapshot, plus the inputs held.
  public mutating func stateTransfer() throws -> StateTransfer {
    let (from, state) = confirmedState
    func encodings(_ log: TickLog<G.Input>) -> [[[UInt8]]] {
      guard from < log.end else { return [] }
      return (from..<log.end).map { tick in log[tick].map { game.encodedInput($0) } }
    }
    let transfer = StateTransfer(
      tick: from, hash: state.stateHash(), snapshot: try state.snapshot(),
      senderInputs: encodings(localInputs), receiverInputs: encodings(remoteInputs),
      inputDelay: UInt8(inputDelay),
      delayChange: delayChange.map { (UInt8($0.delay), $0.tick) })
    epoch &+= 1
    desync = nil
    remoteHashes = [:]
    // The other side holds what it is sent, and acknowledges anew what it holds past that.
    acknowledgedByRemote = from > 0 ? from - 1 : nil
    return transfer
  }

  /// Replaces this side's state with the other side's (`stateTransfer()`): the game and the
  /// inputs from its tick on, this side's own that the other did not hold yet kept. The ticks
  /// this side had run past it run again on the next `advance()`.
  ///
  /// - Throws: `LoadError` when the snapshot does not restore, its hash is not the one sent,
  ///   or an input does not decode; the session is unchanged then.
  public mutating func load(_ transfer: StateTransfer, epoch: UInt8) throws(LoadError) {
    let restored: G
    do {
      restored = try game.restored(from: transfer.snapshot)
    } catch {
      throw LoadError(description: "the other side's state does not restore: \(error)")
    }
    guard restored.stateHash() == transfer.hash else {
      throw LoadError(description: "the other side's state restores to another hash")
    }
    func decoded(_ ticks: [[[UInt8]]]) throws(LoadError) -> [[G.Input]] {
      var decoded: [[G.Input]] = []
      for encodings in ticks {
        var inputs: [G.Input] = []
        for encoding in encodings {
          guard let input = game.decodedInput(encoding) else {
            throw LoadError(description: "an input in the other side's state does not decode")
          }
          inputs.append(input)
        }
        decoded.append(inputs)
      }
      return decoded
    }
    var remote = TickLog(from: transfer.tick, ticks: try decoded(transfer.senderInputs))
    var local = TickLog(from: transfer.tick, ticks: try decoded(transfer.receiverInputs))
    // What came here since the state was sent, and what this side decided that the other did
    // not hold yet.
    while remoteInputs.holds(remote.end) { remote.append(remoteInputs[remote.end]) }
    while localInputs.holds(local.end) { local.append(localInputs[local.end]) }
    guard local.end >= localInputs.end else {
      // This side forgot inputs the other held when it acknowledged them, but not when it
      // sent its state: a later state holds them.
      throw LoadError(description: "the other side's state misses inputs this side forgot")
    }
    let sentBefore = newestInputSent
    if let perturbation, perturbation < tick { self.perturbation = nil }
    game = restored
    tick = transfer.tick
    remoteInputs = remote
    localInputs = local
    saved = []
    rollbackTarget = nil
    desync = nil
    // The state's own hash, if it is one the other side compares, goes to it as any would.
    localHashes = isHashTick(transfer.tick) ? [transfer.tick: transfer.hash] : [:]
    remoteHashes = [:]
    lastHashSent = 0
    lastAgreedHashTick = lastAgreedHashTick.map { min($0, transfer.tick) }
    inputDelay = Int(transfer.inputDelay)
    delayChange = transfer.delayChange.map { (Int($0.delay), $0.tick) }
    let held = transfer.tick + UInt32(transfer.receiverInputs.count)
    if held > 0 {
      acknowledgedByRemote = max(acknowledgedByRemote ?? 0, held - 1)
      newestInputSent = max(sentBefore ?? 0, held - 1)
    }
    self.epoch = epoch
  }
}
