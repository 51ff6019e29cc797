import Foundation
import Netplay
import Testing

@Suite("Netplay: the packet format")
struct PacketCodecTests {
  static let session: UInt64 = 0x5EED_CAFE_0123_4567
  static let expectations = PacketCodec.Expectations(session: session, ticks: 100...200)

  static let packets: [Packet] = [
    Packet(session: session, message: .hello(fingerprint: 0xABCD)),
    Packet(
      session: session,
      message: .welcome(seed: 7, inputDelay: 2, maximumRollback: 8, endTick: 18_000)),
    Packet(
      session: session,
      message: .welcome(seed: 1, inputDelay: 0, maximumRollback: 1, endTick: nil)),
    Packet(
      session: session,
      message: .inputs(
        first: 120, ticks: [[], [.bytes([1, 2])], [.bytes([2]), .bytes([3])]],
        acknowledged: 118, advantage: -3)),
    Packet(
      session: session,
      message: .inputs(first: 100, ticks: [[]], acknowledged: nil, advantage: 0)),
    Packet(
      session: session,
      message: .inputs(
        first: 150, ticks: Array(repeating: [], count: 32), acknowledged: 149, advantage: 2)),
    Packet(session: session, message: .stateHash(tick: 180, hash: 0x0123_4567_89AB_CDEF)),
    Packet(session: session, message: .goodbye),
    Packet(session: session, message: .ping(stamp: 0x0102_0304)),
    Packet(session: session, message: .pong(stamp: UInt32.max)),
    Packet(session: session, message: .inputDelay(delay: 4, fromTick: 130)),
    Packet(
      session: session,
      message: .inputs(
        first: 130, ticks: [[.inParts(hash: 0x1122_3344_5566_7788), .bytes([])]],
        acknowledged: 129, advantage: 1)),
    Packet(
      session: session,
      message: .inputs(
        first: 140, ticks: [[.bytes(Array(repeating: 7, count: 64))]], acknowledged: nil,
        advantage: 0)),
    Packet(
      session: session,
      message: .inputPart(
        hash: 0x1122_3344_5566_7788, part: 1, partCount: 3, bytes: Array("{\"units\"".utf8))),
    Packet(session: session, message: .stateRequest(epoch: 3), epoch: 3),
    Packet(
      session: session,
      message: .statePart(
        epoch: 4, part: 65_534, partCount: 65_535, bytes: Array(repeating: 9, count: 1024)),
      epoch: 4),
    Packet(session: session, message: .stateAck(epoch: 255, held: 12), epoch: 255),
    Packet(session: session, message: .challenge(nonce: 0x0102_0304_0506_0708)),
    Packet(session: session, message: .rejoin(nonce: 0x0102_0304_0506_0708)),
    Packet(session: session, message: .watch(fingerprint: 0xABCD)),
    Packet(session: session, message: .streamPart(offset: 70_000, bytes: [0, 0, 1, 1, 2, 0, 1])),
    Packet(session: session, message: .streamAck(held: 70_007)),
  ]

  @Test("every message writes and reads back the same", arguments: packets)
  func roundTrip(packet: Packet) throws {
    let bytes = PacketCodec.encode(packet)
    #expect(bytes.count <= PacketCodec.maximumSize)
    #expect(try PacketCodec.decode(bytes, expecting: Self.expectations) == packet)
  }

  @Test("the header is the magic, the version, the kind, the epoch and the session")
  func header() {
    let bytes = PacketCodec.encode(
      Packet(session: 0x0102_0304_0506_0708, message: .goodbye, epoch: 9))
    #expect(
      bytes == [0x54, 0x53, 0x6E, 0x70, 4, 0, 5, 9, 8, 7, 6, 5, 4, 3, 2, 1])
  }

  /// `bytes` with the byte at `index` set to `value`.
  func changing(_ bytes: [UInt8], at index: Int, to value: UInt8) -> [UInt8] {
    var changed = bytes
    changed[index] = value
    return changed
  }

  @Test("a forged, foreign, stale or damaged packet is refused with its reason")
  func refused() {
    let inputs = PacketCodec.encode(Self.packets[3])
    func reason(_ bytes: [UInt8], _ expectations: PacketCodec.Expectations = Self.expectations)
      -> PacketError?
    {
      do {
        _ = try PacketCodec.decode(bytes, expecting: expectations)
        return nil
      } catch {
        return error
      }
    }
    #expect(reason(Array("GET / HTTP/1.1\r\n".utf8)) == .notAPacket)
    #expect(reason(Array(inputs.prefix(10))) == .truncated)
    #expect(reason(Array(inputs.dropLast())) == .truncated)
    #expect(reason(inputs + [0]) == .malformed("bytes after the message"))
    #expect(reason(changing(inputs, at: 4, to: 1)) == .unsupportedVersion(1))
    #expect(reason(changing(inputs, at: 6, to: 18)) == .unknownKind(18))
    let epoch = try? PacketCodec.decode(
      changing(inputs, at: 7, to: 1), expecting: Self.expectations)
    #expect(epoch?.epoch == 1)
    #expect(reason(changing(inputs, at: 8, to: 0)) == .wrongSession)
    #expect(reason([UInt8](repeating: 0, count: 1500)) == .tooLong(1500))
    // A tick far in the future (or the past) of the window.
    let future = Packet(
      session: Self.session,
      message: .inputs(first: 5000, ticks: [[]], acknowledged: nil, advantage: 0))
    #expect(reason(PacketCodec.encode(future)) == .tickOutOfRange(5000))
    let lateHash = Packet(session: Self.session, message: .stateHash(tick: 99, hash: 1))
    #expect(reason(PacketCodec.encode(lateHash)) == .tickOutOfRange(99))
    // A run of ticks whose end passes the window, or wraps around.
    let long = Packet(
      session: Self.session,
      message: .inputs(
        first: 190, ticks: Array(repeating: [], count: 20), acknowledged: nil, advantage: 0))
    #expect(reason(PacketCodec.encode(long)) == .tickOutOfRange(190))
    let wrapping = Packet(
      session: Self.session,
      message: .inputs(
        first: UInt32.max - 1, ticks: [[], [], []], acknowledged: nil, advantage: 0))
    #expect(
      reason(
        PacketCodec.encode(wrapping),
        PacketCodec.Expectations(session: nil, ticks: 0...UInt32.max))
        == .tickOutOfRange(UInt32.max - 1))
    // The inputs message: first tick (16), acknowledged (20), advantage (24), ticks in the run
    // (25), ticks listed (26), then each listed tick's offset, input count and inputs, each a
    // length and its bytes. Whether the bytes are an input is the game's to say.
    #expect(inputs.count == 38)
    #expect(
      reason(changing(inputs, at: 29, to: 65)) == .malformed("an input of 65 bytes (at most 64)"))
    #expect(reason(changing(inputs, at: 29, to: 9)) == .truncated)
    #expect(reason(changing(inputs, at: 36, to: 2)) == .truncated)
    #expect(reason(changing(inputs, at: 36, to: 0)) == .malformed("bytes after the message"))
    // Too many ticks or inputs for one packet; listed ticks out of order, past the run, or
    // listed with no inputs (two ways to write one packet).
    #expect(
      reason(changing(inputs, at: 25, to: 0))
        == .malformed("0 ticks of inputs (1 to 32 fit a packet)"))
    #expect(
      reason(changing(inputs, at: 26, to: 4)) == .malformed("4 ticks with inputs in a run of 3"))
    #expect(
      reason(changing(inputs, at: 32, to: 1))
        == .malformed("a tick offset 1 out of order or past the run of 3"))
    #expect(
      reason(changing(inputs, at: 27, to: 3))
        == .malformed("a tick offset 3 out of order or past the run of 3"))
    #expect(
      reason(changing(inputs, at: 33, to: 5))
        == .malformed("5 inputs on a tick listed (1 to 4)"))
    #expect(
      reason(changing(inputs, at: 28, to: 0))
        == .malformed("0 inputs on a tick listed (1 to 4)"))
  }

  @Test("every packet of the fuzz target's seed corpus reads and writes back")
  func seedCorpus() throws {
    let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fuzz/Corpus/FuzzPacket")
    let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
    #expect(files.count == Self.packets.count)
    let open = PacketCodec.Expectations(session: nil, ticks: 0...UInt32.max)
    var decoded: [Packet] = []
    for file in files {
      let bytes = [UInt8](try Data(contentsOf: corpus.appendingPathComponent(file)))
      let packet = try PacketCodec.decode(bytes, expecting: open)
      #expect(PacketCodec.encode(packet) == bytes, "\(file)")
      decoded.append(packet)
    }
    // One of each packet this suite writes.
    for packet in Self.packets { #expect(decoded.contains(packet)) }
  }

  @Test("a sender's ticks of long inputs are cut to what fits a packet, which says its size")
  func packetSize() {
    let full: [[WireInput]] = Array(
      repeating: Array(repeating: .bytes(Array(repeating: 1, count: 64)), count: 4), count: 32)
    #expect(PacketCodec.inputsSize(full) > PacketCodec.maximumSize)
    var fitting = full
    while PacketCodec.inputsSize(fitting) > PacketCodec.maximumSize { fitting.removeLast() }
    #expect(fitting.count == 4)
    let packet = Packet(
      session: 1, message: .inputs(first: 0, ticks: fitting, acknowledged: nil, advantage: 0))
    #expect(PacketCodec.encode(packet).count == PacketCodec.inputsSize(fitting))
  }

  @Test("a host before anyone joined takes any session")
  func anySession() throws {
    let hello = Packet(session: 42, message: .hello(fingerprint: 1))
    let open = PacketCodec.Expectations(session: nil, ticks: 0...0)
    #expect(try PacketCodec.decode(PacketCodec.encode(hello), expecting: open) == hello)
  }

  @Test("random bytes never crash the reader; what it takes writes back byte for byte")
  func randomBytes() {
    var random = SystemRandomNumberGenerator()
    let open = PacketCodec.Expectations(session: nil, ticks: 0...UInt32.max)
    var taken = 0
    for round in 0..<20_000 {
      // Half start from a real packet with a few bytes changed, so most get past the header.
      var bytes: [UInt8]
      if round % 2 == 0 {
        bytes = PacketCodec.encode(Self.packets[round / 2 % Self.packets.count])
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          bytes[Int.random(in: 0..<bytes.count, using: &random)] = .random(
            in: 0...255, using: &random)
        }
      } else {
        bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
          .random(in: 0...255, using: &random)
        }
      }
      if let packet = try? PacketCodec.decode(bytes, expecting: open) {
        #expect(PacketCodec.encode(packet) == bytes)
        taken += 1
      }
    }
    #expect(taken > 0)
  }
}

@Suite("Netplay: counting dropped packets")
struct DroppedPacketsTests {
  @Test("drops are counted by reason and said most frequent first")
  func counted() {
    var dropped = DroppedPackets()
    #expect(dropped.description == "none")
    dropped.count(.init(.wrongSession))
    dropped.count(.init(.truncated))
    dropped.count(.init(.wrongSession))
    dropped.count(.strangerAddress)
    dropped.count(.init(.tickOutOfRange(9)))
    dropped.count(.init(.wrongSession))
    #expect(dropped.total == 6)
    #expect(dropped.counts[.wrongSession] == 3)
    #expect(dropped.description.hasPrefix("6: 3 another session, "))
    #expect(dropped.description.contains("1 from a third address"))
  }
}
