import MonsterWars
import TraitSandbox

/// A match between two players over the network, driven by whoever shows it: a window or a
/// headless run calls `pump(now:inputs:)` often (every frame, or every millisecond), and the
/// match joins, runs its ticks on time, rolls back, keeps the two sides in step and sends what
/// the other side needs.
public final class NetplayMatch {
  /// Where the match stands.
  public enum Phase: Equatable, Sendable {
    /// The host waits for someone to join.
    case waitingForGuest
    /// The guest asks the host to let it join.
    case joining
    /// Both play.
    case playing
    /// It has ended, for this reason.
    case ended(Ending)
  }

  /// Why a match ended.
  public enum Ending: Equatable, Sendable, CustomStringConvertible {
    /// Both sides reached the end tick with the same state hash.
    case finished
    /// The state hashes differed.
    case desynced(RollbackSession.Desync)
    /// The other player left.
    case peerLeft(tick: UInt32)
    /// Nothing came from the other player for this many seconds.
    case peerSilent(seconds: Double, tick: UInt32)
    /// The host refused to let this player join: its match is another.
    case refused
    /// This player left.
    case quit

    /// In words, for a banner or a message.
    public var description: String {
      switch self {
      case .finished: "the match reached its end on both sides with the same state"
      case .desynced(let desync): desync.description
      case .peerLeft(let tick): "the other player left at tick \(tick)"
      case .peerSilent(let seconds, let tick):
        "the other player has been silent for \(Int(seconds)) s (at tick \(tick))"
      case .refused:
        "the host refused: it plays another scenario or swarm count (give the host's "
          + "--scenario and --entities)"
      case .quit: "left the match"
      }
    }
  }

  /// Ticks per second of the scenario the match started with.
  public let ticksPerSecond: Double
  /// The network end.
  public let peer: NetplayPeer
  /// The scenario the match starts with.
  public let scenario: Scenario
  /// How many monsters a swarm scenario places, if overridden.
  public let swarmCount: Int?
  /// Where the match stands.
  public private(set) var phase: Phase
  /// The match and its rollback state, once both sides play.
  public private(set) var rollback: RollbackSession?
  /// Seconds of silence after which the other player is given up on.
  public var silenceTimeout = 5.0
  /// Whether the match keeps its timeline (`MatchSession.keepsTimeline`), as a window does
  /// for its player to look back; set before the match starts.
  public var keepsTimeline = false

  private let hostSeed: UInt64
  private let hostSettings: RollbackSession.Settings
  private let fingerprint: UInt64
  private var nextTick = 0.0
  private var lastInputsSent = -1.0
  private var lastHello = -1.0
  private var lastHashRepeat = -1.0
  private var lastTextSent = -1.0
  private var agreedAt: Double?
  /// How long a side that reached the end keeps answering, so the other can agree too.
  private static let linger = 1.0
  /// Inputs packets per second when nothing new is decided.
  private static let inputsRate = 30.0

  /// A host's match: it waits for a guest whose scenario matches, then plays the left castle.
  public init(
    hosting scenario: Scenario, seed: UInt64, swarmCount: Int?,
    settings: RollbackSession.Settings, peer: NetplayPeer
  ) {
    self.scenario = scenario
    self.swarmCount = swarmCount
    self.peer = peer
    hostSeed = seed
    hostSettings = settings
    ticksPerSecond = Double(scenario.match.ticksPerSecond)
    fingerprint = netplayFingerprint(scenario: scenario, swarmCount: swarmCount)
    phase = .waitingForGuest
  }

  /// A guest's match: it asks the host at `peer`'s remote address to join, then plays the
  /// right castle with the host's seed and settings.
  public init(joining scenario: Scenario, swarmCount: Int?, peer: NetplayPeer) {
    self.scenario = scenario
    self.swarmCount = swarmCount
    self.peer = peer
    hostSeed = 0
    hostSettings = RollbackSession.Settings()
    ticksPerSecond = Double(scenario.match.ticksPerSecond)
    fingerprint = netplayFingerprint(scenario: scenario, swarmCount: swarmCount)
    phase = .joining
  }

  /// Whether the match has ended.
  public var hasEnded: Bool {
    if case .ended = phase { return true }
    return false
  }

  /// Sends a reloaded scenario (as scenario JSON) to both sides' matches: live tuning over
  /// the network, the host's only. It applies with the next tick decided.
  ///
  /// - Returns: Whether it was queued (see `RollbackSession.queueRetune(scenarioJSON:)`).
  @discardableResult
  public func retune(scenarioJSON: String) -> Bool {
    guard phase == .playing else { return false }
    return rollback?.queueRetune(scenarioJSON: scenarioJSON) ?? false
  }

  /// Ends the match from this side: tells the other player, who is not waited for.
  public func quit() {
    guard !hasEnded else { return }
    for _ in 0..<3 { peer.send(.goodbye) }
    peer.flush()
    phase = .ended(.quit)
  }

  /// Does what is due at `now` (seconds, monotonic): takes the other player's packets, runs
  /// the ticks that are due, asking `inputs` for the local player's inputs before each, and
  /// sends what the other player needs.
  ///
  /// - Returns: The ticks run (not counting those run again by a rollback).
  @discardableResult
  public func pump(now: Double, inputs: (UInt32) -> [PeerInput] = { _ in [] }) -> Int {
    receive(now: now, timeout: 0)
    return runDue(now: now, inputs: inputs)
  }

  /// Waits until something comes from the other player or `seconds` pass: what a headless
  /// loop sleeps in between pumps.
  public func wait(seconds: Double, now: Double) {
    var timeout = seconds
    if phase == .playing { timeout = min(timeout, max(nextTick - now, 0)) }
    receive(now: now, timeout: timeout)
  }

  private func receive(now: Double, timeout: Double) {
    let ticks = rollback?.acceptedTicks ?? 0...600
    for message in peer.receive(timeout: timeout, ticks: ticks) {
      handle(message, now: now)
    }
  }

  private func handle(_ message: Packet.Message, now: Double) {
    switch message {
    case .hello(let theirs):
      guard peer.role == .host else { return peer.countDropped(.malformed) }
      guard theirs == fingerprint else {
        peer.send(.goodbye)
        peer.forgetRemote()
        return
      }
      if rollback == nil {
        rollback = RollbackSession(
          session: newSession(seed: hostSeed), localSide: .left, settings: hostSettings)
        phase = .playing
        nextTick = now
      }
      peer.send(
        .welcome(
          seed: hostSeed, inputDelay: UInt8(hostSettings.inputDelay),
          maximumRollback: UInt8(hostSettings.maximumRollback), endTick: hostSettings.endTick))
    case .welcome(let seed, let inputDelay, let maximumRollback, let endTick):
      guard peer.role == .guest else { return peer.countDropped(.malformed) }
      guard rollback == nil else { return }
      rollback = RollbackSession(
        session: newSession(seed: seed), localSide: .right,
        settings: RollbackSession.Settings(
          inputDelay: Int(inputDelay), maximumRollback: Int(maximumRollback),
          endTick: endTick))
      phase = .playing
      nextTick = now
    case .goodbye:
      switch phase {
      case .joining: phase = .ended(.refused)
      case .playing:
        if agreedAt == nil { phase = .ended(.peerLeft(tick: rollback?.tick ?? 0)) }
      case .waitingForGuest, .ended: break
      }
    case .inputs, .stateHash, .scenarioText:
      rollback?.receive(message)
    }
  }

  /// The match both players control, as it starts.
  private func newSession(seed: UInt64) -> MatchSession {
    var session = MatchSession(
      scenario: scenario, seed: seed, playerSides: [.left, .right], swarmCount: swarmCount)
    session.keepsTimeline = keepsTimeline
    return session
  }

  private func runDue(now: Double, inputs: (UInt32) -> [PeerInput]) -> Int {
    switch phase {
    case .joining:
      if now - lastHello >= 0.1 {
        peer.send(.hello(rosterFingerprint: fingerprint))
        lastHello = now
      }
      peer.flush()
      return 0
    case .waitingForGuest, .ended:
      peer.flush()
      return 0
    case .playing:
      break
    }
    // Taken out while it runs, so that its match is not shared and copied as it steps.
    guard var session = rollback else { return 0 }
    rollback = nil
    defer { rollback = session }
    session.rollBackIfNeeded()
    // The match's own rate: a retuned scenario may change it on a restart.
    let tickSeconds = 1 / Double(session.session.match.scenario.match.ticksPerSecond)
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
    if decidedInput || now - lastInputsSent >= 1 / Self.inputsRate {
      if let message = session.inputsMessage { peer.send(message) }
      lastInputsSent = now
    }
    if now - lastTextSent >= 0.1 {
      for part in session.scenarioTextMessages { peer.send(part) }
      lastTextSent = now
    }
    if let hash = session.hashToSend() { peer.send(hash) }
    if session.isFinished && now - lastHashRepeat >= 0.1, let hash = session.lastConfirmedHash {
      peer.send(hash)
      lastHashRepeat = now
    }
    peer.flush()
    if let desync = session.desync {
      phase = .ended(.desynced(desync))
      for _ in 0..<3 { peer.send(.goodbye) }
    } else if session.endAgreed {
      if agreedAt == nil { agreedAt = now }
      if let agreedAt, now - agreedAt >= Self.linger {
        phase = .ended(.finished)
        for _ in 0..<3 { peer.send(.goodbye) }
      }
    } else if peer.silentSeconds > silenceTimeout {
      phase = .ended(.peerSilent(seconds: peer.silentSeconds, tick: session.tick))
    }
    return ran
  }
}
