import TraitSandbox

/// One datagram between two peers of a match: who it is for (`session`) and what it says.
///
/// The wire format (`PacketCodec`) is versioned and checked field by field; everything a peer
/// sends is a `Packet`, and anything that does not decode as one is dropped.
public struct Packet: Equatable, Sendable {
  /// The session both peers share, chosen by the host and given to the joining player as
  /// part of the join code.
  public var session: UInt64
  /// What the packet says.
  public var message: Message

  /// Creates a packet.
  public init(session: UInt64, message: Message) {
    self.session = session
    self.message = message
  }

  /// What one packet says.
  public enum Message: Equatable, Sendable {
    /// A player asks to join; `rosterFingerprint` names the unit kinds its game has, which
    /// must be the host's.
    case hello(rosterFingerprint: UInt64)
    /// The host takes the joining player: the match's seed, and the input delay, rollback
    /// depth and end tick (`nil` for none) both use.
    case welcome(seed: UInt64, inputDelay: UInt8, maximumRollback: UInt8, endTick: UInt32?)
    /// The sender's inputs for the ticks from `first` on, one list per tick (oldest first,
    /// the last unacknowledged ones again in every packet); the newest tick of the
    /// receiver's inputs the sender holds (`acknowledged`, `nil` for none yet); and how many
    /// ticks the sender reckons it runs ahead of the receiver (`advantage`, for time sync).
    case inputs(first: UInt32, ticks: [[PeerInput]], acknowledged: UInt32?, advantage: Int8)
    /// The sender's state hash after `tick`, compared to catch a desync.
    case stateHash(tick: UInt32, hash: UInt64)
    /// The sender leaves the match.
    case goodbye
    /// One part of a scenario's JSON text that a host's `PeerInput.retune` names by its hash:
    /// part `part` of `partCount`, sent until the receiver holds the tick that needs it.
    case scenarioText(hash: UInt64, part: UInt8, partCount: UInt8, bytes: [UInt8])
  }
}

/// One thing a player did on one tick, as it travels: the side is the sender's.
public enum PeerInput: Equatable, Sendable {
  /// Buy the unit kind at this place in the roster.
  case order(kindIndex: UInt8)
  /// Take back the newest order not yet paid for.
  case cancelOrder
  /// Start the match again (the host's only).
  case restart
  /// Take the reloaded scenario whose JSON text has this hash (`scenarioTextHash(_:)`),
  /// which travels in `Packet.Message.scenarioText` parts (the host's only).
  case retune(scenarioHash: UInt64)
}

/// The hash a `PeerInput.retune` names a scenario's JSON text by.
public func scenarioTextHash(_ text: String) -> UInt64 {
  var hasher = StateHasher()
  hasher.combine(text)
  return hasher.finalize().rawValue
}
