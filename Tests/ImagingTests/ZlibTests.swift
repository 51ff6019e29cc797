import Testing

@testable import Imaging

@Suite("zlib streams")
struct ZlibTests {
  private static let repetitiveText = Array(
    String(repeating: "the quick brown fox jumps over the lazy dog; ", count: 2000).utf8)

  private static var inputs: [(String, [UInt8])] {
    var random = TestRandom(seed: 11)
    let block = random.bytes(40_000)
    var skewed = [UInt8](repeating: 0, count: 50_000)
    for index in skewed.indices where index * index / 7 % 37 == 0 {
      skewed[index] = UInt8(index % 251)
    }
    return [
      ("empty", []),
      ("one byte", [0x41]),
      ("random", random.bytes(100_000)),
      ("repetitive text", repetitiveText),
      ("zeros", [UInt8](repeating: 0, count: 300_000)),
      ("repeat beyond the window", block + block),
      ("skewed", skewed),
    ]
  }

  @Test("compressed data decompresses back exactly at every level", arguments: [0, 1, 4, 6, 9])
  func roundTrip(level: Int) throws {
    for (name, input) in Self.inputs {
      let compressed = Zlib.compress(input, level: level)
      let output = try Zlib.decompress(compressed, maximumOutputCount: input.count)
      #expect(output == input, "\(name) at level \(level)")
    }
  }

  @Test("repetitive data compresses to a small fraction of its size; level 0 only stores")
  func compressionRatio() {
    #expect(Zlib.compress(Self.repetitiveText).count < Self.repetitiveText.count / 50)
    #expect(Zlib.compress([UInt8](repeating: 0, count: 1 << 20)).count < 2000)
    #expect(Zlib.compress(Self.repetitiveText, level: 0).count > Self.repetitiveText.count)
  }

  @Test("streams with stored, fixed and dynamic blocks decompress correctly")
  func fixtures() throws {
    let stored: [UInt8] = [
      0x78, 0x01, 0x01, 0x0C, 0x00, 0xF3, 0xFF, 0x73, 0x74, 0x6F, 0x72, 0x65, 0x64, 0x20, 0x62,
      0x79, 0x74, 0x65, 0x73, 0x1F, 0xCF, 0x04, 0xD9,
    ]
    #expect(try Zlib.decompress(stored, maximumOutputCount: 100) == Array("stored bytes".utf8))

    let fixed: [UInt8] = [
      0x78, 0xDA, 0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0xD7, 0x51, 0xC8, 0x40, 0xA1, 0xCA, 0xF3, 0x8B,
      0x72, 0x52, 0x14, 0x01, 0x85, 0xFA, 0x09, 0x6A,
    ]
    #expect(
      try Zlib.decompress(fixed, maximumOutputCount: 100)
        == Array("hello, hello, hello, world!".utf8))

    let words = ["quick", "slow", "brown", "red"]
    let text = (0..<60).map { "line \($0): the \(words[$0 % 4]) fox jumps over the lazy dog\n" }
      .joined()
    #expect(
      try Zlib.decompress(Self.dynamicFixture, maximumOutputCount: 10_000) == Array(text.utf8))
  }

  @Test("a stream starts with a valid header and ends with the Adler-32 of its data")
  func headerAndTrailer() throws {
    let compressed = Zlib.compress(Self.repetitiveText)
    #expect(compressed[0] == 0x78)
    #expect((Int(compressed[0]) << 8 | Int(compressed[1])) % 31 == 0)
    #expect(Array(compressed.suffix(4)) == bigEndian(Adler32.checksum(Self.repetitiveText)))
  }

  // MARK: - Bad input

  @Test("every truncation of a valid stream is an error")
  func truncation() {
    let compressed = Zlib.compress(Array(Self.repetitiveText.prefix(3000)))
    for length in 0..<compressed.count {
      #expect(throws: ImageFormatError.self) {
        try Zlib.decompress(Array(compressed.prefix(length)), maximumOutputCount: 3000)
      }
    }
  }

  @Test("output beyond the limit is an error, not an allocation")
  func outputLimit() throws {
    let compressed = Zlib.compress([UInt8](repeating: 7, count: 100_000))
    #expect(
      throws: ImageFormatError.corrupt(
        "the compressed data holds more than the 99999 bytes expected")
    ) {
      try Zlib.decompress(compressed, maximumOutputCount: 99_999)
    }
    #expect(try Zlib.decompress(compressed, maximumOutputCount: 100_000).count == 100_000)
  }

  @Test("a damaged Adler-32 is reported with both values")
  func adlerMismatch() {
    var compressed = Zlib.compress(Array("checksum me".utf8))
    compressed[compressed.count - 1] ^= 1
    let actual = Adler32.checksum(Array("checksum me".utf8))
    #expect(throws: ImageFormatError.adler32Mismatch(expected: actual ^ 1, actual: actual)) {
      try Zlib.decompress(compressed, maximumOutputCount: 100)
    }
  }

  @Test("invalid zlib headers are rejected")
  func badHeaders() {
    #expect(throws: ImageFormatError.self) { try Zlib.decompress([0x78], maximumOutputCount: 9) }
    #expect(throws: ImageFormatError.self) {
      try Zlib.decompress([0x78, 0x00, 0x03, 0x00], maximumOutputCount: 9)
    }
    #expect(throws: ImageFormatError.self) {
      try Zlib.decompress([0x77, 0x9C, 0x03, 0x00], maximumOutputCount: 9)
    }
    #expect(throws: ImageFormatError.unsupported("zlib streams with a preset dictionary")) {
      try Zlib.decompress([0x78, 0xBB, 0, 0, 0, 0, 0x03, 0x00], maximumOutputCount: 9)
    }
  }

  @Test("malformed DEFLATE blocks are rejected as corrupt, naming zlib's reason")
  func malformedBlocks() {
    // Block type 3 is reserved.
    #expect(
      throws: ImageFormatError.corrupt(
        "the compressed data is not valid DEFLATE: invalid block type")
    ) {
      try Zlib.decompress([0x78, 0x9C, 0x07, 0, 0, 0, 1], maximumOutputCount: 10)
    }
    // A stored block whose length and its complement disagree.
    #expect(throws: ImageFormatError.self) {
      try Zlib.decompress([0x78, 0x9C, 0x01, 5, 0, 0, 0, 0, 0, 0, 1], maximumOutputCount: 10)
    }
  }

  @Test("random and damaged streams decompress within the limit, or fail as corrupt")
  func fuzz() throws {
    var random = TestRandom(seed: 99)
    let text = Array(Self.repetitiveText.prefix(2000))
    let valid = Zlib.compress(text)
    #expect(try Zlib.decompress(valid, maximumOutputCount: text.count) == text)
    var rejectedCount = 0
    for round in 0..<400 {
      // Even rounds: random bytes behind a valid header; odd rounds: the valid stream with up
      // to four bytes replaced. The limit is sometimes below the text's length.
      let limit = Int.random(in: 1_000...4_000, using: &random)
      var stream: [UInt8]
      if round % 2 == 0 {
        stream = [0x78, 0x9C] + random.bytes(Int.random(in: 0..<200, using: &random))
      } else {
        stream = valid
        for _ in 0..<Int.random(in: 1...4, using: &random) {
          stream[Int.random(in: 0..<stream.count, using: &random)] = UInt8.random(
            in: 0...255, using: &random)
        }
      }
      let output: [UInt8]
      do {
        output = try Zlib.decompress(stream, maximumOutputCount: limit)
      } catch {
        rejectedCount += 1
        if stream == valid { #expect(limit < text.count, "round \(round): \(error)") }
        continue
      }
      #expect(output.count <= limit)
      // A replacement may write the byte that was there already.
      if stream == valid { #expect(output == text) }
    }
    // The Adler-32 catches any change to what the data decompresses to.
    #expect(rejectedCount > 350)
  }

  private func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  private static let dynamicFixture: [UInt8] = [
    0x78, 0xDA, 0x95, 0xD5, 0xC9, 0x15, 0x82, 0x30, 0x14, 0x46, 0xE1, 0xBD, 0x55, 0xA4, 0x04,
    0xF2, 0x06, 0x05, 0xBB, 0x51, 0x89, 0x23, 0x12, 0x05, 0x71, 0xAA, 0xDE, 0xA3, 0x14, 0x80,
    0x77, 0x9D, 0x7F, 0x71, 0x17, 0xEF, 0x3B, 0x69, 0x0E, 0x6D, 0x0A, 0xC5, 0x32, 0xDC, 0xF6,
    0x29, 0x5C, 0x87, 0xC3, 0xE6, 0x14, 0xB6, 0xF9, 0x19, 0x8E, 0xC3, 0xF9, 0xD2, 0x87, 0x7C,
    0x4F, 0xDD, 0xEF, 0xA1, 0x59, 0xBD, 0x5F, 0xA1, 0xCE, 0xBB, 0x59, 0xF3, 0x5D, 0xC7, 0x71,
    0xDD, 0x37, 0xF9, 0x31, 0x3D, 0x96, 0x71, 0xBC, 0xEE, 0xF2, 0xA3, 0x9D, 0x5E, 0xEB, 0xB8,
    0xEE, 0x52, 0x3D, 0xBD, 0x35, 0x14, 0xED, 0x24, 0x7A, 0x8E, 0xA2, 0x17, 0x20, 0xBA, 0x44,
    0xD1, 0x15, 0x89, 0x8E, 0x05, 0xAA, 0x8E, 0x11, 0x64, 0x47, 0x61, 0x17, 0xA2, 0x28, 0xDC,
    0x58, 0xB8, 0x93, 0xF0, 0x39, 0x0B, 0x5F, 0xA0, 0xF0, 0x92, 0x85, 0x57, 0x20, 0x5C, 0x98,
    0x49, 0x61, 0x28, 0x99, 0x4A, 0x21, 0x2C, 0x85, 0xB9, 0x14, 0x04, 0x53, 0x98, 0x4C, 0x21,
    0x34, 0x85, 0xD9, 0x14, 0x84, 0x53, 0x19, 0x4E, 0x25, 0x38, 0x95, 0xE1, 0x54, 0x84, 0x53,
    0x19, 0x4E, 0x25, 0x38, 0x95, 0xE1, 0x54, 0x84, 0x53, 0x19, 0x4E, 0x25, 0x38, 0x8D, 0xE1,
    0x34, 0x84, 0xD3, 0x18, 0x4E, 0x43, 0x7F, 0x26, 0xC3, 0x69, 0x08, 0xA7, 0x31, 0x9C, 0x46,
    0x70, 0x1A, 0xC3, 0x69, 0x08, 0xA7, 0x33, 0x9C, 0x4E, 0x70, 0x3A, 0xC3, 0xE9, 0x08, 0xA7,
    0x33, 0x9C, 0x4E, 0x70, 0x3A, 0xC3, 0xE9, 0x08, 0xA7, 0x33, 0x9C, 0xFE, 0x27, 0xCE, 0x0F,
    0xE7, 0x8A, 0xBC, 0x7D,
  ]
}
