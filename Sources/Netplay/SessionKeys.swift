/// What a session code gives both players: the session number every datagram carries in
/// clear, and a key for each direction that tags every datagram, so that only a holder of the
/// code can send what a peer takes.
///
/// The code's 64 bits travel out of band (the join line); the number and the keys are
/// SHA-256 digests of it, so that seeing the number on the wire tells nothing of the keys. A
/// datagram is the packet (`PacketCodec`) followed by its sender's counter (4 bytes, one more
/// for each datagram sent) and the first 8 bytes of the HMAC-SHA-256 of both under the
/// sender's direction's key; a receiver drops a datagram whose tag is wrong, and one whose
/// counter it has seen (`ReplayWindow`).
public struct SessionKeys: Sendable {
  /// The session number datagrams carry.
  public let session: UInt64
  private let host: HMACKey
  private let guest: HMACKey
  private let spectator: HMACKey
  private let watched: HMACKey

  /// Which way a datagram goes: each way has its own key, so that no datagram one way can be
  /// replayed the other, or a spectator's taken as a player's.
  public enum Direction: Sendable {
    /// From the host to its guest.
    case hostToGuest
    /// From the guest to the host.
    case guestToHost
    /// From the host to a spectator.
    case hostToSpectator
    /// From a spectator to the host.
    case spectatorToHost

    /// The way `sender`'s datagrams go, to the host or, from the host, to its guest.
    public init(from sender: NetplayPeer.Role) {
      switch sender {
      case .host: self = .hostToGuest
      case .guest: self = .guestToHost
      case .spectator: self = .spectatorToHost
      }
    }
  }
  /// The bytes a datagram has after its packet: the counter and the tag.
  public static let sealSize = 12

  /// The keys of `code`.
  public init(code: SessionCode) {
    let value = (0..<8).map { UInt8(truncatingIfNeeded: code.value >> (8 * UInt64($0))) }
    let number = SHA256.hash(Array("TraitSandbox session number".utf8) + value)
    session = (0..<8).reduce(UInt64(0)) { $0 | UInt64(number[$1]) << (8 * UInt64($1)) }
    let key = SHA256.hash(Array("TraitSandbox session key".utf8) + value)
    host = HMACKey(HMACKey(key).tag(Array("host".utf8)))
    guest = HMACKey(HMACKey(key).tag(Array("guest".utf8)))
    spectator = HMACKey(HMACKey(key).tag(Array("spectator".utf8)))
    watched = HMACKey(HMACKey(key).tag(Array("host to spectator".utf8)))
  }

  /// `packet` as `sender` sends it with `counter`: the packet, the counter and the tag.
  public func seal(_ packet: [UInt8], from sender: NetplayPeer.Role, counter: UInt32) -> [UInt8] {
    seal(packet, going: Direction(from: sender), counter: counter)
  }

  /// The packet and counter of `datagram`, if `sender` sealed it with this code's keys.
  ///
  /// - Complexity: O(n) for an n-byte datagram.
  public func open(
    _ datagram: [UInt8], from sender: NetplayPeer.Role
  ) -> (packet: [UInt8], counter: UInt32)? {
    open(datagram, going: Direction(from: sender))
  }

  /// `packet` sent `direction`'s way with `counter`: the packet, the counter and the tag.
  public func seal(_ packet: [UInt8], going direction: Direction, counter: UInt32) -> [UInt8] {
    var bytes = packet
    for shift in stride(from: 0, to: 32, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: counter >> UInt32(shift)))
    }
    return bytes + key(direction).tag(bytes).prefix(8)
  }

  /// The packet and counter of `datagram`, if it was sealed `direction`'s way with this code's
  /// keys.
  ///
  /// - Complexity: O(n) for an n-byte datagram.
  public func open(
    _ datagram: [UInt8], going direction: Direction
  ) -> (packet: [UInt8], counter: UInt32)? {
    guard datagram.count >= Self.sealSize else { return nil }
    let tagStart = datagram.count - 8
    let tag = key(direction).tag(Array(datagram[..<tagStart])).prefix(8)
    // Every byte compared, whatever the first difference: no timing says how many matched.
    var difference: UInt8 = 0
    for (mine, theirs) in zip(tag, datagram[tagStart...]) { difference |= mine ^ theirs }
    guard difference == 0 else { return nil }
    let counterStart = tagStart - 4
    let counter = (0..<4).reduce(UInt32(0)) {
      $0 | UInt32(datagram[counterStart + $1]) << (8 * UInt32($1))
    }
    return (Array(datagram[..<counterStart]), counter)
  }

  private func key(_ direction: Direction) -> HMACKey {
    switch direction {
    case .hostToGuest: host
    case .guestToHost: guest
    case .hostToSpectator: watched
    case .spectatorToHost: spectator
    }
  }
}

/// The counters of the datagrams a peer took from the other, so that none is taken twice: the
/// newest and the 63 before it, as a bitmap (RFC 4303's anti-replay window). A counter older
/// than those is refused too: the network reorders datagrams by far less.
public struct ReplayWindow: Sendable {
  private var newest: UInt32?
  private var seen: UInt64 = 0

  /// A window that has seen nothing.
  public init() {}

  /// Takes `counter` if it was not seen and is not too old; returns whether it was taken.
  public mutating func accept(_ counter: UInt32) -> Bool {
    guard let newest else {
      self.newest = counter
      seen = 1
      return true
    }
    if counter > newest {
      let shift = UInt64(counter - newest)
      seen = shift >= 64 ? 1 : seen << shift | 1
      self.newest = counter
      return true
    }
    let age = UInt64(newest - counter)
    guard age < 64, seen & (1 << age) == 0 else { return false }
    seen |= 1 << age
    return true
  }
}
