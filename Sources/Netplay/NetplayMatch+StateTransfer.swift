import Gameplay
import TraitSandbox

/// Recovering from a desync: the host's state travels to the guest in parts, a window at a
/// time, and the guest loads it (`RollbackSession.load(_:epoch:)`).
extension NetplayMatch {
  /// The host's state on its way: its parts, how many from the first the guest holds, and the
  /// next to send.
  struct OutgoingState {
    var epoch: UInt8
    var parts: [[UInt8]]
    /// Whether it goes to a guest that joined again, rather than one whose state differed.
    var forRejoin: Bool
    var held = 0
    var next = 0
    /// When the guest last said it holds more (or the parts were last sent again).
    var lastProgress: Double
    /// When the guest last said it holds more, or the state was made.
    var lastAcknowledged: Double
  }

  /// The host's state coming: the parts held, and how many from the first.
  struct IncomingState {
    var epoch: UInt8
    var parts: [[UInt8]?]
    var held = 0
  }

  /// Parts sent ahead of what the guest holds.
  static var stateWindow: Int { 32 }
  /// Seconds without the guest holding more after which the parts it lacks go again.
  static var stateResend: Double { 0.25 }
  /// Seconds without the guest holding more after which the state is made and sent afresh,
  /// in a new epoch: whatever the guest holds of the old one, it takes the new one whole.
  static var stateRestart: Double { 3 }

  /// A line for a window's banner while the host's state is on its way, else `nil`.
  public var notice: String? {
    guard phase == .playing, let rollback else { return nil }
    if peer.silentSeconds > 1.5 {
      return "the other player is silent (\(Int(peer.silentSeconds)) s): waiting up to "
        + "\(Int(silenceTimeout)) s"
    }
    if awaitsHostState {
      let share = incoming.map { 100 * $0.held / max($0.parts.count, 1) } ?? 0
      return "joining the match under way: loading the host's state (\(share) %)"
    }
    if let incoming {
      let share = 100 * incoming.held / max(incoming.parts.count, 1)
      return "the two games differed: loading the host's state (\(share) %)"
    }
    if let outgoing {
      let share = 100 * outgoing.held / max(outgoing.parts.count, 1)
      return "the two games differed: sending this game's state to the guest (\(share) %)"
    }
    if let desync = rollback.desync {
      return "the two games differed at tick \(desync.tick): waiting for the host's state"
    }
    return nil
  }

  /// Takes a request for the state, a part of it or an acknowledgement of parts; returns why
  /// not, if it was not taken.
  func handleState(_ message: Packet.Message, now: Double) -> DroppedPackets.Reason? {
    guard let session = rollback else { return .malformed }
    switch message {
    case .stateRequest(let epoch):
      guard peer.role == .host else { return .malformed }
      // A request of an earlier epoch was answered by the state sent since.
      guard epoch == session.epoch, onDesync == .recover else { return .staleState }
      stateRequested = true
    case .statePart(let epoch, let part, let partCount, let bytes):
      guard peer.role == .guest else { return .malformed }
      if epoch == session.epoch {
        // Loaded already: the host missed the last acknowledgement.
        pendingStateAck = (epoch, partCount)
        return .known
      }
      // A state that did not load: a later one is asked for.
      guard epoch != failedStateEpoch else { return .staleState }
      // A guest that joined again takes the state of any epoch: it has none of its own.
      guard awaitsHostState || (1...127).contains(epoch &- session.epoch) else {
        return .staleState
      }
      if incoming?.epoch != epoch {
        incoming = IncomingState(
          epoch: epoch, parts: Array(repeating: nil, count: Int(partCount)))
      }
      guard var state = incoming, state.parts.count == Int(partCount) else { return .malformed }
      guard state.parts[Int(part)] == nil else { return .known }
      state.parts[Int(part)] = bytes
      while state.held < state.parts.count && state.parts[state.held] != nil { state.held += 1 }
      incoming = state
      // The last part is acknowledged once the state loaded.
      pendingStateAck = (epoch, UInt16(min(state.held, state.parts.count - 1)))
      progress?.at = now
    case .stateAck(let epoch, let held):
      guard peer.role == .host else { return .malformed }
      guard var state = outgoing, state.epoch == epoch else { return .staleState }
      guard Int(held) <= state.parts.count else { return .malformed }
      if Int(held) > state.held {
        state.held = Int(held)
        state.lastProgress = now
        state.lastAcknowledged = now
        progress?.at = now
      }
      if state.held == state.parts.count {
        outgoing = nil
        // A rejoin's state counts as the rejoin.
        if !state.forRejoin { recoveries += 1 }
      } else {
        outgoing = state
      }
    default:
      return .malformed
    }
    return nil
  }

  /// The host's part: makes its state into parts when the hashes differed or the guest asked,
  /// and sends the parts due. The guest's: asks for the state while its own differs, says
  /// what it holds, and loads the state once it holds all of it.
  func sendState(_ session: inout RollbackSession<G>, now: Double) {
    let recovers = onDesync == .recover
    if peer.role == .host {
      // A transfer the guest stopped taking, while it still talks, is made afresh; one to a
      // silent guest waits for it with what it holds.
      let isStuck =
        peer.silentSeconds < 1
        && (outgoing.map { now - $0.lastAcknowledged > Self.stateRestart } ?? false)
      if session.desync != nil && recovers || stateRequested || rejoinStateDue || isStuck {
        startSendingState(
          &session, now: now, forRejoin: rejoinStateDue || isStuck && outgoing?.forRejoin == true)
        stateRequested = false
        rejoinStateDue = false
      }
      sendStateParts(now: now)
      return
    }
    if session.desync != nil && recovers || awaitsHostState || failedStateEpoch != nil,
      incoming == nil,
      now - lastStateRequest >= Self.stateResend
    {
      peer.send(.stateRequest(epoch: failedStateEpoch ?? session.epoch))
      lastStateRequest = now
    }
    if let state = incoming, state.held == state.parts.count {
      incoming = nil
      loadState(state, into: &session, now: now)
    }
    if let (epoch, held) = pendingStateAck {
      peer.send(.stateAck(epoch: epoch, held: held))
      pendingStateAck = nil
    }
  }

  private func startSendingState(
    _ session: inout RollbackSession<G>, now: Double, forRejoin: Bool
  ) {
    let bytes: [UInt8]
    do {
      bytes = try session.stateTransfer().bytes()
    } catch {
      phase = .ended(.unrecoverable("this side's state cannot be saved: \(error)"))
      return
    }
    let size = PacketCodec.maximumStatePart
    let parts = stride(from: 0, to: bytes.count, by: size).map {
      Array(bytes[$0..<min($0 + size, bytes.count)])
    }
    guard parts.count <= PacketCodec.maximumStateParts else {
      phase = .ended(
        .unrecoverable("this side's state is \(bytes.count) bytes, more than a state can be"))
      return
    }
    peer.epoch = session.epoch
    outgoing = OutgoingState(
      epoch: session.epoch, parts: parts, forRejoin: forRejoin, lastProgress: now,
      lastAcknowledged: now)
  }

  private func sendStateParts(now: Double) {
    guard var state = outgoing else { return }
    if now - state.lastProgress > Self.stateResend {
      state.next = state.held
      state.lastProgress = now
    }
    let count = UInt16(state.parts.count)
    while state.next < min(state.parts.count, state.held + Self.stateWindow) {
      peer.send(
        .statePart(
          epoch: state.epoch, part: UInt16(state.next), partCount: count,
          bytes: state.parts[state.next]))
      state.next += 1
    }
    outgoing = state
  }

  private func loadState(
    _ state: IncomingState, into session: inout RollbackSession<G>, now: Double
  ) {
    do throws(RollbackSession<G>.LoadError) {
      let transfer: StateTransfer
      do {
        transfer = try StateTransfer(bytes: state.parts.flatMap { $0 ?? [] })
      } catch {
        throw RollbackSession<G>.LoadError(description: "the host's state does not read: \(error)")
      }
      try session.load(transfer, epoch: state.epoch)
      restartKeepingInputs(from: &session)
    } catch {
      // Asked for again, once: a later state may hold what this one lacked.
      guard failedStateEpoch == nil else {
        phase = .ended(.unrecoverable(error.description))
        return
      }
      failedStateEpoch = state.epoch
      lastStateRequest = -1
      peer.send(.stateRequest(epoch: state.epoch))
      return
    }
    failedStateEpoch = nil
    peer.epoch = state.epoch
    if awaitsHostState {
      awaitsHostState = false
      rejoins += 1
    } else {
      recoveries += 1
    }
    pendingStateAck = (state.epoch, UInt16(state.parts.count))
    nextTick = now
  }
}
