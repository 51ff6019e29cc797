import TraitSandbox

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The code a joining player gives to reach a host's session: 64 random bits as four groups of
/// four hex digits, `3f9a-12cd-88e0-4b71`. The session's number and keys are derived from it
/// (`SessionKeys`); only the number travels on the network.
public struct SessionCode: Equatable, Sendable, CustomStringConvertible {
  /// The code's 64 bits.
  public var value: UInt64

  /// The code of `value`.
  public init(value: UInt64) {
    self.value = value
  }

  /// A new random code.
  public static func random() -> SessionCode {
    var generator = SystemRandomNumberGenerator()
    return SessionCode(value: generator.next())
  }

  /// The code `text` spells (16 hex digits, dashes anywhere, either case), if it is one.
  public init?(_ text: String) {
    let digits = text.filter { $0 != "-" }
    guard digits.count == 16, let value = UInt64(digits, radix: 16) else { return nil }
    self.value = value
  }

  /// `3f9a-12cd-88e0-4b71`.
  public var description: String {
    let hex = String(value, radix: 16)
    let digits = Array(String(repeating: "0", count: 16 - hex.count) + hex)
    return stride(from: 0, to: 16, by: 4).map { String(digits[$0..<$0 + 4]) }
      .joined(separator: "-")
  }
}

/// The other player, reached over UDP: the handshake, datagrams authenticated, checked and
/// counted, faults simulated on the way out, and what the traffic has cost.
///
/// Every datagram is tagged with the session code's key for its direction (`SessionKeys`):
/// one without the right tag, or one seen before, is dropped, so that no one without the code
/// can act in the match, however they forge the sender's address; a host answers no one
/// before a hello tagged with the code. Only datagrams from the other player's address are
/// taken once it is known; anything else is dropped and counted by why (`dropped`). One thread
/// uses a peer.
public final class NetplayPeer {
  /// Which end of the match this is.
  public enum Role: Sendable {
    /// The host: it plays the first seat, and spectators watch through it.
    case host
    /// The guest: it plays the second seat.
    case guest
    /// A spectator: it watches the host's match and plays no seat.
    case spectator
  }

  /// Who sent a packet a host took.
  public enum Sender: Equatable, Sendable {
    /// The other player.
    case remote
    /// Another address, with a hello or a rejoin tagged as the guest's: a guest that comes
    /// back on a new address.
    case stranger(SocketAddress)
    /// A spectator, at its address.
    case spectator(SocketAddress)
  }

  /// A spectator a host knows: its datagrams' counters and when it was last heard from.
  private struct SpectatorLink {
    var window = ReplayWindow()
    var lastHeard: Double
  }

  /// Which end this is.
  public let role: Role
  /// The code both sides share.
  public let code: SessionCode
  /// The session number datagrams carry, from the code.
  public var session: UInt64 { keys.session }
  /// The other player's address, once known.
  public private(set) var remote: SocketAddress?
  /// Datagrams dropped, by why.
  public private(set) var dropped = DroppedPackets()
  /// Bytes of datagrams sent and received (UDP payload).
  public private(set) var bytesSent = 0
  /// Bytes of datagrams received from the other player.
  public private(set) var bytesReceived = 0
  /// Datagrams sent.
  public private(set) var packetsSent = 0
  /// Datagrams taken from the other player.
  public private(set) var packetsReceived = 0
  /// When the other player was last heard from (seconds, monotonic clock).
  public private(set) var lastHeard: Double
  /// The epoch every packet sent carries (`Packet.epoch`).
  public var epoch: UInt8 = 0
  /// Bytes of datagrams sent to spectators and received from them (UDP payload).
  public private(set) var spectatorBytes = (sent: 0, received: 0)
  /// The spectators a host knows, by address.
  private var spectators: [SocketAddress: SpectatorLink] = [:]
  /// The most spectators a host takes at once.
  public static let maximumSpectators = 16

  private let keys: SessionKeys
  /// The counter of the next datagram sent.
  private var counter: UInt32 = 0
  /// The counters of the other player's datagrams taken.
  private var window = ReplayWindow()
  private let socket: UDPSocket
  private var link: FaultyLink?
  private let clock = MonotonicClock()
  /// The most datagrams one `receive` takes, so that a flood cannot stall the match.
  static let maximumPerReceive = 256

  /// A peer on `socket`: a host waiting for its guest, or a guest that knows its host.
  ///
  /// - Parameters:
  ///   - faults: What to do to every datagram sent, for testing over a good network.
  public init(
    role: Role, socket: UDPSocket, code: SessionCode, remote: SocketAddress? = nil,
    faults: NetworkFaults = NetworkFaults(), faultSeed: UInt64 = 1
  ) {
    self.role = role
    self.socket = socket
    self.code = code
    keys = SessionKeys(code: code)
    self.remote = remote
    link = faults.isNone ? nil : FaultyLink(faults: faults, seed: faultSeed ^ code.value)
    lastHeard = clock.now()
  }

  /// The port this peer's socket is bound to.
  public var localPort: UInt16 { socket.localPort }

  /// Sends `message` to the other player (through the simulated faults, if any).
  public func send(_ message: Packet.Message) {
    guard let remote else { return }
    send(message, to: remote)
  }

  /// Sends `message` to the spectator at `address`, sealed with the spectators' key.
  public func send(_ message: Packet.Message, toSpectator address: SocketAddress) {
    let bytes = keys.seal(
      PacketCodec.encode(Packet(session: session, message: message, epoch: epoch)),
      going: .hostToSpectator, counter: counter)
    counter &+= 1
    spectatorBytes.sent += bytes.count
    socket.send(bytes, to: address)
  }

  /// The spectators a host knows, and how long each has been silent.
  public var spectatorSilences: [(address: SocketAddress, seconds: Double)] {
    let now = clock.now()
    return spectators.map { ($0.key, now - $0.value.lastHeard) }
  }

  /// Forgets the spectator at `address`: it left, or fell silent.
  public func forgetSpectator(_ address: SocketAddress) {
    spectators[address] = nil
  }

  private func send(_ message: Packet.Message, to address: SocketAddress) {
    let bytes = keys.seal(
      PacketCodec.encode(Packet(session: session, message: message, epoch: epoch)), from: role,
      counter: counter)
    counter &+= 1
    bytesSent += bytes.count
    packetsSent += 1
    if link != nil && address == remote {
      link?.send(bytes, now: clock.now())
      flush()
    } else {
      socket.send(bytes, to: address)
    }
  }

  /// Sends what simulated faults still hold as it falls due, for at most `seconds`: what a
  /// peer does before it closes, so that its last packets (a goodbye) go out late rather
  /// than not at all.
  public func drain(seconds: Double) {
    guard remote != nil else { return }
    let deadline = clock.now() + seconds
    while let due = link?.nextDue, due <= deadline, clock.now() <= deadline {
      let wait = due - clock.now()
      if wait > 0 { usleep(UInt32(min(wait, 1) * 1_000_000)) }
      flush()
    }
  }

  /// Sends the held datagrams that are due.
  public func flush() {
    guard let remote, var held = link else { return }
    for bytes in held.due(now: clock.now()) { socket.send(bytes, to: remote) }
    link = held
  }

  /// The packets the other player sent that are waiting, after waiting up to `timeout`
  /// seconds for the first: each checked against `ticks`, the others dropped and counted;
  /// `from` is `nil` for the other player's, the sender's address for a hello or a rejoin from
  /// another address, which a host takes from anyone holding the code (a guest that comes
  /// back on a new address; `switchRemote(to:)`).
  ///
  /// A host that does not know its guest yet takes a `hello` from anyone who holds the code,
  /// and the sender of the first tagged with it becomes the guest.
  public func receive(
    timeout: Double, ticks: ClosedRange<UInt32>
  ) -> [(packet: Packet, from: Sender)] {
    var packets: [(packet: Packet, from: Sender)] = []
    var wait = timeout
    if let due = link?.nextDue { wait = min(wait, max(due - clock.now(), 0)) }
    for _ in 0..<Self.maximumPerReceive {
      guard let (bytes, sender) = socket.receive(timeout: wait) else { break }
      wait = 0
      if role == .host, sender != remote,
        spectators[sender] != nil || spectators.count < Self.maximumSpectators
      {
        if let packet = spectator(bytes, from: sender, ticks: ticks) {
          packets.append((packet, .spectator(sender)))
          continue
        }
        if spectators[sender] != nil {
          dropped.count(.unauthenticated)
          continue
        }
      }
      if let remote, sender != remote {
        if role == .host, let packet = stranger(bytes, ticks: ticks) {
          packets.append((packet, .stranger(sender)))
        } else if silentSeconds > 1, let packet = try? open(bytes, ticks: ticks) {
          // The other player's address changed (a NAT gave it a new mapping): its datagrams,
          // tagged and counted as before, come from there now.
          self.remote = sender
          bytesReceived += bytes.count
          packetsReceived += 1
          lastHeard = clock.now()
          packets.append((packet, .remote))
        } else {
          dropped.count(.strangerAddress)
        }
        continue
      }
      let packet: Packet
      do {
        packet = try open(bytes, ticks: ticks)
      } catch {
        dropped.count(error)
        continue
      }
      if remote == nil {
        guard case .hello = packet.message else {
          dropped.count(.strangerAddress)
          continue
        }
        remote = sender
      }
      bytesReceived += bytes.count
      packetsReceived += 1
      lastHeard = clock.now()
      packets.append((packet, .remote))
    }
    flush()
    return packets
  }

  /// The packet in `datagram`: its header (in clear) for this session and version, its tag
  /// the other side's, its counter not seen before, its fields within `ticks`.
  private func open(
    _ datagram: [UInt8], ticks: ClosedRange<UInt32>
  ) throws(DroppedPackets.Reason) -> Packet {
    let expectations = PacketCodec.Expectations(session: session, ticks: ticks)
    guard datagram.count <= PacketCodec.maximumSize else { throw .tooLong }
    do {
      try PacketCodec.checkHeader(datagram, expecting: expectations)
    } catch {
      throw DroppedPackets.Reason(error)
    }
    let direction: SessionKeys.Direction =
      switch role {
      case .host: .guestToHost
      case .guest: .hostToGuest
      case .spectator: .hostToSpectator
      }
    guard let (bytes, counter) = keys.open(datagram, going: direction) else {
      throw .unauthenticated
    }
    guard window.accept(counter) else { throw .replayed }
    do {
      return try PacketCodec.decode(bytes, expecting: expectations)
    } catch {
      throw DroppedPackets.Reason(error)
    }
  }

  /// A hello or a rejoin tagged with the guest's key from an address not the guest's, if
  /// `datagram` is one. Its counter is not checked: a new process counts from zero, and a
  /// hello replayed only draws a challenge, which a rejoin must answer.
  private func stranger(_ datagram: [UInt8], ticks: ClosedRange<UInt32>) -> Packet? {
    let expectations = PacketCodec.Expectations(session: session, ticks: ticks)
    guard datagram.count <= PacketCodec.maximumSize,
      (try? PacketCodec.checkHeader(datagram, expecting: expectations)) != nil,
      let (bytes, _) = keys.open(datagram, from: .guest),
      let packet = try? PacketCodec.decode(bytes, expecting: expectations)
    else { return nil }
    switch packet.message {
    case .hello, .rejoin: return packet
    default: return nil
    }
  }

  /// A spectator's packet, if `datagram` is one from `address`: tagged with the spectators'
  /// key, its counter new from that address. A new address is taken with a `watch` while
  /// fewer than `maximumSpectators` watch.
  private func spectator(
    _ datagram: [UInt8], from address: SocketAddress, ticks: ClosedRange<UInt32>
  ) -> Packet? {
    let expectations = PacketCodec.Expectations(session: session, ticks: ticks)
    guard datagram.count <= PacketCodec.maximumSize,
      (try? PacketCodec.checkHeader(datagram, expecting: expectations)) != nil,
      let (bytes, counter) = keys.open(datagram, going: .spectatorToHost),
      let packet = try? PacketCodec.decode(bytes, expecting: expectations)
    else { return nil }
    var link = spectators[address] ?? SpectatorLink(lastHeard: clock.now())
    if spectators[address] == nil {
      guard case .watch = packet.message, spectators.count < Self.maximumSpectators else {
        return nil
      }
    }
    guard link.window.accept(counter) else { return nil }
    link.lastHeard = clock.now()
    spectators[address] = link
    spectatorBytes.received += datagram.count
    return packet
  }

  /// Sends `message` to `address`, not the other player: a host's challenge to a player who
  /// would join again.
  public func send(_ message: Packet.Message, toStranger address: SocketAddress) {
    send(message, to: address)
  }

  /// Takes `address` as the other player's from now on, its datagrams counted afresh: a
  /// guest that joined again from there.
  public func switchRemote(to address: SocketAddress) {
    remote = address
    window = ReplayWindow()
    lastHeard = clock.now()
  }

  /// Forgets the other player's address: a host refusing a guest waits for another, whose
  /// datagrams count afresh.
  public func forgetRemote() {
    guard role == .host else { return }
    remote = nil
    window = ReplayWindow()
  }

  /// Seconds since the other player was last heard from.
  public var silentSeconds: Double { clock.now() - lastHeard }

  /// Counts a datagram the match could not use as dropped.
  public func countDropped(_ reason: DroppedPackets.Reason) {
    dropped.count(reason)
  }
}
