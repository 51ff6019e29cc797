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
  /// How many times the host's state replaced the guest's, as the sender counts them
  /// (`Message.statePart`): a state hash of another count is of a state no longer played.
  public var epoch: UInt8

  /// Creates a packet.
  public init(session: UInt64, message: Message, epoch: UInt8 = 0) {
    self.session = session
    self.message = message
    self.epoch = epoch
  }

  /// What one packet says.
  public enum Message: Equatable, Sendable {
    /// A player asks to join; `fingerprint` names the game and the settings it plays, which
    /// must be the host's.
    case hello(fingerprint: UInt64)
    /// The host takes the joining player: the match's seed, and the input delay, rollback
    /// depth and end tick (`nil` for none) both use.
    case welcome(seed: UInt64, inputDelay: UInt8, maximumRollback: UInt8, endTick: UInt32?)
    /// The sender's inputs for the ticks from `first` on, one list per tick (oldest first,
    /// the last unacknowledged ones again in every packet); the newest tick of the
    /// receiver's inputs the sender holds (`acknowledged`, `nil` for none yet); and how many
    /// ticks the sender reckons it runs ahead of the receiver (`advantage`, for time sync).
    case inputs(first: UInt32, ticks: [[WireInput]], acknowledged: UInt32?, advantage: Int8)
    /// The sender's state hash after `tick`, compared to catch a desync.
    case stateHash(tick: UInt32, hash: UInt64)
    /// The sender leaves the match.
    case goodbye
    /// One part of an input too long for an inputs packet (`WireInput.inParts(hash:)`), such
    /// as a reloaded scenario: part `part` of `partCount`, sent until the receiver holds the
    /// tick that needs it.
    case inputPart(hash: UInt64, part: UInt8, partCount: UInt8, bytes: [UInt8])
    /// The sender asks for its `stamp` back at once, to time the round trip.
    case ping(stamp: UInt32)
    /// The `stamp` of a ping, sent back.
    case pong(stamp: UInt32)
    /// The host's input delay for both sides from tick `fromTick` on, from the round trip it
    /// measured; sent again each second.
    case inputDelay(delay: UInt8, fromTick: UInt32)
    /// The guest asks for the host's state: its own differed (a desync), or it joins again
    /// after leaving. Its `epoch` is the last state it loaded; sent until parts of a later
    /// one come.
    case stateRequest(epoch: UInt8)
    /// Part `part` of `partCount` of the host's state for `epoch` (`StateTransfer`), sent a
    /// window at a time until the guest holds them all.
    case statePart(epoch: UInt8, part: UInt16, partCount: UInt16, bytes: [UInt8])
    /// The guest holds the parts of the state for `epoch` before `held`, all of them once it
    /// is `partCount`.
    case stateAck(epoch: UInt8, held: UInt16)
    /// The host, whose guest fell silent, answers a hello from another address: a player
    /// joining again must send `nonce` back (`rejoin`), which no one replaying an old hello
    /// can.
    case challenge(nonce: UInt64)
    /// A player joins again, in the place of the silent guest: the `nonce` of the host's
    /// challenge.
    case rejoin(nonce: UInt64)
    /// A spectator asks to watch the match; `fingerprint` as in `hello`. Sent until the
    /// stream comes.
    case watch(fingerprint: UInt64)
    /// Bytes of the host's stream to a spectator from `offset` on: its confirmed state, then
    /// both players' inputs tick by tick (`SpectatorStream`).
    case streamPart(offset: UInt32, bytes: [UInt8])
    /// The spectator holds the stream's bytes before `held`; sent at least twice a second,
    /// which tells the host it still watches.
    case streamAck(held: UInt32)
  }
}

/// One input of one tick as it travels: the game's encoding of it (`Game.encodedInput(_:)`),
/// or, for an encoding longer than `PacketCodec.maximumInlineInput` bytes, its hash, the bytes
/// travelling in `Packet.Message.inputPart` messages.
public enum WireInput: Equatable, Sendable {
  /// The input's encoding.
  case bytes([UInt8])
  /// The hash (`inputHash(_:)`) of an encoding that travels in parts.
  case inParts(hash: UInt64)

  /// How `encoding` travels: itself if it fits an inputs packet, else by its hash.
  public init(encoding: [UInt8]) {
    self =
      encoding.count <= PacketCodec.maximumInlineInput
      ? .bytes(encoding) : .inParts(hash: inputHash(encoding))
  }
}

/// The hash an input's encoding that travels in parts is named by.
public func inputHash(_ encoding: [UInt8]) -> UInt64 {
  var hasher = StateHasher()
  hasher.combine(encoding.count)
  for start in stride(from: 0, to: encoding.count, by: 8) {
    var word: UInt64 = 0
    for index in start..<min(start + 8, encoding.count) {
      word |= UInt64(encoding[index]) << (8 * (index - start))
    }
    hasher.combine(word)
  }
  return hasher.finalize().rawValue
}
