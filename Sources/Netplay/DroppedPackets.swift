/// How many datagrams a peer dropped, by why: what a match reports when the network (or
/// someone on it) sends what no peer of the match would.
public struct DroppedPackets: Equatable, Sendable, CustomStringConvertible {
  /// The reasons, as `PacketError` names them, and how often each came.
  public private(set) var counts: [Reason: Int] = [:]

  /// Why a datagram was dropped, without the details that make each one different.
  public enum Reason: String, CaseIterable, Sendable {
    /// Not this program's format (`PacketError.notAPacket`).
    case notAPacket = "not a packet"
    /// Ended before its fields did.
    case truncated
    /// Longer than any packet.
    case tooLong = "too long"
    /// Another version of the format.
    case unsupportedVersion = "another version"
    /// For another session.
    case wrongSession = "another session"
    /// A message kind this version does not know.
    case unknownKind = "unknown kind"
    /// For a tick outside the window accepted.
    case tickOutOfRange = "tick out of range"
    /// An input no player of the game can give (`Game.decodedInput(_:)` refused it).
    case badInput = "bad input"
    /// A field the format does not allow.
    case malformed
    /// From an address that is not the other peer's.
    case strangerAddress = "from a third address"
    /// Not tagged with the session code's key: sent by someone without the code.
    case unauthenticated = "not tagged with the code"
    /// A datagram taken before, sent again (by the network, or by someone replaying it).
    case replayed
    /// A pong of no ping this side sent lately.
    case unasked = "answers nothing asked"
    /// Acknowledges inputs of a tick this side never sent: forged.
    case unsentTick = "acknowledges a tick not sent"
    /// A state hash of a tick the other side cannot have confirmed yet, or past the end.
    case hashOutOfRange = "hash of a tick not played"
    /// Says again what this side holds already: a hash agreed on, a part of an input it has,
    /// a welcome to a match that began.
    case known = "already known"
    /// A hello for another game, or the same with other settings, while the match is on.
    case wrongFingerprint = "another game"
    /// A state hash (or a part of a state) of a state replaced since: sent before the host's
    /// state replaced the guest's.
    case staleState = "of a state replaced"

    /// The reason `error` stands for.
    public init(_ error: PacketError) {
      switch error {
      case .notAPacket: self = .notAPacket
      case .truncated: self = .truncated
      case .tooLong: self = .tooLong
      case .unsupportedVersion: self = .unsupportedVersion
      case .wrongSession: self = .wrongSession
      case .unknownKind: self = .unknownKind
      case .tickOutOfRange: self = .tickOutOfRange
      case .malformed: self = .malformed
      }
    }
  }

  /// No packet dropped yet.
  public init() {}

  /// All packets dropped.
  public var total: Int { counts.values.reduce(0, +) }

  /// Counts one datagram dropped for `reason`.
  public mutating func count(_ reason: Reason) {
    counts[reason, default: 0] += 1
  }

  /// "none", or "5: 3 another session, 2 truncated" (most frequent first).
  public var description: String {
    guard total > 0 else { return "none" }
    let parts = Reason.allCases.compactMap { reason in counts[reason].map { (reason, $0) } }
      .sorted { $0.1 > $1.1 }
      .map { "\($0.1) \($0.0.rawValue)" }
    return "\(total): " + parts.joined(separator: ", ")
  }
}

extension DroppedPackets.Reason: Error {}
