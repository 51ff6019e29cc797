import Gameplay
import TraitSandbox

/// A host's spectators: each gets the confirmed state when it comes, then both players'
/// inputs as they are confirmed, as one stream of bytes it acknowledges (`SpectatorStream`).
/// The players never wait for a spectator: one that falls silent or behind is dropped.
extension NetplayMatch {
  /// What a host streams to one spectator.
  struct SpectatorFeed {
    /// The stream's bytes not acknowledged yet, from `base` on.
    var unacknowledged: [UInt8]
    var base: UInt32 = 0
    /// The offset of the next byte to send.
    var next: UInt32 = 0
    /// The next tick whose inputs go into the stream.
    var streamedTicks: UInt32
    /// When the spectator last acknowledged more (or the bytes in flight were sent again).
    var lastProgress: Double
    var lastSent = -1.0

    /// The offset after the stream's last byte.
    var end: UInt32 { base + UInt32(unacknowledged.count) }
  }

  /// Bytes of the stream sent ahead of what a spectator acknowledged.
  static var streamWindow: UInt32 { 32 * 1024 }
  /// A spectator that has not acknowledged this many bytes is dropped.
  static var maximumUnacknowledged: Int { 8 << 20 }
  /// Seconds of silence after which a spectator is dropped.
  static var spectatorTimeout: Double { 10 }

  /// How many spectators watch.
  public var spectatorCount: Int { feeds.count }

  /// Whether every spectator holds the whole stream up to the end tick: what a host that
  /// finished waits for before it closes.
  public var spectatorsCaughtUp: Bool {
    let end = rollback?.settings.endTick ?? .max
    return feeds.values.allSatisfy { $0.base == $0.end && $0.streamedTicks >= end }
  }

  /// A spectator's watch, acknowledgement or goodbye.
  func handleSpectator(_ message: Packet.Message, from address: SocketAddress, now: Double) {
    switch message {
    case .watch(let theirs):
      guard theirs == fingerprint else {
        peer.send(.goodbye, toSpectator: address)
        peer.forgetSpectator(address)
        return peer.countDropped(.wrongFingerprint)
      }
      // Its stream starts on the next pump, from the state then confirmed.
      if feeds[address] == nil { newWatchers.insert(address) }
    case .streamAck(let held):
      guard var feed = feeds[address] else { return }
      guard held <= feed.end else { return peer.countDropped(.unsentTick) }
      if held > feed.base {
        feed.unacknowledged.removeFirst(Int(held - feed.base))
        feed.base = held
        feed.lastProgress = now
      }
      feed.next = max(feed.next, held)
      feeds[address] = feed
    case .goodbye:
      feeds[address] = nil
      newWatchers.remove(address)
      peer.forgetSpectator(address)
    default:
      peer.countDropped(.malformed)
    }
  }

  /// Starts the streams of new spectators, adds the newly confirmed ticks to every stream,
  /// sends what is due, and drops the spectators that fell silent or behind.
  func serveSpectators(_ session: inout RollbackSession<G>, now: Double) {
    guard peer.role == .host else { return }
    for address in newWatchers where feeds[address] == nil {
      let (tick, state) = session.confirmedState
      guard let snapshot = try? state.snapshot() else { continue }
      let transfer = StateTransfer(
        tick: tick, hash: state.stateHash(), snapshot: snapshot, senderInputs: [],
        receiverInputs: [], inputDelay: UInt8(session.inputDelay), delayChange: nil)
      feeds[address] = SpectatorFeed(
        unacknowledged: SpectatorStream.start(transfer, endTick: session.settings.endTick),
        streamedTicks: tick, lastProgress: now)
    }
    newWatchers = []
    let silences = Dictionary(
      peer.spectatorSilences.map { ($0.address, $0.seconds) }, uniquingKeysWith: max)
    for (address, var feed) in feeds {
      guard (silences[address] ?? .infinity) < Self.spectatorTimeout,
        feed.unacknowledged.count < Self.maximumUnacknowledged
      else {
        feeds[address] = nil
        peer.send(.goodbye, toSpectator: address)
        peer.forgetSpectator(address)
        continue
      }
      let ticks = session.confirmedInputs(from: feed.streamedTicks)
      for inputs in ticks {
        feed.unacknowledged += SpectatorStream.tick(inputs, encode: session.game.encodedInput)
      }
      feed.streamedTicks += UInt32(ticks.count)
      sendStream(&feed, to: address, now: now)
      feeds[address] = feed
    }
    session.keepsInputsFrom = feeds.values.map(\.streamedTicks).min()
  }

  /// Sends a feed's bytes due: ten times a second, or at once when a part's worth waits;
  /// what is in flight again when the spectator has acknowledged nothing for a while.
  private func sendStream(_ feed: inout SpectatorFeed, to address: SocketAddress, now: Double) {
    if feed.next > feed.base && now - feed.lastProgress > Self.stateResend {
      feed.next = feed.base
      feed.lastProgress = now
    }
    let size = UInt32(PacketCodec.maximumStatePart)
    guard now - feed.lastSent >= 0.1 || feed.end - feed.next >= size else { return }
    if feed.next == feed.base { feed.lastProgress = now }
    while feed.next < feed.end && feed.next - feed.base < Self.streamWindow {
      let start = Int(feed.next - feed.base)
      let count = min(Int(size), feed.unacknowledged.count - start)
      peer.send(
        .streamPart(
          offset: feed.next, bytes: Array(feed.unacknowledged[start..<start + count])),
        toSpectator: address)
      feed.next += UInt32(count)
    }
    feed.lastSent = now
  }

  /// Tells every spectator the match is over: it ended short of its end, or this side left.
  func farewellSpectators() {
    for address in feeds.keys {
      for _ in 0..<3 { peer.send(.goodbye, toSpectator: address) }
    }
  }
}
