import Gameplay
import TraitSandbox

/// A game between a player here and one over the network, stepped GGPO-style: no waiting for
/// the other player's inputs while they are on their way. Any `Game` plays so: the session
/// needs only its inputs, a tick, a copy and a hash.

///
/// Ticks are counted from the session's start (whatever the game's own count) and each side's
/// inputs are kept per tick. A local input applies `inputDelay` ticks after the player gave it,
/// which hides that much of the network's latency. When the remote input for a tick has not
/// come yet, the tick runs with a prediction: no input, which is what a player does on nearly
/// every tick (an input is an event such as a purchase, not a held button, so repeating the
/// last one would buy twice). When the real input comes and is not empty, the session
/// restores the state from before that tick, which it kept, and runs the ticks since again
/// with what both players really did. At most `maximumRollback` ticks run ahead of the other
/// player's last known input; beyond that the session waits (`canAdvance`).
///
/// Snapshots are copies of the game value: for a game on a `World`, copying one is O(1), and
/// the stepping after it copies only the storage it writes.
///
/// No I/O: a transport feeds what the other player sent to `receive(_:)` and sends what
/// `inputsMessage()` and `hashToSend()` give; the same inputs give the same game on both sides.
public struct RollbackSession<G: Game> {
  /// How a session runs (`RollbackSettings`).
  public typealias Settings = RollbackSettings
  /// What rolling back cost (`RollbackStatistics`).
  public typealias Statistics = RollbackStatistics

  /// The seat this player's inputs are for.
  public let localSeat: Int
  /// The seat the other player's inputs are for.
  public let remoteSeat: Int
  /// How the session runs.
  public let settings: Settings
  /// The game as it stands after `tick` ticks.
  public internal(set) var game: G
  /// Ticks run since the session started.
  public internal(set) var tick: UInt32 = 0
  /// What rolling back has cost so far.
  public private(set) var statistics = Statistics()
  /// The first tick whose hashes differed, once one did; the session runs no further.
  public internal(set) var desync: Desync?
  /// Ticks between a local input and the tick it applies at: `settings.inputDelay` until a
  /// change (`scheduleInputDelay(_:fromTick:)`) takes effect.
  public internal(set) var inputDelay: Int
  /// The input delay to change to, and the tick to change at.
  public internal(set) var delayChange: (delay: Int, tick: UInt32)?

  var localInputs: TickLog<G.Input>
  var remoteInputs = TickLog<G.Input>()
  /// What the player did since the last tick was decided.
  private var pending: [G.Input] = []
  /// The game before each tick run on a predicted input, oldest first.
  var saved: [(tick: UInt32, game: G)] = []
  /// The first tick run on a prediction that turned out wrong.
  var rollbackTarget: UInt32?
  /// The newest local tick the other player holds.
  var acknowledgedByRemote: UInt32?
  /// The newest local tick sent in an inputs message: the other player cannot hold a later one.
  var newestInputSent: UInt32?
  /// How far ahead of this side the other reckons it is.
  var remoteAdvantage = 0
  /// This side's hashes by ticks run: provisional until those ticks are confirmed.
  var localHashes: [UInt32: StateHash] = [:]
  /// The other player's hashes by ticks run, not yet compared.
  var remoteHashes: [UInt32: StateHash] = [:]
  /// The newest hash tick sent.
  var lastHashSent: UInt32 = 0
  /// Encodings of inputs that travel in parts, by hash: this side's own and those the other
  /// sent.
  var longInputs: [UInt64: [UInt8]] = [:]
  /// The hashes of `longInputs`, oldest first.
  var longInputOrder: [UInt64] = []
  /// Parts of the other side's long inputs on their way, by hash.
  var partialInputs: [UInt64: [UInt8: [UInt8]]] = [:]
  /// The hashes of `partialInputs`, in the order their first parts came.
  var partialOrder: [UInt64] = []
  /// This side's long inputs the other side may not hold yet: the tick each applies at.
  var unsentLongInputs: [(tick: UInt32, hash: UInt64)] = []
  /// The most long inputs kept.
  static var maximumLongInputs: Int { 16 }
  /// The newest hash tick both sides agreed on.
  public internal(set) var lastAgreedHashTick: UInt32?
  /// How many times one side's state replaced the other's (`stateTransfer()`, `load(_:)`),
  /// wrapping: acknowledgements and hashes sent before the last replacement are stale.
  public internal(set) var epoch: UInt8 = 0
  /// A tick at which this side's game runs one tick more than it should, once: a desync made
  /// on purpose, to test that one is caught and recovered from. `nil` (none) but in tests.
  public var perturbation: UInt32?
  /// The first tick whose inputs are kept, whoever no longer needs them: what spectators have
  /// not been sent yet (`confirmedInputs(from:)`).
  public var keepsInputsFrom: UInt32?

  /// Starts a session of `game` (whose seats `localSeat` and `remoteSeat` players control)
  /// for the player at `localSeat`.
  ///
  /// - Precondition: The seats are two of the game's.
  public init(game: G, localSeat: Int, remoteSeat: Int, settings: Settings = Settings()) {
    precondition(
      localSeat != remoteSeat && game.seats.indices.contains(localSeat)
        && game.seats.indices.contains(remoteSeat), "two of the game's seats")
    self.game = game
    self.localSeat = localSeat
    self.remoteSeat = remoteSeat
    self.settings = settings
    localInputs = TickLog(emptyTicks: settings.inputDelay)
    inputDelay = settings.inputDelay
  }

  /// Changes the input delay to `delay` from tick `tick` on (at once if the session is past
  /// it). Both players change at the same tick, so that each reckons the other's lag with the
  /// delay the other uses; the inputs that travel are the same whatever the delay, so a side
  /// that changes late plays on the same game.
  ///
  /// A longer delay leaves empty ticks between the inputs given before and after the change;
  /// a shorter one is taken a tick at a time on ticks the player gives nothing.
  public mutating func scheduleInputDelay(_ delay: Int, fromTick tick: UInt32) {
    let delay = min(
      max(delay, RollbackSettings.inputDelays.lowerBound), RollbackSettings.inputDelays.upperBound)
    delayChange = delay == inputDelay && delayChange == nil ? nil : (delay, tick)
  }

  /// Appends this tick's local inputs, `inputDelay` ticks ahead, first changing the delay if
  /// the change is due.
  private mutating func decideLocalInputs() {
    if let change = delayChange, tick >= change.tick {
      inputDelay = change.delay
      delayChange = nil
    }
    let lead = Int(localInputs.end) - Int(tick)
    if lead > inputDelay && pending.isEmpty {
      // Shorter: this tick decides nothing; its inputs were decided a tick earlier.
      return
    }
    for _ in 0..<max(inputDelay - lead, 0) { localInputs.append([]) }
    let decided = localInputs.end
    localInputs.append(pending)
    pending = []
    for index in unsentLongInputs.indices where unsentLongInputs[index].tick == .max {
      unsentLongInputs[index].tick = decided
    }
  }

  /// Ticks of the other player's inputs known, from the first on: every tick before it ran (or
  /// will run) with what the other player really did.
  public var confirmedTicks: UInt32 { remoteInputs.end }

  /// Whether the next tick may run now: it would be at most `maximumRollback` ticks past the
  /// other player's last known input, the hashes agree, and the session has not ended.
  public var canAdvance: Bool {
    guard desync == nil else { return false }
    if let end = settings.endTick, tick >= end { return false }
    return Int(tick) + 1 - Int(remoteInputs.end) <= settings.maximumRollback
  }

  /// Whether every tick up to the end ran with both players' real inputs.
  public var isFinished: Bool {
    guard let end = settings.endTick else { return false }
    return tick >= end && remoteInputs.end >= end && rollbackTarget == nil
  }

  /// Queues something the local player did: it applies `inputDelay` ticks after the next
  /// tick runs.
  ///
  /// - Returns: Whether it was queued: not more than `PacketCodec.maximumInputsPerTick`
  ///   inputs on one tick, nor an input whose encoding the game does not read back as it, or
  ///   longer than `PacketCodec.maximumInputPart` times `PacketCodec.maximumInputParts` bytes.
  @discardableResult
  public mutating func queue(_ input: G.Input) -> Bool {
    guard pending.count < PacketCodec.maximumInputsPerTick else {
      statistics.droppedInputs += 1
      return false
    }
    let encoding = game.encodedInput(input)
    guard encoding.count <= PacketCodec.maximumInputPart * PacketCodec.maximumInputParts,
      game.decodedInput(encoding) == input
    else {
      statistics.droppedInputs += 1
      return false
    }
    if case .inParts(let hash) = WireInput(encoding: encoding) {
      keepLongInput(encoding, hash: hash)
      // Its tick is known once the tick's inputs are decided (`decideLocalInputs()`).
      unsentLongInputs.append((.max, hash))
    }
    pending.append(input)
    return true
  }

  /// Runs the next tick, first rolling back if an input came that a prediction missed.
  ///
  /// - Returns: Whether the tick ran; `false` while waiting for the other player.
  /// - Complexity: One tick, plus one per tick rolled back.
  @discardableResult
  public mutating func advance() -> Bool {
    rollBackIfNeeded()
    guard canAdvance else {
      if desync == nil && !(settings.endTick.map { tick >= $0 } ?? false) {
        statistics.waits += 1
      }
      return false
    }
    decideLocalInputs()
    runTick()
    return true
  }

  /// Rolls back to the first mispredicted tick now, without running a new one: what a peer
  /// that is waiting does so that its state is current.
  public mutating func rollBackIfNeeded() {
    guard let target = rollbackTarget else { return }
    rollbackTarget = nil
    guard let index = saved.firstIndex(where: { $0.tick == target }) else {
      preconditionFailure("no snapshot of tick \(target) to roll back to")
    }
    let now = tick
    game = saved[index].game
    saved.removeSubrange(index...)
    tick = target
    let depth = Int(now - target)
    statistics.rollbacks += 1
    statistics.ticksRunAgain += depth
    statistics.deepestRollback = max(statistics.deepestRollback, depth)
    while tick < now { runTick() }
  }

  /// Runs tick `tick` with both sides' inputs (the remote one predicted if unknown), the
  /// seats in order.
  private mutating func runTick() {
    let current = tick
    let predicted = current >= remoteInputs.end
    if predicted { saved.append((current, game)) }
    var inputs: [SeatInput<G.Input>] = []
    for seat in [localSeat, remoteSeat].sorted() {
      let given =
        seat == localSeat ? localInputs[current] : (predicted ? [] : remoteInputs[current])
      inputs += given.map { SeatInput(seat: seat, input: $0) }
    }
    game.advance(with: inputs)
    if current == perturbation { game.advance() }
    tick += 1
    if isHashTick(tick) {
      localHashes[tick] = game.stateHash()
      compareHashes()
    }
  }

  /// Takes what the other player sent, unless it could not have: a message that claims what
  /// this side never sent or names a tick the other side cannot have played changes nothing.
  ///
  /// - Returns: `nil` when the message was taken, else why it was not (for the peer to count):
  ///   an acknowledgement of a tick never sent (`.unsentTick`, the whole packet dropped); inputs
  ///   the game does not read as any player's (`.badInput`, forged or damaged, dropped with the
  ///   ticks after them in the packet); a hash of a tick that is not a hash tick, that this
  ///   side's inputs do not reach yet or past the end (`.hashOutOfRange`); a hash agreed on or
  ///   a part of an input held already (`.known`); any other message (`.malformed`, the match's
  ///   own to take).
  ///
  /// - Parameter epoch: The sender's `epoch` (`Packet.epoch`), this side's if `nil`: an
  ///   acknowledgement from before this side's state was last replaced is not taken, nor a
  ///   hash of another epoch's state (`.staleState`).
  @discardableResult
  public mutating func receive(
    _ message: Packet.Message, epoch: UInt8? = nil
  ) -> DroppedPackets.Reason? {
    let epoch = epoch ?? self.epoch
    switch message {
    case .inputs(let first, let ticks, var acknowledged, let advantage):
      // The other side's log of these inputs may have been replaced since.
      if (1...127).contains(self.epoch &- epoch) { acknowledged = nil }
      // An acknowledgement past what was sent would drop unsent inputs from the resend
      // window, and the other side would wait for them for ever.
      if let acknowledged {
        guard let sent = newestInputSent, acknowledged <= sent else { return .unsentTick }
      }
      guard receiveInputs(first: first, ticks: ticks) else { return .badInput }
      if let acknowledged, acknowledged >= (acknowledgedByRemote ?? 0) {
        acknowledgedByRemote = acknowledged
        unsentLongInputs.removeAll { $0.tick <= acknowledged }
      }
      remoteAdvantage = Int(advantage)
    case .stateHash(let tick, let hash):
      guard epoch == self.epoch else { return .staleState }
      return receiveHash(tick: tick, hash: StateHash(rawValue: hash))
    case .inputPart(let hash, let part, let partCount, let bytes):
      return receivePart(hash: hash, part: part, partCount: partCount, bytes: bytes)
    case .hello, .welcome, .goodbye, .ping, .pong, .inputDelay, .stateRequest, .statePart,
      .stateAck, .challenge, .rejoin, .watch, .streamPart, .streamAck:
      return .malformed
    }
    return nil
  }

  /// Takes the other side's hash after `tick` ticks, if it can be one: a hash tick, no later
  /// than the end, and no later than this side's inputs reach (the other side confirms a tick
  /// only with them), so that no table of hashes fills with ticks that never come.
  private mutating func receiveHash(tick: UInt32, hash: StateHash) -> DroppedPackets.Reason? {
    guard tick > 0, isHashTick(tick), tick <= localInputs.end, tick <= settings.endTick ?? .max
    else {
      return .hashOutOfRange
    }
    guard tick > (lastAgreedHashTick ?? 0) else { return .known }
    guard remoteHashes[tick] != nil || remoteHashes.count < 64 else { return .hashOutOfRange }
    remoteHashes[tick] = hash
    compareHashes()
    return nil
  }

  /// Both players' inputs from tick `first` up to the last tick both are known for, a list a
  /// tick, seats in order: what a spectator is sent. Empty if the inputs of `first` are no
  /// longer held (`keepsInputsFrom` keeps them).
  public func confirmedInputs(from first: UInt32) -> [[SeatInput<G.Input>]] {
    let end = min(localInputs.end, remoteInputs.end)
    guard first < end, localInputs.holds(first), remoteInputs.holds(first) else { return [] }
    return (first..<end).map { tick in
      var inputs: [SeatInput<G.Input>] = []
      for seat in [localSeat, remoteSeat].sorted() {
        let given = seat == localSeat ? localInputs[tick] : remoteInputs[tick]
        inputs += given.map { SeatInput(seat: seat, input: $0) }
      }
      return inputs
    }
  }

  /// Whether the state after `tick` ticks is one whose hashes the two sides compare.
  func isHashTick(_ tick: UInt32) -> Bool {
    tick % UInt32(settings.hashInterval) == 0 || tick == settings.endTick
  }

  /// Takes the other player's inputs from tick `first` on, as far as they are known.
  ///
  /// - Returns: `false` if one does not decode as an input of the game.
  private mutating func receiveInputs(first: UInt32, ticks: [[WireInput]]) -> Bool {
    var valid = true
    for (offset, wireInputs) in ticks.enumerated() {
      let remoteTick = first &+ UInt32(offset)
      // Older ticks are known already; a gap waits for the packet that fills it (every packet
      // repeats what was not acknowledged).
      guard remoteTick == remoteInputs.end else { continue }
      // An input in parts is known once all its parts are: until then the tick is not either.
      var inputs: [G.Input] = []
      var missing = false
      for wire in wireInputs {
        let encoding: [UInt8]
        switch wire {
        case .bytes(let bytes): encoding = bytes
        case .inParts(let hash):
          guard let held = longInputs[hash] else {
            missing = true
            continue
          }
          encoding = held
        }
        guard let input = game.decodedInput(encoding) else {
          valid = false
          break
        }
        inputs.append(input)
      }
      if missing || !valid { break }
      remoteInputs.append(inputs)
      if remoteTick < tick && !inputs.isEmpty {
        rollbackTarget = min(rollbackTarget ?? remoteTick, remoteTick)
      }
    }
    // Snapshots before confirmed ticks are never rolled back to again.
    let keepFrom = min(remoteInputs.end, rollbackTarget ?? .max)
    saved.removeAll { $0.tick < keepFrom }
    // A perturbation that ran on a confirmed tick stays, whatever is rolled back.
    if let perturbation, perturbation < min(keepFrom, tick) { self.perturbation = nil }
    trimLogs()
    compareHashes()
    return valid
  }

  /// Forgets the inputs no rollback and no packet needs any more. The newest local tick stays
  /// even when the other player has it: `inputsMessage()` sends it again, with this side's
  /// acknowledgement and advantage, until a newer one is decided (with no input delay, every
  /// tick decided is acknowledged before the next).
  private mutating func trimLogs() {
    let needed = min(
      tick, saved.first?.tick ?? tick, rollbackTarget ?? .max, keepsInputsFrom ?? .max)
    remoteInputs.dropBefore(min(needed, remoteInputs.end))
    let newest = localInputs.end > 0 ? localInputs.end - 1 : 0
    localInputs.dropBefore(min(needed, acknowledgedByRemote.map { $0 + 1 } ?? 0, newest))
  }
}
