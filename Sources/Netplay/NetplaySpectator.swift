import Gameplay
import TraitSandbox

/// A spectator of a host's match: it asks to watch with the session code, loads the host's
/// confirmed state, then steps the game with both players' confirmed inputs as they stream
/// in, faster than real time until it has caught up. It plays no seat, and the players never
/// wait for it. A window or a headless loop calls `pump(now:)` often, as for a match.
public final class NetplaySpectator<G: Game> {
  /// Where the spectator stands.
  public enum Phase: Equatable, Sendable {
    /// It asks the host to let it watch.
    case joining
    /// It watches.
    case watching
    /// It has stopped, for this reason.
    case ended(Ending)
  }

  /// Why a spectator stopped.
  public enum Ending: Equatable, Sendable, CustomStringConvertible {
    /// It watched to the match's end tick.
    case finished
    /// The host said goodbye: the match ended short of its end, or the host refused this
    /// spectator's game.
    case hostLeft(tick: UInt32)
    /// Nothing came from the host for this many seconds.
    case hostSilent(seconds: Double)
    /// What the host streamed could not be read or loaded.
    case unreadable(String)
    /// This spectator left.
    case quit

    /// In words, for a banner or a message.
    public var description: String {
      switch self {
      case .finished: "watched the match to its end"
      case .hostLeft(let tick): "the host ended the match at tick \(tick), or refused this game"
      case .hostSilent(let seconds): "the host has been silent for \(Int(seconds)) s"
      case .unreadable(let why): "the host's stream does not read: \(why)"
      case .quit: "stopped watching"
      }
    }
  }

  /// The network end.
  public let peer: NetplayPeer
  /// Where the spectator stands.
  public private(set) var phase = Phase.joining
  /// The game as it stands, once the host's state loaded.
  public private(set) var game: G?
  /// Ticks run, by the match's count.
  public private(set) var tick: UInt32 = 0
  /// The match's end tick, if it has one.
  public private(set) var endTick: UInt32?
  /// Seconds of silence after which the host is given up on.
  public var silenceTimeout = 60.0
  /// The most ticks one pump runs while catching up.
  public var catchUpTicks = 32

  private let template: G
  private let fingerprint: UInt64
  /// The stream's bytes held in order and not read yet, from offset `streamBase` on, and
  /// parts that came ahead of a gap, by offset.
  private var stream: [UInt8] = []
  private var streamBase = 0
  private var early: [UInt32: [UInt8]] = [:]
  /// The offset in the stream where the next tick starts.
  private var cursor: Int?
  /// Ticks of inputs read and not run yet, oldest first.
  private var queued: [[SeatInput<G.Input>]] = []
  private var queuedStart = 0
  private var nextTick = 0.0
  private var lastWatch = -1.0
  private var lastAck = -1.0
  private var ackedHeld: UInt32 = 0

  /// A spectator of the match the peer's host runs; `start` makes a game (of any seed) whose
  /// `restored(from:)` reads the host's state, and `fingerprint` is what a player's would be.
  public init(watching start: (UInt64) -> G, fingerprint: UInt64, peer: NetplayPeer) {
    precondition(peer.role == .spectator, "a spectator's peer")
    template = start(0)
    var hasher = StateHasher()
    hasher.combine(G.name)
    hasher.combine(fingerprint)
    self.fingerprint = hasher.finalize().rawValue
    self.peer = peer
  }

  /// Whether it has stopped.
  public var hasEnded: Bool {
    if case .ended = phase { return true }
    return false
  }

  /// Ticks streamed and not run yet: how far behind the match it is.
  public var ticksBehind: Int { queued.count - queuedStart }

  /// Stops watching: tells the host.
  public func quit() {
    guard !hasEnded else { return }
    for _ in 0..<3 { peer.send(.goodbye) }
    phase = .ended(.quit)
  }

  /// Takes what the host sent, runs the ticks due (all those streamed, up to `catchUpTicks`,
  /// when behind), and acknowledges what it holds.
  ///
  /// - Returns: The ticks run.
  @discardableResult
  public func pump(now: Double) -> Int {
    receive(timeout: 0)
    guard !hasEnded else { return 0 }
    if phase == .joining && now - lastWatch >= 0.25 {
      peer.send(.watch(fingerprint: fingerprint))
      lastWatch = now
    }
    read()
    let ran = run(now: now)
    let held = self.held
    if held != ackedHeld && now - lastAck >= 0.05 || now - lastAck >= 0.5 {
      if phase == .watching || held > 0 { peer.send(.streamAck(held: held)) }
      ackedHeld = held
      lastAck = now
    }
    if let endTick, tick >= endTick {
      phase = .ended(.finished)
      // The host stops streaming to a spectator that has it all and left.
      peer.send(.streamAck(held: held))
      for _ in 0..<2 { peer.send(.goodbye) }
    } else if peer.silentSeconds > silenceTimeout {
      phase = .ended(.hostSilent(seconds: peer.silentSeconds))
    }
    return ran
  }

  /// Waits until something comes from the host or `seconds` pass.
  public func wait(seconds: Double) {
    receive(timeout: seconds)
  }

  private func receive(timeout: Double) {
    for (packet, _) in peer.receive(timeout: timeout, ticks: 0...UInt32.max) {
      switch packet.message {
      case .streamPart(let offset, let bytes):
        take(offset: offset, bytes: bytes)
      case .goodbye:
        if !hasEnded { phase = .ended(.hostLeft(tick: tick)) }
      default:
        peer.countDropped(.malformed)
      }
    }
  }

  /// The offset after the last byte of the stream held in order.
  private var held: UInt32 { UInt32(streamBase + stream.count) }

  /// Adds a part of the stream: in order, or held until the gap before it fills.
  private func take(offset: UInt32, bytes: [UInt8]) {
    let held = self.held
    guard Int(offset) + bytes.count > Int(held) else { return peer.countDropped(.known) }
    guard offset <= held else {
      // At most what the host has in flight waits ahead of a gap.
      if early.count < 64 { early[offset] = bytes }
      return
    }
    stream += bytes.dropFirst(Int(held - offset))
    while let next = early.keys.filter({ $0 <= self.held }).min() {
      let part = early.removeValue(forKey: next) ?? []
      let skip = Int(self.held - next)
      if part.count > skip { stream += part.dropFirst(skip) }
    }
  }

  /// Loads the state once it is all here, and reads the ticks that are.
  private func read() {
    do throws(PacketError) {
      if cursor == nil {
        guard let (transfer, end, start) = try SpectatorStream.readStart(stream) else { return }
        let loaded: G
        do {
          loaded = try template.restored(from: transfer.snapshot)
        } catch {
          phase = .ended(.unreadable("the host's state does not restore: \(error)"))
          return
        }
        guard loaded.stateHash() == transfer.hash else {
          phase = .ended(.unreadable("the host's state restores to another hash"))
          return
        }
        game = loaded
        tick = transfer.tick
        endTick = end
        cursor = start
        phase = .watching
      }
      guard let position = cursor, let game else { return }
      let (ticks, end) = try SpectatorStream.readTicks(stream, from: position - streamBase)
      for encodings in ticks {
        var inputs: [SeatInput<G.Input>] = []
        for (seat, encoding) in encodings {
          guard let input = game.decodedInput(encoding), game.seats.indices.contains(seat) else {
            phase = .ended(.unreadable("an input of tick \(tick) does not decode"))
            return
          }
          inputs.append(SeatInput(seat: seat, input: input))
        }
        queued.append(inputs)
      }
      cursor = streamBase + end
      // What was read is not needed again.
      if end > 1 << 16 {
        stream.removeFirst(end)
        streamBase += end
      }
    } catch {
      phase = .ended(.unreadable(error.description))
    }
  }

  /// Runs the ticks due: at the game's rate when nearly caught up, up to `catchUpTicks` a
  /// pump when further behind.
  private func run(now: Double) -> Int {
    // Taken out while it steps, so that no copy shares what it writes.
    guard var running = game else { return 0 }
    game = nil
    defer { game = running }
    let tickSeconds = 1 / running.ticksPerSecond
    nextTick = max(nextTick, now - 2 * tickSeconds)
    var ran = 0
    while queuedStart < queued.count && ran < catchUpTicks
      && (now >= nextTick || ticksBehind > 6) && endTick.map({ tick < $0 }) ?? true
    {
      running.advance(with: queued[queuedStart])
      queuedStart += 1
      tick += 1
      ran += 1
      nextTick += tickSeconds
    }
    if queuedStart > 1024 {
      queued.removeFirst(queuedStart)
      queuedStart = 0
    }
    return ran
  }
}
