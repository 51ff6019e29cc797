import Testing

@testable import Imaging

@Suite("CRC-32 and Adler-32")
struct CRC32Tests {
  @Test("CRC-32 matches the published check values")
  func crcVectors() {
    #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(CRC32.checksum([UInt8]()) == 0)
    #expect(
      CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
    // The IEND chunk's CRC, which every PNG file ends with.
    #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082)
  }

  @Test("CRC-32 fed in pieces equals CRC-32 of the whole")
  func crcIncremental() {
    var random = TestRandom(seed: 3)
    let data = random.bytes(10_000)
    var crc = CRC32()
    crc.update(data[0..<1])
    crc.update(data[1..<4097])
    crc.update(data[4097...])
    #expect(crc.checksum == CRC32.checksum(data))
  }

  @Test("Adler-32 matches the published check values")
  func adlerVectors() {
    #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
    #expect(Adler32.checksum([UInt8]()) == 1)
  }

  @Test("Adler-32 reduces correctly over long runs of 0xFF")
  func adlerLongInput() {
    // Long runs of the largest byte are where a missed modulo reduction would overflow.
    let data = [UInt8](repeating: 0xFF, count: 100_000)
    var low: UInt32 = 1
    var high: UInt32 = 0
    for byte in data {
      low = (low + UInt32(byte)) % 65521
      high = (high + low) % 65521
    }
    #expect(Adler32.checksum(data) == high << 16 | low)
  }

  @Test("Adler-32 fed in pieces equals Adler-32 of the whole")
  func adlerIncremental() {
    var random = TestRandom(seed: 4)
    let data = random.bytes(20_000)
    var adler = Adler32()
    adler.update(data[0..<5551])
    adler.update(data[5551...])
    #expect(adler.checksum == Adler32.checksum(data))
  }
}
