// libFuzzer target: network packets. `scripts/fuzz.sh FuzzPacket SECONDS` builds it with
// -DFUZZING and runs it; an ordinary build compiles the same check behind a stub (see FuzzDriver).
import FuzzDriver
import Netplay

/// Reads the input as a packet from any session: every input must give a packet or a
/// `PacketError`, and a packet must write back to exactly the bytes it was read from (the format
/// has one way to write each packet).
func check(_ bytes: UnsafeBufferPointer<UInt8>) {
  let input = Array(bytes)
  let expectations = PacketCodec.Expectations(session: nil, ticks: 0...UInt32.max)
  guard let packet = try? PacketCodec.decode(input, expecting: expectations) else { return }
  precondition(PacketCodec.encode(packet) == input, "a packet did not write back as it was read")
}

@main enum FuzzPacket {
  static func main() { runFuzzer(named: "FuzzPacket", check) }
}
