import Foundation
import Testing

@testable import Imaging

/// Splits a PNG into chunks and joins them again with fresh CRCs, to build damaged files.
private struct PNGChunks {
  var chunks: [(type: String, data: [UInt8])]

  init(_ file: [UInt8]) {
    chunks = []
    var offset = 8
    while offset + 12 <= file.count {
      let length = Int(file.bigEndianUInt32(at: offset))
      let type = String(decoding: file[offset + 4..<offset + 8], as: UTF8.self)
      chunks.append((type, Array(file[offset + 8..<offset + 8 + length])))
      offset += 12 + length
    }
  }

  func build() -> [UInt8] {
    var file = PNG.signature
    for chunk in chunks {
      file.appendBigEndian(UInt32(chunk.data.count))
      file += Array(chunk.type.utf8)
      file += chunk.data
      file.appendBigEndian(CRC32.checksum(Array(chunk.type.utf8) + chunk.data))
    }
    return file
  }

  var types: [String] { chunks.map(\.type) }

  subscript(type: String) -> [UInt8] {
    get { chunks.first { $0.type == type }!.data }
    set { chunks[chunks.firstIndex { $0.type == type }!].data = newValue }
  }
}

@Suite("PNG")
struct PNGTests {
  private static let sizes = [(1, 1), (2, 3), (3, 7), (17, 5), (64, 48), (1, 300), (301, 1)]

  // MARK: - Encoding

  @Test("encoded images decode back exactly", arguments: sizes)
  func roundTrip(width: Int, height: Int) throws {
    let images = [
      TestImages.gradient(width: width, height: height),
      TestImages.noise(width: width, height: height),
      TestImages.flat(width: width, height: height),
      Image(width: width, height: height),
    ]
    for image in images {
      for level in [0, 1, 6, 9] {
        #expect(try PNG.decode(PNG.encode(image, compressionLevel: level)) == image)
      }
    }
  }

  @Test("a game-frame-sized image round-trips")
  func largeRoundTrip() throws {
    let image = TestImages.frame(width: 320, height: 240)
    #expect(try PNG.decode(PNG.encode(image)) == image)
  }

  @Test("compression is real: a flat 1280x720 frame shrinks far below its raw size")
  func compressionRatio() {
    let image = TestImages.flat(width: 1280, height: 720)
    let encoded = PNG.encode(image)
    // 3.7 MB of pixels; zlib itself needs about 4 KB for this.
    #expect(encoded.count < image.pixels.count / 500)
    let frame = TestImages.frame(width: 1280, height: 720)
    #expect(PNG.encode(frame).count < frame.pixels.count / 100)
  }

  @Test("the file has a signature, an 8-bit RGBA IHDR, IDAT and a final IEND")
  func structure() {
    let file = PNG.encode(TestImages.gradient(width: 300, height: 2))
    #expect(Array(file.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let chunks = PNGChunks(file)
    #expect(chunks.types == ["IHDR", "IDAT", "IEND"])
    #expect(chunks["IHDR"] == [0, 0, 1, 44, 0, 0, 0, 2, 8, 6, 0, 0, 0])
    #expect(Array(file.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    #expect(chunks.build() == file)
  }

  // MARK: - An independent reader

  @Test("Python's zlib and an independent unfilter read our PNGs pixel for pixel")
  func pythonReadsOurFiles() throws {
    let python = try #require(
      PythonChecker.python3, "python3 must be on PATH for the independent PNG check")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let images = [
      TestImages.gradient(width: 37, height: 23), TestImages.noise(width: 16, height: 9),
      TestImages.frame(width: 96, height: 64), TestImages.flat(width: 1, height: 1),
    ]
    for (index, image) in images.enumerated() {
      let png = directory.file("ours\(index).png")
      let raw = directory.file("ours\(index).raw")
      try Data(PNG.encode(image)).write(to: png)
      try Data(image.pixels).write(to: raw)
      let result = try PythonChecker.run(python: python, [png.path, "--expect-rgba", raw.path])
      #expect(result.status == 0, "\(result.error)")
      #expect(result.output.hasPrefix("\(image.width) \(image.height) "))
    }
  }

  @Test(
    "PNGs written by Python's zlib decode correctly, for every colour type and bit depth",
    arguments: [
      (0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (2, 8), (2, 16), (3, 1), (3, 2), (3, 4), (3, 8),
      (4, 8), (4, 16), (6, 8), (6, 16),
    ])
  func pythonReferenceFiles(colorType: Int, bitDepth: Int) throws {
    let python = try #require(
      PythonChecker.python3, "python3 must be on PATH for the independent PNG check")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let png = directory.file("reference.png")
    let raw = directory.file("reference.raw")
    let result = try PythonChecker.run(
      python: python,
      [
        png.path, "--write-reference", "--color-type", "\(colorType)", "--bit-depth",
        "\(bitDepth)", "--rgba-out", raw.path,
      ])
    try #require(result.status == 0, "\(result.error)")
    let image = try PNG.decode(Data(contentsOf: png))
    #expect(image.width == 37 && image.height == 23)
    #expect(image.pixels == [UInt8](try Data(contentsOf: raw)))
  }

  // MARK: - Bad input

  @Test("a flipped byte inside IDAT is caught by the chunk CRC")
  func flippedIDATByte() {
    var file = PNG.encode(TestImages.gradient(width: 20, height: 20))
    // The IHDR chunk ends at 33; IDAT data starts 8 bytes later.
    file[33 + 8 + 5] ^= 0x10
    #expect(throws: ImageFormatError.crcMismatch(chunk: "IDAT")) { try PNG.decode(file) }
  }

  @Test("every truncation throws and never crashes")
  func truncation() {
    let file = PNG.encode(TestImages.gradient(width: 20, height: 10))
    for length in 0..<file.count {
      #expect(throws: ImageFormatError.self) { try PNG.decode(file.prefix(length)) }
    }
    #expect(throws: ImageFormatError.truncated(expected: 8, actual: 4)) {
      try PNG.decode(file.prefix(4))
    }
  }

  @Test("a wrong signature is reported as such")
  func badSignature() {
    #expect(throws: ImageFormatError.badSignature) {
      try PNG.decode(BMP.encode(Image(width: 1, height: 1)))
    }
    #expect(throws: ImageFormatError.badSignature) { try PNG.decode([UInt8]("GIF89a".utf8)) }
  }

  @Test(
    "invalid IHDR values are rejected",
    arguments: [
      (8, 7, ImageFormatError.corrupt("IHDR declares bit depth 7, which colour type 6 forbids")),
      (9, 5, .corrupt("IHDR declares colour type 5; PNG defines 0, 2, 3, 4 and 6")),
      (10, 1, .corrupt("IHDR declares compression method 1; PNG defines only 0")),
      (11, 1, .corrupt("IHDR declares filter method 1; PNG defines only 0")),
      (12, 1, .unsupported("Adam7-interlaced PNG; save the image again without interlacing")),
      (12, 2, .corrupt("IHDR declares interlace method 2; PNG defines only 0 and 1")),
      (3, 0, .invalidDimensions(width: 0, height: 4)),
    ])
  func badHeader(byte: Int, value: UInt8, error: ImageFormatError) {
    var chunks = PNGChunks(PNG.encode(Image(width: 4, height: 4)))
    chunks["IHDR"][byte] = value
    if byte == 3 { chunks["IHDR"][0...2] = [0, 0, 0] }
    #expect(throws: error) { try PNG.decode(chunks.build()) }
  }

  @Test("absurd dimensions are rejected before any allocation")
  func hugeHeader() {
    var chunks = PNGChunks(PNG.encode(Image(width: 4, height: 4)))
    chunks["IHDR"][0...7] = [0x7F, 0xFF, 0xFF, 0xFF, 0, 0, 0x80, 0]
    #expect(throws: ImageFormatError.tooLarge(width: 0x7FFF_FFFF, height: 32768)) {
      try PNG.decode(chunks.build())
    }
  }

  @Test("an unknown filter type is corrupt")
  func badFilterType() {
    var chunks = PNGChunks(PNG.encode(Image(width: 2, height: 2), compressionLevel: 0))
    var scanlines = [UInt8](repeating: 0, count: 18)
    scanlines[9] = 5
    chunks["IDAT"] = Zlib.compress(scanlines)
    #expect(throws: ImageFormatError.corrupt("row 1 uses filter type 5; PNG defines 0 to 4")) {
      try PNG.decode(chunks.build())
    }
  }

  @Test("image data shorter or longer than IHDR requires is corrupt")
  func wrongDataLength() {
    var chunks = PNGChunks(PNG.encode(Image(width: 2, height: 2)))
    chunks["IDAT"] = Zlib.compress([UInt8](repeating: 0, count: 17))
    #expect(throws: ImageFormatError.self) { try PNG.decode(chunks.build()) }
    chunks["IDAT"] = Zlib.compress([UInt8](repeating: 0, count: 19))
    #expect(throws: ImageFormatError.self) { try PNG.decode(chunks.build()) }
  }

  @Test("missing chunks and unknown critical chunks are reported")
  func chunkRules() {
    let file = PNG.encode(Image(width: 2, height: 2))
    var noIEND = PNGChunks(file)
    noIEND.chunks.removeLast()
    #expect(throws: ImageFormatError.self) { try PNG.decode(noIEND.build()) }
    var noIDAT = PNGChunks(file)
    noIDAT.chunks.remove(at: 1)
    #expect(throws: ImageFormatError.corrupt("the file has no IDAT chunk")) {
      try PNG.decode(noIDAT.build())
    }
    var critical = PNGChunks(file)
    critical.chunks.insert(("ABCD", [1, 2]), at: 1)
    #expect(throws: ImageFormatError.unsupported("critical PNG chunk 'ABCD'")) {
      try PNG.decode(critical.build())
    }
    var ancillary = PNGChunks(file)
    ancillary.chunks.insert(("tEXt", Array("Comment\0hi".utf8)), at: 1)
    #expect(throws: Never.self) { try PNG.decode(ancillary.build()) }
  }

  @Test("an indexed PNG with tRNS decodes, and one without PLTE is corrupt")
  func indexedColor() throws {
    var chunks = PNGChunks(PNG.encode(Image(width: 3, height: 1)))
    chunks["IHDR"][8...9] = [8, 3]
    chunks["IDAT"] = Zlib.compress([0, 2, 0, 1])
    #expect(throws: ImageFormatError.corrupt("an indexed-colour PNG has no PLTE chunk")) {
      try PNG.decode(chunks.build())
    }
    chunks.chunks.insert(("PLTE", [255, 0, 0, 0, 255, 0, 0, 0, 255]), at: 1)
    chunks.chunks.insert(("tRNS", [128]), at: 2)
    let image = try PNG.decode(chunks.build())
    #expect(image[x: 0, y: 0] == RGBA(r: 0, g: 0, b: 255))
    #expect(image[x: 1, y: 0] == RGBA(r: 255, g: 0, b: 0, a: 128))
    #expect(image[x: 2, y: 0] == RGBA(r: 0, g: 255, b: 0))
  }

  @Test("damaged files with valid CRCs decode to the size IHDR declares or fail as damaged")
  func fuzz() throws {
    var random = TestRandom(seed: 21)
    let image = TestImages.gradient(width: 12, height: 9)
    let original = PNGChunks(PNG.encode(image))
    var decodedCount = 0
    var rejectedCount = 0
    for round in 0..<300 {
      var chunks = original
      if round % 3 < 2 {
        // Up to three bytes of IHDR or IDAT replaced; the chunks keep valid CRCs.
        let index = round % 3
        var data = chunks.chunks[index].data
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          data[Int.random(in: 0..<data.count, using: &random)] = UInt8.random(
            in: 0...255, using: &random)
        }
        chunks.chunks[index].data = data
      } else {
        // A new size, with random RGBA rows of the length it needs; a quarter of the files
        // have one row with a filter type PNG does not define.
        let width = Int.random(in: 1...16, using: &random)
        let height = Int.random(in: 1...16, using: &random)
        var size: [UInt8] = []
        size.appendBigEndian(UInt32(width))
        size.appendBigEndian(UInt32(height))
        chunks["IHDR"][0..<8] = size[...]
        var rows: [UInt8] = []
        let badRow = Int.random(in: 0..<height * 4, using: &random)
        for row in 0..<height {
          rows.append(
            row == badRow
              ? UInt8.random(in: 5...255, using: &random)
              : UInt8.random(in: 0...4, using: &random))
          rows += random.bytes(width * 4)
        }
        chunks["IDAT"] = Zlib.compress(rows)
      }
      let decoded: Image
      do {
        decoded = try PNG.decode(chunks.build())
      } catch {
        rejectedCount += 1
        // The signature, the chunk lengths and every CRC are intact, so only what the chunks
        // say can be wrong.
        #expect(Self.isDamagedContent(error), "\(error)")
        continue
      }
      decodedCount += 1
      let header = chunks["IHDR"]
      #expect(decoded.width == Int(header.bigEndianUInt32(at: 0)))
      #expect(decoded.height == Int(header.bigEndianUInt32(at: 4)))
      #expect(decoded.pixels.count == decoded.width * decoded.height * 4)
      #expect(try PNG.decode(PNG.encode(decoded)) == decoded)
      if header == original["IHDR"] {
        // The Adler-32 guards the pixels: damaged data that still decodes changed none.
        #expect(decoded == image)
      }
    }
    #expect(rejectedCount > 200)
    #expect(decodedCount > 50)
  }

  /// Whether `error` reports a problem inside a chunk rather than in the file's framing.
  private static func isDamagedContent(_ error: ImageFormatError) -> Bool {
    switch error {
    case .corrupt, .unsupported, .adler32Mismatch, .invalidDimensions, .tooLarge: true
    default: false
    }
  }
}
