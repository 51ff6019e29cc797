import Gameplay
import TraitSandbox

/// What a host streams to a spectator, in `Packet.Message.streamPart`s: a header (the end
/// tick, `UInt32.max` for none, and the length of the state), the host's confirmed state
/// (`StateTransfer`, without inputs), then both players' inputs tick by tick from the state's
/// tick on, each tick an input count and, per input, its seat, its length (two bytes) and the
/// game's encoding of it. An idle tick is one byte.
public enum SpectatorStream {
  /// The stream's header and state.
  public static func start(_ transfer: StateTransfer, endTick: UInt32?) -> [UInt8] {
    let state = transfer.bytes()
    var bytes: [UInt8] = []
    append(endTick ?? .max, to: &bytes)
    append(UInt32(state.count), to: &bytes)
    return bytes + state
  }

  /// One tick of both players' inputs, as each encodes to `encode`.
  public static func tick<Input>(
    _ inputs: [SeatInput<Input>], encode: (Input) -> [UInt8]
  ) -> [UInt8] {
    var bytes = [UInt8(inputs.count)]
    for input in inputs {
      let encoding = encode(input.input)
      bytes.append(UInt8(input.seat))
      append(UInt16(encoding.count), to: &bytes)
      bytes += encoding
    }
    return bytes
  }

  /// The header and state at the start of `stream`, and where the ticks begin, once it holds
  /// all of them; `nil` before.
  ///
  /// - Throws: `PacketError` when they do not read.
  public static func readStart(
    _ stream: [UInt8]
  ) throws(PacketError) -> (transfer: StateTransfer, endTick: UInt32?, ticksStart: Int)? {
    guard stream.count >= 8 else { return nil }
    let endTick = integer(stream, at: 0)
    let length = Int(integer(stream, at: 4))
    guard length <= StateTransfer.maximumSize else {
      throw .malformed("a state of \(length) bytes")
    }
    guard stream.count >= 8 + length else { return nil }
    let transfer = try StateTransfer(bytes: Array(stream[8..<8 + length]))
    return (transfer, endTick == .max ? nil : endTick, 8 + length)
  }

  /// The ticks of inputs `stream` holds whole from `offset` on, each a list of seats and
  /// encodings, and the offset after the last.
  ///
  /// - Throws: `PacketError` when a tick lists more inputs than two players give.
  public static func readTicks(
    _ stream: [UInt8], from offset: Int
  ) throws(PacketError) -> (ticks: [[(seat: Int, encoding: [UInt8])]], end: Int) {
    var ticks: [[(seat: Int, encoding: [UInt8])]] = []
    var position = offset
    reading: while position < stream.count {
      let count = Int(stream[position])
      guard count <= 2 * PacketCodec.maximumInputsPerTick else {
        throw .malformed("\(count) inputs on a tick")
      }
      var cursor = position + 1
      var inputs: [(seat: Int, encoding: [UInt8])] = []
      for _ in 0..<count {
        guard stream.count - cursor >= 3 else { break reading }
        let seat = Int(stream[cursor])
        let length = Int(stream[cursor + 1]) | Int(stream[cursor + 2]) << 8
        cursor += 3
        guard stream.count - cursor >= length else { break reading }
        inputs.append((seat, Array(stream[cursor..<cursor + length])))
        cursor += length
      }
      ticks.append(inputs)
      position = cursor
    }
    return (ticks, position)
  }

  private static func integer(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
  }

  private static func append<Integer: FixedWidthInteger>(_ value: Integer, to bytes: inout [UInt8])
  {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }
}
