/// Reads and writes `Packet`s: the versioned wire format, little-endian.
///
/// A datagram is a packet and its seal (`SessionKeys`: a counter and a tag). A packet is a
/// 16-byte header (the magic `TSnp`, the format version, the message kind, the epoch
/// (`Packet.epoch`), the session) and the message's fields. Inputs are sparse: a run of ticks is
/// its first tick and length, then only the ticks with inputs, each as its offset in the run
/// and its inputs (each the game's encoding of it, a byte of length first), so a packet of
/// idle ticks stays 27 bytes however many it covers. Reading checks every field against what
/// the receiver expects (`Expectations`) and throws `PacketError` for the first that does not
/// fit, so the receiver can drop the packet and count why; whether an input's bytes are one
/// the game knows, the game says (`Game.decodedInput(_:)`).
public enum PacketCodec {
  /// The format version this program writes and reads.
  public static let version: UInt16 = 4
  /// The largest datagram read or written, in bytes: under any path's MTU.
  public static let maximumSize = 1200
  /// The largest packet, in bytes: a datagram's less its seal.
  public static let maximumPacketSize = maximumSize - SessionKeys.sealSize
  /// The most ticks of inputs one packet carries.
  public static let maximumTicksPerPacket = 32
  /// The most inputs one tick of one player holds.
  public static let maximumInputsPerTick = 4
  /// The longest input encoding an inputs packet carries; a longer one travels in parts.
  public static let maximumInlineInput = 64
  /// The most bytes of an input's encoding one part carries.
  public static let maximumInputPart = 1024
  /// The most parts one input's encoding is split into: encodings up to 64 KiB travel.
  public static let maximumInputParts = 64
  /// The most bytes of a state one part carries.
  public static let maximumStatePart = 1024
  /// The most parts a state is split into: states up to 64 MiB travel.
  public static let maximumStateParts = 65_535
  /// The length byte that marks an input travelling in parts.
  static let inPartsMarker: UInt8 = 255
  /// The header's size in bytes.
  static let headerSize = 16
  static let magic: [UInt8] = Array("TSnp".utf8)

  /// What a receiver accepts.
  public struct Expectations: Sendable {
    /// The session packets must name; `nil` takes any (a host before anyone joined).
    public var session: UInt64?
    /// The ticks inputs and hashes may be for: a packet outside them is stale or forged.
    public var ticks: ClosedRange<UInt32>

    /// Creates expectations.
    public init(session: UInt64?, ticks: ClosedRange<UInt32>) {
      self.session = session
      self.ticks = ticks
    }
  }

  /// The bytes of `packet`.
  ///
  /// - Precondition: The packet fits the format: at most `maximumTicksPerPacket` ticks of at
  ///   most `maximumInputsPerTick` inputs, none longer than `maximumInlineInput` bytes, in at
  ///   most `maximumPacketSize` bytes (`inputsSize(_:)` says how many).
  public static func encode(_ packet: Packet) -> [UInt8] {
    var bytes = magic
    append(version, to: &bytes)
    bytes.append(kind(of: packet.message))
    bytes.append(packet.epoch)
    append(packet.session, to: &bytes)
    appendFields(of: packet.message, to: &bytes)
    precondition(bytes.count <= maximumPacketSize, "a packet over \(maximumPacketSize) bytes")
    return bytes
  }

  /// Appends an inputs message's fields: its run of ticks, sparse.
  private static func appendInputs(
    first: UInt32, ticks: [[WireInput]], acknowledged: UInt32?, advantage: Int8,
    to bytes: inout [UInt8]
  ) {
    precondition(
      (1...maximumTicksPerPacket).contains(ticks.count)
        && ticks.allSatisfy { $0.count <= maximumInputsPerTick }, "too many inputs for a packet")
    append(first, to: &bytes)
    append(acknowledged ?? UInt32.max, to: &bytes)
    bytes.append(UInt8(bitPattern: advantage))
    bytes.append(UInt8(ticks.count))
    bytes.append(UInt8(ticks.count { !$0.isEmpty }))
    for (offset, inputs) in ticks.enumerated() where !inputs.isEmpty {
      bytes.append(UInt8(offset))
      bytes.append(UInt8(inputs.count))
      for input in inputs {
        switch input {
        case .bytes(let encoding):
          precondition(encoding.count <= maximumInlineInput, "an input too long for a packet")
          bytes.append(UInt8(encoding.count))
          bytes += encoding
        case .inParts(let hash):
          bytes.append(inPartsMarker)
          append(hash, to: &bytes)
        }
      }
    }
  }

  /// Appends the fields of `message` after its header.
  private static func appendFields(of message: Packet.Message, to bytes: inout [UInt8]) {
    switch message {
    case .hello(let fingerprint):
      append(fingerprint, to: &bytes)
    case .welcome(let seed, let inputDelay, let maximumRollback, let endTick):
      append(seed, to: &bytes)
      bytes.append(inputDelay)
      bytes.append(maximumRollback)
      append(endTick ?? 0, to: &bytes)
    case .inputs(let first, let ticks, let acknowledged, let advantage):
      appendInputs(
        first: first, ticks: ticks, acknowledged: acknowledged, advantage: advantage, to: &bytes)
    case .stateHash(let tick, let hash):
      append(tick, to: &bytes)
      append(hash, to: &bytes)
    case .goodbye:
      break
    case .ping(let stamp), .pong(let stamp):
      append(stamp, to: &bytes)
    case .inputDelay(let delay, let tick):
      bytes.append(delay)
      append(tick, to: &bytes)
    case .inputPart(let hash, let part, let partCount, let text):
      precondition(
        text.count <= maximumInputPart && part < partCount
          && Int(partCount) <= maximumInputParts, "an input part that does not fit")
      append(hash, to: &bytes)
      bytes += [part, partCount]
      append(UInt16(text.count), to: &bytes)
      bytes += text
    case .stateRequest(let epoch):
      bytes.append(epoch)
    case .statePart(let epoch, let part, let partCount, let state):
      precondition(
        state.count <= maximumStatePart && part < partCount, "a state part that does not fit")
      bytes.append(epoch)
      append(part, to: &bytes)
      append(partCount, to: &bytes)
      append(UInt16(state.count), to: &bytes)
      bytes += state
    case .stateAck(let epoch, let held):
      bytes.append(epoch)
      append(held, to: &bytes)
    case .challenge(let nonce), .rejoin(let nonce), .watch(let nonce):
      append(nonce, to: &bytes)
    case .streamPart(let offset, let stream):
      precondition(stream.count <= maximumStatePart, "a stream part that does not fit")
      append(offset, to: &bytes)
      append(UInt16(stream.count), to: &bytes)
      bytes += stream
    case .streamAck(let held):
      append(held, to: &bytes)
    }
  }

  /// The size in bytes of an inputs packet of `ticks`: what a sender keeps under
  /// `maximumPacketSize` by sending fewer ticks.
  public static func inputsSize(_ ticks: [[WireInput]]) -> Int {
    var size = headerSize + 11
    for inputs in ticks where !inputs.isEmpty {
      size += 2
      for input in inputs {
        switch input {
        case .bytes(let encoding): size += 1 + encoding.count
        case .inParts: size += 9
        }
      }
    }
    return size
  }

  /// Checks the header at the start of `bytes` (a packet, or a datagram): this format's magic
  /// and version, and the session `expectations` name.
  ///
  /// - Throws: `PacketError` naming the first field that does not fit.
  public static func checkHeader(
    _ bytes: [UInt8], expecting expectations: Expectations
  ) throws(PacketError) {
    guard bytes.count >= headerSize else { throw .truncated }
    guard Array(bytes[0..<4]) == magic else { throw .notAPacket }
    var reader = Reader(bytes: bytes, offset: 4)
    let version = try reader.uint16()
    guard version == Self.version else { throw .unsupportedVersion(version) }
    _ = try reader.byte()
    _ = try reader.byte()
    let session = try reader.uint64()
    if let expected = expectations.session, session != expected { throw .wrongSession }
  }

  /// The packet `bytes` hold, if it is one `expectations` accept.
  ///
  /// - Throws: `PacketError` naming the first field that does not fit.
  /// - Complexity: O(bytes).
  public static func decode(
    _ bytes: [UInt8], expecting expectations: Expectations
  ) throws(PacketError) -> Packet {
    guard bytes.count <= maximumPacketSize else { throw .tooLong(bytes.count) }
    try checkHeader(bytes, expecting: expectations)
    var reader = Reader(bytes: bytes, offset: 6)
    let kind = try reader.byte()
    let epoch = try reader.byte()
    let session = try reader.uint64()
    let message = try message(kind: kind, from: &reader, expecting: expectations)
    guard reader.isAtEnd else { throw .malformed("bytes after the message") }
    return Packet(session: session, message: message, epoch: epoch)
  }

  /// The fields of a message of `kind` that `reader` stands at, checked against
  /// `expectations`.
  private static func message(
    kind: UInt8, from reader: inout Reader, expecting expectations: Expectations
  ) throws(PacketError) -> Packet.Message {
    switch kind {
    case 1: return .hello(fingerprint: try reader.uint64())
    case 2: return try welcome(&reader)
    case 3: return try inputs(&reader, expecting: expectations)
    case 4:
      let tick = try reader.uint32()
      guard expectations.ticks.contains(tick) else { throw .tickOutOfRange(tick) }
      return .stateHash(tick: tick, hash: try reader.uint64())
    case 5: return .goodbye
    case 6: return try inputPart(&reader)
    case 7: return .ping(stamp: try reader.uint32())
    case 8: return .pong(stamp: try reader.uint32())
    case 9:
      let delay = try reader.byte()
      guard RollbackSettings.inputDelays.contains(Int(delay)) else {
        throw .malformed("input delay \(delay) out of range")
      }
      let tick = try reader.uint32()
      guard expectations.ticks.contains(tick) else { throw .tickOutOfRange(tick) }
      return .inputDelay(delay: delay, fromTick: tick)
    case 10: return .stateRequest(epoch: try reader.byte())
    case 11: return try statePart(&reader)
    case 12: return .stateAck(epoch: try reader.byte(), held: try reader.uint16())
    case 13: return .challenge(nonce: try reader.uint64())
    case 14: return .rejoin(nonce: try reader.uint64())
    case 15: return .watch(fingerprint: try reader.uint64())
    case 16:
      let offset = try reader.uint32()
      let length = Int(try reader.uint16())
      guard length <= maximumStatePart else { throw .malformed("a stream part of \(length) bytes") }
      return .streamPart(offset: offset, bytes: try reader.bytes(length))
    case 17: return .streamAck(held: try reader.uint32())
    default: throw .unknownKind(kind)
    }
  }

  /// A welcome's fields: the seed, the input delay and rollback within their ranges, the end
  /// tick (0 for none).
  private static func welcome(_ reader: inout Reader) throws(PacketError) -> Packet.Message {
    let seed = try reader.uint64()
    let inputDelay = try reader.byte()
    let maximumRollback = try reader.byte()
    let endTick = try reader.uint32()
    guard RollbackSettings.inputDelays.contains(Int(inputDelay)),
      RollbackSettings.rollbacks.contains(Int(maximumRollback))
    else {
      throw .malformed("input delay \(inputDelay) or rollback \(maximumRollback) out of range")
    }
    return .welcome(
      seed: seed, inputDelay: inputDelay, maximumRollback: maximumRollback,
      endTick: endTick == 0 ? nil : endTick)
  }

  /// An input part's fields: its input's hash, its place among at most `maximumInputParts`,
  /// and at most `maximumInputPart` bytes.
  private static func inputPart(_ reader: inout Reader) throws(PacketError) -> Packet.Message {
    let hash = try reader.uint64()
    let part = try reader.byte()
    let partCount = try reader.byte()
    let length = Int(try reader.uint16())
    guard part < partCount, Int(partCount) <= maximumInputParts, length <= maximumInputPart
    else {
      throw .malformed("input part \(part) of \(partCount), \(length) bytes")
    }
    return .inputPart(
      hash: hash, part: part, partCount: partCount, bytes: try reader.bytes(length))
  }

  /// A state part's fields: its epoch, its place among its parts, and at most
  /// `maximumStatePart` bytes.
  private static func statePart(_ reader: inout Reader) throws(PacketError) -> Packet.Message {
    let epoch = try reader.byte()
    let part = try reader.uint16()
    let partCount = try reader.uint16()
    let length = Int(try reader.uint16())
    guard part < partCount, length <= maximumStatePart else {
      throw .malformed("state part \(part) of \(partCount), \(length) bytes")
    }
    return .statePart(
      epoch: epoch, part: part, partCount: partCount, bytes: try reader.bytes(length))
  }

  private static func inputs(
    _ reader: inout Reader, expecting expectations: Expectations
  ) throws(PacketError) -> Packet.Message {
    let first = try reader.uint32()
    let acknowledged = try reader.uint32()
    let advantage = Int8(bitPattern: try reader.byte())
    let count = Int(try reader.byte())
    guard (1...maximumTicksPerPacket).contains(count) else {
      throw .malformed("\(count) ticks of inputs (1 to \(maximumTicksPerPacket) fit a packet)")
    }
    let (last, overflow) = first.addingReportingOverflow(UInt32(count - 1))
    guard !overflow, expectations.ticks.contains(first), expectations.ticks.contains(last) else {
      throw .tickOutOfRange(first)
    }
    let entries = Int(try reader.byte())
    guard entries <= count else {
      throw .malformed("\(entries) ticks with inputs in a run of \(count)")
    }
    var ticks = [[WireInput]](repeating: [], count: count)
    var nextOffset = 0
    for _ in 0..<entries {
      let offset = Int(try reader.byte())
      guard offset >= nextOffset, offset < count else {
        throw .malformed("a tick offset \(offset) out of order or past the run of \(count)")
      }
      nextOffset = offset + 1
      let inputCount = Int(try reader.byte())
      guard (1...maximumInputsPerTick).contains(inputCount) else {
        throw .malformed(
          "\(inputCount) inputs on a tick listed (1 to \(maximumInputsPerTick))")
      }
      var inputs: [WireInput] = []
      for _ in 0..<inputCount {
        let length = try reader.byte()
        if length == inPartsMarker {
          inputs.append(.inParts(hash: try reader.uint64()))
        } else {
          guard Int(length) <= maximumInlineInput else {
            throw .malformed("an input of \(length) bytes (at most \(maximumInlineInput))")
          }
          inputs.append(.bytes(try reader.bytes(Int(length))))
        }
      }
      ticks[offset] = inputs
    }
    return .inputs(
      first: first, ticks: ticks, acknowledged: acknowledged == UInt32.max ? nil : acknowledged,
      advantage: advantage)
  }

  private static func kind(of message: Packet.Message) -> UInt8 {
    switch message {
    case .hello: 1
    case .welcome: 2
    case .inputs: 3
    case .stateHash: 4
    case .goodbye: 5
    case .ping: 7
    case .pong: 8
    case .inputDelay: 9
    case .inputPart: 6
    case .stateRequest: 10
    case .statePart: 11
    case .stateAck: 12
    case .challenge: 13
    case .rejoin: 14
    case .watch: 15
    case .streamPart: 16
    case .streamAck: 17
    }
  }

  private static func append<Integer: FixedWidthInteger>(_ value: Integer, to bytes: inout [UInt8])
  {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// Reads little-endian fields off the front of a packet.
  private struct Reader {
    let bytes: [UInt8]
    var offset: Int

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() throws(PacketError) -> UInt8 {
      guard offset < bytes.count else { throw .truncated }
      defer { offset += 1 }
      return bytes[offset]
    }

    mutating func uint16() throws(PacketError) -> UInt16 { try integer() }

    mutating func bytes(_ count: Int) throws(PacketError) -> [UInt8] {
      guard bytes.count - offset >= count else { throw .truncated }
      defer { offset += count }
      return Array(bytes[offset..<offset + count])
    }
    mutating func uint32() throws(PacketError) -> UInt32 { try integer() }
    mutating func uint64() throws(PacketError) -> UInt64 { try integer() }

    private mutating func integer<Integer: FixedWidthInteger>() throws(PacketError) -> Integer {
      let size = MemoryLayout<Integer>.size
      guard bytes.count - offset >= size else { throw .truncated }
      var value = Integer.zero
      for index in 0..<size {
        value |= Integer(bytes[offset + index]) << (8 * index)
      }
      offset += size
      return value
    }
  }
}

/// Why a datagram was not taken as a packet; what a peer counts its dropped packets by.
public enum PacketError: Error, Equatable, Sendable, CustomStringConvertible {
  /// It does not start with the format's magic: not this program's.
  case notAPacket
  /// It ends before its fields do.
  case truncated
  /// It is longer than any packet (`PacketCodec.maximumPacketSize`).
  case tooLong(Int)
  /// It is another version of the format.
  case unsupportedVersion(UInt16)
  /// It names another session.
  case wrongSession
  /// Its message kind is none this version knows.
  case unknownKind(UInt8)
  /// It is for a tick outside the window the receiver accepts.
  case tickOutOfRange(UInt32)
  /// A field holds a value the format does not allow.
  case malformed(String)

  /// Why, in words.
  public var description: String {
    switch self {
    case .notAPacket: "not a TraitSandbox packet"
    case .truncated: "truncated"
    case .tooLong(let size):
      "\(size) bytes, over the \(PacketCodec.maximumPacketSize) a packet has"
    case .unsupportedVersion(let version):
      "format version \(version); this program speaks version \(PacketCodec.version)"
    case .wrongSession: "for another session"
    case .unknownKind(let kind): "unknown message kind \(kind)"
    case .tickOutOfRange(let tick): "for tick \(tick), outside the ticks accepted now"
    case .malformed(let what): "malformed: \(what)"
    }
  }
}
