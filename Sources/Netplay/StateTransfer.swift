import Gameplay
import TraitSandbox

/// One side's confirmed state and the inputs since, as it travels to the other side in
/// `Packet.Message.statePart`s: what a guest whose state differed loads to play on from the
/// host's.
///
/// The state is the game after `tick` ticks, every one of them run with both players' real
/// inputs (`RollbackSession.stateTransfer()`); the inputs are those the sender holds from that
/// tick on, its own and the receiver's, each as the game encodes it.
public struct StateTransfer: Equatable, Sendable {
  /// The ticks run, by the session's count, before the state.
  public var tick: UInt32
  /// The state's hash, checked once it is restored.
  public var hash: StateHash
  /// The game's snapshot (`Game.snapshot()`).
  public var snapshot: [UInt8]
  /// The sender's inputs from `tick` on, one list of encodings per tick.
  public var senderInputs: [[[UInt8]]]
  /// The receiver's inputs from `tick` on that the sender holds.
  public var receiverInputs: [[[UInt8]]]
  /// The input delay in use.
  public var inputDelay: UInt8
  /// The input delay to change to and the tick it changes at, if a change is to come.
  public var delayChange: (delay: UInt8, tick: UInt32)?

  /// The most bytes a transfer's encoding holds: what `maximumStateParts` parts carry.
  public static var maximumSize: Int {
    PacketCodec.maximumStatePart * PacketCodec.maximumStateParts
  }
  /// The most ticks of inputs a transfer carries.
  static var maximumTicks: Int { 1 << 16 }
  private static let magic: [UInt8] = Array("TSst".utf8)

  /// Creates a transfer.
  public init(
    tick: UInt32, hash: StateHash, snapshot: [UInt8], senderInputs: [[[UInt8]]],
    receiverInputs: [[[UInt8]]], inputDelay: UInt8, delayChange: (delay: UInt8, tick: UInt32)?
  ) {
    self.tick = tick
    self.hash = hash
    self.snapshot = snapshot
    self.senderInputs = senderInputs
    self.receiverInputs = receiverInputs
    self.inputDelay = inputDelay
    self.delayChange = delayChange
  }

  /// Whether two transfers hold the same state and inputs.
  public static func == (lhs: StateTransfer, rhs: StateTransfer) -> Bool {
    lhs.tick == rhs.tick && lhs.hash == rhs.hash && lhs.snapshot == rhs.snapshot
      && lhs.senderInputs == rhs.senderInputs && lhs.receiverInputs == rhs.receiverInputs
      && lhs.inputDelay == rhs.inputDelay && lhs.delayChange?.delay == rhs.delayChange?.delay
      && lhs.delayChange?.tick == rhs.delayChange?.tick
  }

  /// The transfer as bytes, little-endian: magic, tick, hash, delay and its change, the
  /// snapshot (its length first), then each side's inputs (a tick count, then per tick an
  /// input count and each input's length and bytes).
  public func bytes() -> [UInt8] {
    var bytes = Self.magic
    append(tick, to: &bytes)
    append(hash.rawValue, to: &bytes)
    bytes.append(inputDelay)
    bytes.append(delayChange?.delay ?? 0)
    append(delayChange?.tick ?? UInt32.max, to: &bytes)
    append(UInt32(snapshot.count), to: &bytes)
    bytes += snapshot
    for ticks in [senderInputs, receiverInputs] {
      append(UInt32(ticks.count), to: &bytes)
      for inputs in ticks {
        bytes.append(UInt8(inputs.count))
        for input in inputs {
          append(UInt32(input.count), to: &bytes)
          bytes += input
        }
      }
    }
    return bytes
  }

  /// The transfer `bytes` hold.
  ///
  /// - Throws: `PacketError` naming the first field that does not fit.
  /// - Complexity: O(bytes).
  public init(bytes: [UInt8]) throws(PacketError) {
    var reader = Reader(bytes: bytes)
    guard try reader.bytes(4) == Self.magic else { throw .notAPacket }
    tick = try reader.integer()
    hash = StateHash(rawValue: try reader.integer())
    inputDelay = try reader.integer()
    let changeDelay: UInt8 = try reader.integer()
    let changeTick: UInt32 = try reader.integer()
    delayChange = changeTick == .max ? nil : (changeDelay, changeTick)
    for delay in [inputDelay] + (delayChange.map { [$0.delay] } ?? []) {
      guard RollbackSettings.inputDelays.contains(Int(delay)) else {
        throw .malformed("input delay \(delay) out of range")
      }
    }
    snapshot = try reader.bytes(Int(try reader.integer() as UInt32))
    senderInputs = try reader.ticks()
    receiverInputs = try reader.ticks()
    guard reader.offset == bytes.count else { throw .malformed("bytes after the state") }
  }

  private func append<Integer: FixedWidthInteger>(_ value: Integer, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// Reads a transfer's fields off the front of its bytes.
  private struct Reader {
    let bytes: [UInt8]
    var offset = 0

    mutating func bytes(_ count: Int) throws(PacketError) -> [UInt8] {
      guard bytes.count - offset >= count else { throw .truncated }
      defer { offset += count }
      return Array(bytes[offset..<offset + count])
    }

    mutating func integer<Integer: FixedWidthInteger>() throws(PacketError) -> Integer {
      let size = MemoryLayout<Integer>.size
      guard bytes.count - offset >= size else { throw .truncated }
      var value = Integer.zero
      for index in 0..<size { value |= Integer(bytes[offset + index]) << (8 * index) }
      offset += size
      return value
    }

    /// A side's inputs: at most `maximumTicks` ticks of at most
    /// `PacketCodec.maximumInputsPerTick` inputs each.
    mutating func ticks() throws(PacketError) -> [[[UInt8]]] {
      let count = Int(try integer() as UInt32)
      guard count <= StateTransfer.maximumTicks else {
        throw .malformed("\(count) ticks of inputs (at most \(StateTransfer.maximumTicks))")
      }
      var ticks: [[[UInt8]]] = []
      for _ in 0..<count {
        let inputCount = Int(try integer() as UInt8)
        guard inputCount <= PacketCodec.maximumInputsPerTick else {
          throw .malformed("\(inputCount) inputs on a tick")
        }
        var inputs: [[UInt8]] = []
        for _ in 0..<inputCount { inputs.append(try bytes(Int(try integer() as UInt32))) }
        ticks.append(inputs)
      }
      return ticks
    }
  }
}
