import Gameplay
import TraitSandbox

/// What a network match does when the two sides' states differ.
public enum DesyncPolicy: String, CaseIterable, Sendable {
  /// The match ends (`NetplayMatch.Ending.desynced`).
  case stop
  /// The host's state stands: it sends it, the guest loads it and play goes on.
  case recover
}

/// A game between two players over the network, driven by whoever shows it: a window or a
/// headless run calls `pump(now:inputs:)` often (every frame, or every millisecond), and the
/// match joins, runs its ticks on time, rolls back, keeps the two sides in step and sends what
/// the other side needs. The host plays the game's first seat, the guest its second.
public final class NetplayMatch<G: Game> {
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
    case desynced(Desync)
    /// The other player left.
    case peerLeft(tick: UInt32)
    /// Nothing came from the other player for this many seconds.
    case peerSilent(seconds: Double, tick: UInt32)
    /// Datagrams came, but no tick was newly confirmed for this many seconds: the other
    /// player's inputs stopped coming, or what came was not theirs.
    case stalled(seconds: Double, tick: UInt32)
    /// The host refused to let this player join: its match is another.
    case refused
    /// The two sides' states differed and the host's could not replace the guest's, for this
    /// reason.
    case unrecoverable(String)
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
      case .stalled(let seconds, let tick):
        "no tick of the other player's was confirmed for \(Int(seconds)) s (at tick \(tick)), "
          + "though datagrams came"
      case .refused:
        "the host refused: it plays another game, or the same with other settings"
      case .unrecoverable(let why): "the two games differed and could not be made one: \(why)"
      case .quit: "left the match"
      }
    }
  }

  /// The network end.
  public let peer: NetplayPeer
  /// Where the match stands.
  public internal(set) var phase: Phase
  /// The game and its rollback state, once both sides play.
  public internal(set) var rollback: RollbackSession<G>?
  /// Seconds of silence after which the other player is given up on: until then a guest
  /// whose network dropped plays on when it comes back, and one whose process died joins
  /// again with the same code, from a new address (`Packet.Message.challenge`), and loads
  /// the host's state.
  public var silenceTimeout = 60.0
  /// Seconds without a tick newly confirmed (or, at the end, agreed on) after which the match
  /// ends, whatever datagrams come: what ends a match that traffic keeps alive but does not
  /// move.
  public var progressTimeout = 15.0
  /// What is done to the game as it starts, before its first tick: a window has it keep
  /// what its player looks back at. Set before the match starts.
  public var prepare: (inout G) -> Void = { _ in }
  /// What a desync does: ends the match, or has the host's state replace the guest's.
  public var onDesync = DesyncPolicy.stop
  /// Called with each desync this side sees and its game as it stood then, before the host's
  /// state replaces it: where a command saves its report.
  public var desyncSeen: (Desync, G) -> Void = { _, _ in }
  /// The desyncs this side saw, oldest first.
  public internal(set) var desyncs: [Desync] = []
  /// How many times the host's state replaced the guest's: loaded, on a guest; sent in full,
  /// on a host.
  public internal(set) var recoveries = 0
  /// The most desyncs a match recovers from; the next ends it.
  public static var maximumRecoveries: Int { 8 }
  /// A tick at which this side's game runs one tick more than it should, once
  /// (`RollbackSession.perturbation`): a desync made on purpose, for tests. Set before the
  /// match starts.
  public var perturbation: UInt32?

  /// Whether the match keeps both players' inputs of every confirmed tick from the first, for
  /// `recording()`. Set before the match starts.
  public var keepsConfirmedInputs = false
  /// Both players' inputs of each confirmed tick from `startingGame`'s, a list a tick, while
  /// `keepsConfirmedInputs`; they start again where this side loaded the host's state (a
  /// desync recovered from, or a guest that joined again).
  public internal(set) var confirmedInputs: [[SeatInput<G.Input>]] = []
  /// The game the kept inputs start from: as the match started, or the host's state this
  /// side last loaded; `nil` while none is kept (a guest that joined again, until the host's
  /// state comes).
  var startingGame: G?
  /// The tick `startingGame` stands at, the first of `confirmedInputs`.
  var confirmedInputsFrom: UInt32 = 0

  /// The game as it starts, from the host's seed.
  let start: (UInt64) -> G
  private let hostSeed: UInt64
  private let hostSettings: RollbackSettings
  let fingerprint: UInt64
  var nextTick = 0.0
  var lastInputsSent = -1.0
  var lastHello = -1.0
  var lastHashRepeat = -1.0
  var lastTextSent = -1.0
  var agreedAt: Double?
  /// Whether the host sets both sides' input delay from the round trip it measures
  /// (`RollbackSettings.inputDelay(forRoundTrip:ticksPerSecond:)`), changing it at most every
  /// five seconds; otherwise both keep the settings' delay. Set before the match starts.
  public var adaptsInputDelay = true
  /// The host's last delay change: the delay, the tick it takes effect, and when it was made.
  var delayDecision: (delay: Int, tick: UInt32, at: Double)?
  /// The round trip to the other player, smoothed (RFC 6298's SRTT, a ping a second), once
  /// one was timed.
  public internal(set) var roundTrip: Double?
  /// The stamps of the pings not yet answered, newest last.
  var pings: [UInt32] = []
  var lastPing = -1.0
  /// The last confirmed tick and agreed hash tick seen, and when either (or a state on its
  /// way) last moved.
  var progress: (confirmed: UInt32, agreed: UInt32, at: Double)?
  /// The host's state on its way to the guest.
  var outgoing: OutgoingState?
  /// The host's state coming, on a guest.
  var incoming: IncomingState?
  /// When the guest last asked for the host's state.
  var lastStateRequest = -1.0
  /// Whether the guest asked for the host's state.
  var stateRequested = false
  /// Whether a guest that joined again waits for the host's state.
  var rejoinStateDue = false
  /// The acknowledgement of state parts the guest owes: the epoch and the parts held.
  var pendingStateAck: (epoch: UInt8, held: UInt16)?
  /// The epoch of a state the guest could not load, until one loads.
  var failedStateEpoch: UInt8?
  /// The host's challenges to players joining again, newest last, with their addresses.
  var challenges: [(nonce: UInt64, address: SocketAddress)] = []
  /// Whether this guest answered a host's challenge: it joins a match under way.
  var isRejoining = false
  /// Whether this guest waits for the host's state before it runs a tick: it joined again.
  public internal(set) var awaitsHostState = false
  /// How many times the guest joined again: on a host, taken; on a guest, done.
  public internal(set) var rejoins = 0
  /// The spectators' streams, by address.
  var feeds: [SocketAddress: SpectatorFeed] = [:]
  /// Spectators whose streams start on the next pump.
  var newWatchers: Set<SocketAddress> = []
  /// Whether the spectators were told the match ended short of its end.
  var spectatorsTold = false
  /// How long a side that reached the end keeps answering, so the other can agree too.
  static var linger: Double { 1 }
  /// Inputs packets per second when nothing new is decided.
  static var inputsRate: Double { 20 }

  /// A host's match: it waits for a guest whose `fingerprint` is its own, then plays the
  /// game's first seat.
  ///
  /// - Parameters:
  ///   - start: The game as it starts from a seed, the same on both sides.
  ///   - fingerprint: What both players' games must share (the game's name is added to it):
  ///     its settings, a scenario's text, the entity types it plays.
  public init(
    hosting start: @escaping (UInt64) -> G, fingerprint: UInt64, seed: UInt64,
    settings: RollbackSettings, peer: NetplayPeer
  ) {
    self.start = start
    self.peer = peer
    hostSeed = seed
    hostSettings = settings
    self.fingerprint = Self.fingerprint(fingerprint)
    phase = .waitingForGuest
  }

  /// A guest's match: it asks the host at `peer`'s remote address to join, then plays the
  /// game's second seat with the host's seed and settings.
  public init(joining start: @escaping (UInt64) -> G, fingerprint: UInt64, peer: NetplayPeer) {
    self.start = start
    self.peer = peer
    hostSeed = 0
    hostSettings = RollbackSettings()
    self.fingerprint = Self.fingerprint(fingerprint)
    phase = .joining
  }

  /// The game's name and `settings` in one fingerprint.
  private static func fingerprint(_ settings: UInt64) -> UInt64 {
    var hasher = StateHasher()
    hasher.combine(G.name)
    hasher.combine(settings)
    return hasher.finalize().rawValue
  }

  /// Ticks a second of the game as it stands (60 before it starts).
  public var ticksPerSecond: Double { rollback?.game.ticksPerSecond ?? 60 }

  /// The seat this side plays.
  public var localSeat: Int { peer.role == .host ? 0 : 1 }

  /// Whether the match has ended.
  public var hasEnded: Bool {
    if case .ended = phase { return true }
    return false
  }

  /// Queues an input of this side's player for the next tick decided, besides those
  /// `pump(now:inputs:)` asks for: a host's reloaded scenario, say.
  ///
  /// - Returns: Whether it was queued: the match is on and `RollbackSession.queue(_:)` took it.
  @discardableResult
  public func queue(_ input: G.Input) -> Bool {
    guard phase == .playing else { return false }
    return rollback?.queue(input) ?? false
  }

  /// Ends the match from this side: tells the other player, who is not waited for.
  public func quit() {
    guard !hasEnded else { return }
    for _ in 0..<3 { peer.send(.goodbye) }
    farewellSpectators()
    spectatorsTold = true
    peer.flush()
    phase = .ended(.quit)
  }

  /// Does what is due at `now` (seconds, monotonic): takes the other player's packets, runs
  /// the ticks that are due, asking `inputs` for the local player's inputs before each, and
  /// sends what the other player needs.
  ///
  /// - Returns: The ticks run (not counting those run again by a rollback).
  @discardableResult
  public func pump(now: Double, inputs: (UInt32) -> [G.Input] = { _ in [] }) -> Int {
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
    for (packet, sender) in peer.receive(timeout: timeout, ticks: ticks) {
      switch sender {
      case .remote: handle(packet.message, epoch: packet.epoch, now: now)
      case .stranger(let address): handleStranger(packet.message, from: address, now: now)
      case .spectator(let address): handleSpectator(packet.message, from: address, now: now)
      }
    }
  }

  /// A hello or a rejoin from another address than the guest's: while the guest is silent,
  /// a hello of this match is challenged, and a rejoin that answers a challenge from its
  /// address takes the guest's place; the host then sends its state.
  private func handleStranger(_ message: Packet.Message, from address: SocketAddress, now: Double) {
    guard phase == .playing, rollback != nil, peer.silentSeconds > 1 else {
      return peer.countDropped(.strangerAddress)
    }
    switch message {
    case .hello(let theirs):
      guard theirs == fingerprint else { return peer.countDropped(.wrongFingerprint) }
      var generator = SystemRandomNumberGenerator()
      let nonce: UInt64 = generator.next()
      challenges = Array((challenges + [(nonce, address)]).suffix(4))
      peer.send(.challenge(nonce: nonce), toStranger: address)
    case .rejoin(let nonce):
      guard challenges.contains(where: { $0.nonce == nonce && $0.address == address }) else {
        return peer.countDropped(.unasked)
      }
      challenges = []
      peer.switchRemote(to: address)
      peer.send(
        .welcome(
          seed: hostSeed, inputDelay: UInt8(hostSettings.inputDelay),
          maximumRollback: UInt8(hostSettings.maximumRollback), endTick: hostSettings.endTick))
      rejoinStateDue = true
      rejoins += 1
      pings = []
      progress?.at = now
    default:
      peer.countDropped(.strangerAddress)
    }
  }

  private func handle(_ message: Packet.Message, epoch: UInt8, now: Double) {
    switch message {
    case .hello(let theirs):
      guard peer.role == .host else { return peer.countDropped(.malformed) }
      guard theirs == fingerprint else {
        // A match under way goes on: only a host still waiting refuses the sender.
        guard rollback == nil else { return peer.countDropped(.wrongFingerprint) }
        peer.send(.goodbye)
        peer.forgetRemote()
        return
      }
      if rollback == nil {
        startSession(seed: hostSeed, localSeat: 0, settings: hostSettings)
        startKeepingInputs(seed: hostSeed)
        phase = .playing
        nextTick = now
      }
      peer.send(
        .welcome(
          seed: hostSeed, inputDelay: UInt8(hostSettings.inputDelay),
          maximumRollback: UInt8(hostSettings.maximumRollback), endTick: hostSettings.endTick))
    case .challenge(let nonce):
      guard peer.role == .guest, phase == .joining else { return peer.countDropped(.unasked) }
      // The host plays on with a guest that fell silent: this side takes its place.
      isRejoining = true
      peer.send(.rejoin(nonce: nonce))
    case .rejoin, .watch, .streamPart, .streamAck:
      peer.countDropped(.malformed)
    case .welcome(let seed, let inputDelay, let maximumRollback, let endTick):
      guard peer.role == .guest else { return peer.countDropped(.malformed) }
      guard rollback == nil else { return peer.countDropped(.known) }
      beginAsGuest(
        seed: seed,
        settings: RollbackSettings(
          inputDelay: Int(inputDelay), maximumRollback: Int(maximumRollback), endTick: endTick),
        now: now)
    case .goodbye:
      switch phase {
      case .joining: phase = .ended(.refused)
      case .playing:
        if agreedAt == nil { phase = .ended(.peerLeft(tick: rollback?.tick ?? 0)) }
      case .waitingForGuest, .ended: break
      }
    case .ping(let stamp):
      peer.send(.pong(stamp: stamp))
    case .inputDelay(let delay, let tick):
      guard peer.role == .guest else { return peer.countDropped(.malformed) }
      rollback?.scheduleInputDelay(Int(delay), fromTick: tick)
    case .pong(let stamp):
      guard let index = pings.firstIndex(of: stamp) else { return peer.countDropped(.unasked) }
      pings.removeSubrange(...index)
      let sample = Double(Self.stamp(now) &- stamp) / 1000
      roundTrip = roundTrip.map { $0 + (sample - $0) / 8 } ?? sample
    case .inputs, .stateHash, .inputPart:
      if let reason = rollback?.receive(message, epoch: epoch) { peer.countDropped(reason) }
    case .stateRequest, .statePart, .stateAck:
      if let reason = handleState(message, now: now) { peer.countDropped(reason) }
    }
  }

  /// The guest's game from the host's seed and settings: play starts, or, for a guest that
  /// joined again, waits for the host's state.
  private func beginAsGuest(seed: UInt64, settings: RollbackSettings, now: Double) {
    awaitsHostState = isRejoining
    startSession(seed: seed, localSeat: 1, settings: settings)
    // A guest that joined again plays on from the host's state: its inputs are not all here.
    if !isRejoining { startKeepingInputs(seed: seed) } else { startingGame = nil }
    phase = .playing
    nextTick = now
  }

  /// `now` in whole milliseconds, as a ping carries it (wrapping after 49 days).
  static func stamp(_ now: Double) -> UInt32 {
    UInt32(truncatingIfNeeded: Int64(now * 1000))
  }

  /// Starts the rollback session of the match from `seed`, this side at `localSeat` (0 the
  /// host, 1 the guest).
  private func startSession(seed: UInt64, localSeat: Int, settings: RollbackSettings) {
    rollback = RollbackSession(
      game: newGame(seed: seed), localSeat: localSeat, remoteSeat: 1 - localSeat,
      settings: settings)
    rollback?.perturbation = perturbation
  }

  /// The game both players play, as it starts.
  private func newGame(seed: UInt64) -> G {
    var game = start(seed)
    prepare(&game)
    return game
  }
}
