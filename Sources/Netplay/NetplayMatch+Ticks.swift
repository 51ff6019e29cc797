import Gameplay
import TraitSandbox

/// Playing the ticks: those due by the clock with this side's inputs, what goes to the other
/// side after them, the host's input delay, and how a match concludes.
extension NetplayMatch {
  func runDue(now: Double, inputs: (UInt32) -> [G.Input]) -> Int {
    switch phase {
    case .joining:
      if now - lastHello >= 0.1 {
        peer.send(.hello(fingerprint: fingerprint))
        lastHello = now
      }
      peer.flush()
      return 0
    case .waitingForGuest:
      peer.flush()
      return 0
    case .ended(let ending):
      // Spectators still get what was confirmed, to the end; or hear it ended short of it.
      if ending != .finished && !spectatorsTold {
        farewellSpectators()
        spectatorsTold = true
      }
      if var session = rollback, ending == .finished {
        rollback = nil
        serveSpectators(&session, now: now)
        keepConfirmedInputs(&session)
        rollback = session
      }
      peer.flush()
      return 0
    case .playing:
      break
    }
    // Taken out while it runs, so that its match is not shared and copied as it steps.
    guard var session = rollback else { return 0 }
    rollback = nil
    defer { rollback = session }
    if awaitsHostState {
      // Joined again: nothing runs before the host's state is here.
      sendState(&session, now: now)
      peer.flush()
      conclude(session, now: now)
      return 0
    }
    let (ran, decidedInput) = runTicks(&session, now: now, inputs: inputs)
    serveSpectators(&session, now: now)
    keepConfirmedInputs(&session)
    guard noteDesync(session) else { return ran }
    send(&session, now: now, decidedInput: decidedInput)
    conclude(session, now: now)
    return ran
  }

  /// Runs the ticks due at `now` (a few at most), asking `inputs` before each; returns how
  /// many ran and whether the player gave an input.
  func runTicks(
    _ session: inout RollbackSession<G>, now: Double, inputs: (UInt32) -> [G.Input]
  ) -> (ran: Int, decidedInput: Bool) {
    session.rollBackIfNeeded()
    // The game's own rate, which may change as it plays (a retuned scenario's, on a restart).
    let tickSeconds = 1 / session.game.ticksPerSecond
    // A side far behind its clock (stalled, or starved of the processor) catches up a few
    // ticks a call, and forgets time beyond that rather than running a burst.
    nextTick = max(nextTick, now - 8 * tickSeconds)
    var ran = 0
    var decidedInput = false
    while now >= nextTick && ran < 4 && session.canAdvance {
      let given = inputs(session.tick)
      for input in given { session.queue(input) }
      decidedInput = decidedInput || !given.isEmpty
      session.advance()
      ran += 1
      // Time sync: the side ahead runs its ticks a tenth longer until the other catches up.
      nextTick += tickSeconds * (session.ticksAhead >= 1 ? 1.1 : 1)
    }
    if !session.canAdvance && now >= nextTick && !session.isFinished && session.desync == nil {
      session.advance()  // counts the wait
      nextTick = now + tickSeconds
    }
    return (ran, decidedInput)
  }

  /// Sends what the other side needs: the inputs (at once when new ones were decided), long
  /// inputs' parts, a hash newly confirmed, and a finished side's last hash again.
  func send(_ session: inout RollbackSession<G>, now: Double, decidedInput: Bool) {
    if decidedInput || now - lastInputsSent >= 1 / Self.inputsRate {
      if let message = session.inputsMessage() { peer.send(message) }
      lastInputsSent = now
    }
    if now - lastTextSent >= 0.1 {
      for part in session.inputPartMessages { peer.send(part) }
      lastTextSent = now
    }
    if let hash = session.hashToSend() { peer.send(hash) }
    if now - lastPing >= 1 {
      let stamp = Self.stamp(now)
      pings = Array((pings + [stamp]).suffix(4))
      peer.send(.ping(stamp: stamp))
      lastPing = now
      decideInputDelay(&session, now: now)
      // Said again each second until a second past the change: a guest that missed every
      // one plays on with its delay, which changes its time sync, not the game.
      if let decision = delayDecision,
        Double(session.tick) < Double(decision.tick) + session.game.ticksPerSecond
      {
        peer.send(.inputDelay(delay: UInt8(decision.delay), fromTick: decision.tick))
      }
    }
    sendState(&session, now: now)
    if session.isFinished && now - lastHashRepeat >= 0.1, let hash = session.lastConfirmedHash {
      peer.send(hash)
      lastHashRepeat = now
    }
    peer.flush()
  }

  /// The host's part: the delay the round trip asks for, from half a second of ticks ahead,
  /// when it differs from the one in use and the last change is five seconds old.
  func decideInputDelay(_ session: inout RollbackSession<G>, now: Double) {
    guard peer.role == .host, adaptsInputDelay, let roundTrip else { return }
    let wanted = RollbackSettings.inputDelay(
      forRoundTrip: roundTrip, ticksPerSecond: session.game.ticksPerSecond)
    let current = session.delayChange?.delay ?? session.inputDelay
    guard wanted != current, now - (delayDecision?.at ?? -.infinity) >= 5 else { return }
    let tick = session.tick + UInt32(min(max(session.game.ticksPerSecond / 2, 1), 600))
    session.scheduleInputDelay(wanted, fromTick: tick)
    delayDecision = (wanted, tick, now)
  }

  /// Records a desync newly seen and tells `desyncSeen`; ends the match on it unless it is
  /// to be recovered from. Returns whether the match goes on.
  func noteDesync(_ session: RollbackSession<G>) -> Bool {
    guard let desync = session.desync else { return true }
    if desyncs.last != desync {
      desyncs.append(desync)
      desyncSeen(desync, session.game)
    }
    guard onDesync == .recover && recoveries < Self.maximumRecoveries else {
      phase = .ended(.desynced(desync))
      for _ in 0..<3 { peer.send(.goodbye) }
      peer.flush()
      return false
    }
    return true
  }

  /// Ends the match once both sides agreed at the end (after lingering), when
  /// the other side has been silent too long, or when no tick was confirmed for too long.
  func conclude(_ session: RollbackSession<G>, now: Double) {
    let confirmed = session.confirmedTicks
    let agreed = session.lastAgreedHashTick ?? 0
    if progress.map({ $0.confirmed != confirmed || $0.agreed != agreed }) ?? true {
      progress = (confirmed, agreed, now)
    }
    if session.desync == nil && session.endAgreed {
      if agreedAt == nil { agreedAt = now }
      if let agreedAt, now - agreedAt >= Self.linger {
        phase = .ended(.finished)
        for _ in 0..<3 { peer.send(.goodbye) }
      }
    } else if peer.silentSeconds > silenceTimeout {
      phase = .ended(.peerSilent(seconds: peer.silentSeconds, tick: session.tick))
    } else if let since = progress?.at, now - since > progressTimeout, peer.silentSeconds < 1 {
      phase = .ended(.stalled(seconds: now - since, tick: session.tick))
      for _ in 0..<3 { peer.send(.goodbye) }
    }
  }
}
