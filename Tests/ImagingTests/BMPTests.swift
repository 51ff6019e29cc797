import Imaging
import Testing

/// Builds BMP files field by field, including deliberately broken ones.
private struct BMPBuilder {
  var width: Int32 = 3
  var height: Int32 = 2
  var bitCount: UInt16 = 24
  var compression: UInt32 = 0
  var infoSize = 40
  var planes: UInt16 = 1
  var colorsUsed: UInt32 = 0
  var masks: [UInt32] = []
  var palette: [RGBA] = []
  var pixelData: [UInt8] = []
  var declaredFileSize: UInt32?
  var pixelDataOffset: UInt32?

  func build() -> [UInt8] {
    var info: [UInt8] = []
    info.appendLE(UInt32(infoSize))
    info.appendLE(UInt32(bitPattern: width))
    info.appendLE(UInt32(bitPattern: height))
    info.appendLE(planes)
    info.appendLE(bitCount)
    info.appendLE(compression)
    info.appendLE(UInt32(pixelData.count))
    info.appendLE(UInt32(2835))
    info.appendLE(UInt32(2835))
    info.appendLE(colorsUsed)
    info.appendLE(UInt32(0))
    var afterInfo: [UInt8] = []
    if infoSize == 40 {
      for mask in masks { afterInfo.appendLE(mask) }
    } else {
      for mask in masks { info.appendLE(mask) }
    }
    info += [UInt8](repeating: 0, count: max(0, infoSize - info.count))
    for color in palette { afterInfo += [color.b, color.g, color.r, 0] }

    let offset = 14 + info.count + afterInfo.count
    let size = offset + pixelData.count
    var file: [UInt8] = [0x42, 0x4D]
    file.appendLE(declaredFileSize ?? UInt32(size))
    file.appendLE(UInt32(0))
    file.appendLE(pixelDataOffset ?? UInt32(offset))
    return file + info + afterInfo + pixelData
  }
}

extension [UInt8] {
  fileprivate mutating func appendLE(_ value: UInt32) {
    append(contentsOf: [
      UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24),
    ])
  }

  fileprivate mutating func appendLE(_ value: UInt16) {
    append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)])
  }
}

@Suite("BMP")
struct BMPTests {
  private let red = RGBA(r: 255, g: 0, b: 0)
  private let green = RGBA(r: 0, g: 255, b: 0)
  private let blue = RGBA(r: 0, g: 0, b: 255)
  private let custom = RGBA(r: 10, g: 20, b: 30)

  /// The 3x2 picture (top: red, green, blue; bottom: white, black, custom) as 24-bit rows,
  /// top row first, each padded from 9 to 12 bytes.
  private var topRow24: [UInt8] { [0, 0, 255, 0, 255, 0, 255, 0, 0, 0, 0, 0] }
  private var bottomRow24: [UInt8] { [255, 255, 255, 0, 0, 0, 30, 20, 10, 0, 0, 0] }

  private func expectPicture(_ image: Image) {
    #expect(image.width == 3 && image.height == 2)
    #expect(image[x: 0, y: 0] == red)
    #expect(image[x: 1, y: 0] == green)
    #expect(image[x: 2, y: 0] == blue)
    #expect(image[x: 0, y: 1] == .white)
    #expect(image[x: 1, y: 1] == .black)
    #expect(image[x: 2, y: 1] == custom)
  }

  private var valid24: BMPBuilder {
    BMPBuilder(pixelData: bottomRow24 + topRow24)
  }

  // MARK: - Encoding

  @Test("encoded images decode back exactly", arguments: [(1, 1), (3, 2), (17, 5), (64, 33)])
  func roundTrip(width: Int, height: Int) throws {
    for image in [
      TestImages.gradient(width: width, height: height),
      TestImages.noise(width: width, height: height),
    ] {
      #expect(try BMP.decode(BMP.encode(image)) == image)
    }
  }

  @Test("the encoder writes 32-bit BI_BITFIELDS with a V4 header, bottom-up")
  func encoderLayout() {
    var image = Image(width: 2, height: 2)
    image[x: 0, y: 1] = RGBA(r: 1, g: 2, b: 3, a: 4)
    let bytes = BMP.encode(image)
    #expect(bytes.count == 122 + 16)
    #expect(Array(bytes[0..<2]) == [0x42, 0x4D])
    #expect(Array(bytes[2..<6]) == [138, 0, 0, 0])
    #expect(Array(bytes[10..<14]) == [122, 0, 0, 0])
    #expect(Array(bytes[14..<18]) == [108, 0, 0, 0])
    #expect(Array(bytes[22..<26]) == [2, 0, 0, 0])  // positive height: bottom-up
    #expect(Array(bytes[28..<30]) == [32, 0])
    #expect(Array(bytes[30..<34]) == [3, 0, 0, 0])
    #expect(Array(bytes[54..<70]) == [0, 0, 0xFF, 0, 0, 0xFF, 0, 0, 0xFF, 0, 0, 0, 0, 0, 0, 0xFF])
    // The bottom-left pixel is stored first, as B, G, R, A.
    #expect(Array(bytes[122..<126]) == [3, 2, 1, 4])
  }

  // MARK: - Decoding

  @Test("a 24-bit bottom-up file with padded rows decodes")
  func bottomUp24() throws {
    expectPicture(try BMP.decode(valid24.build()))
  }

  @Test("a 24-bit top-down file with padded rows decodes")
  func topDown24() throws {
    var builder = valid24
    builder.height = -2
    builder.pixelData = topRow24 + bottomRow24
    expectPicture(try BMP.decode(builder.build()))
  }

  @Test("a 32-bit BI_RGB file whose fourth bytes are all zero is opaque")
  func bgrxOpaque() throws {
    let builder = BMPBuilder(
      width: 2, height: 1, bitCount: 32, pixelData: [30, 20, 10, 0, 0, 0, 255, 0])
    let image = try BMP.decode(builder.build())
    #expect(image[x: 0, y: 0] == custom)
    #expect(image[x: 1, y: 0] == red)
  }

  @Test("a 32-bit BI_RGB file with some non-zero fourth byte uses it as alpha")
  func bgrxAlpha() throws {
    let builder = BMPBuilder(
      width: 2, height: 1, bitCount: 32, pixelData: [30, 20, 10, 128, 0, 0, 255, 0])
    let image = try BMP.decode(builder.build())
    #expect(image[x: 0, y: 0] == RGBA(r: 10, g: 20, b: 30, a: 128))
    #expect(image[x: 1, y: 0] == RGBA(r: 255, g: 0, b: 0, a: 0))
  }

  @Test("32-bit BI_BITFIELDS masks after a 40-byte header are honoured")
  func bitfieldsAfterInfoHeader() throws {
    // Bytes in memory order R, G, B, X.
    let builder = BMPBuilder(
      width: 1, height: 1, bitCount: 32, compression: 3,
      masks: [0x0000_00FF, 0x0000_FF00, 0x00FF_0000], pixelData: [10, 20, 30, 99])
    #expect(try BMP.decode(builder.build())[x: 0, y: 0] == custom)
  }

  @Test("BI_ALPHABITFIELDS carries an alpha mask after a 40-byte header")
  func alphaBitfields() throws {
    let builder = BMPBuilder(
      width: 1, height: 1, bitCount: 32, compression: 6,
      masks: [0xFF00_0000, 0x00FF_0000, 0x0000_FF00, 0x0000_00FF], pixelData: [77, 30, 20, 10])
    #expect(try BMP.decode(builder.build())[x: 0, y: 0] == RGBA(r: 10, g: 20, b: 30, a: 77))
  }

  @Test("masks inside V4 and V5 headers are honoured, alpha included", arguments: [108, 124])
  func bitfieldsInHeader(infoSize: Int) throws {
    let builder = BMPBuilder(
      width: 1, height: 1, bitCount: 32, compression: 3, infoSize: infoSize,
      masks: [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0xFF00_0000], pixelData: [30, 20, 10, 200])
    #expect(try BMP.decode(builder.build())[x: 0, y: 0] == RGBA(r: 10, g: 20, b: 30, a: 200))
  }

  @Test("16-bit files decode with 5-6-5 bit fields and the default 5-5-5 layout")
  func sixteenBit() throws {
    let rgb565 = BMPBuilder(
      width: 2, height: 1, bitCount: 16, compression: 3, masks: [0xF800, 0x07E0, 0x001F],
      pixelData: [0x00, 0xF8, 0x1F, 0x00])
    let image565 = try BMP.decode(rgb565.build())
    #expect(image565[x: 0, y: 0] == red)
    #expect(image565[x: 1, y: 0] == blue)
    let rgb555 = BMPBuilder(width: 1, height: 1, bitCount: 16, pixelData: [0xE0, 0x03, 0, 0])
    #expect(try BMP.decode(rgb555.build())[x: 0, y: 0] == green)
  }

  @Test("8-bit and 1-bit palettized files decode")
  func palettized() throws {
    let eightBit = BMPBuilder(
      width: 3, height: 1, bitCount: 8, colorsUsed: 3, palette: [red, green, custom],
      pixelData: [2, 0, 1, 0])
    let image = try BMP.decode(eightBit.build())
    #expect([image[x: 0, y: 0], image[x: 1, y: 0], image[x: 2, y: 0]] == [custom, red, green])

    let oneBit = BMPBuilder(
      width: 10, height: 1, bitCount: 1, palette: [.black, .white],
      pixelData: [0b1010_0000, 0b0100_0000, 0, 0])
    let bits = try BMP.decode(oneBit.build())
    #expect(
      (0..<10).map { bits[x: $0, y: 0] == .white } == [
        true, false, true, false, false, false, false, false, false, true,
      ])
  }

  // MARK: - Bad input

  @Test("every truncation of a valid file throws")
  func truncation() {
    let file = valid24.build()
    for length in stride(from: 0, to: file.count, by: 3) {
      #expect(throws: ImageFormatError.self) { try BMP.decode(file.prefix(length)) }
    }
    #expect(throws: ImageFormatError.truncated(expected: file.count, actual: 40)) {
      try BMP.decode(file.prefix(40))
    }
  }

  @Test("a wrong signature is reported as such")
  func badSignature() {
    var file = valid24.build()
    file[0] = 0x50
    #expect(throws: ImageFormatError.badSignature) { try BMP.decode(file) }
  }

  @Test("a file size field that disagrees with the file is rejected")
  func fileSizeMismatch() {
    let file = valid24.build()
    #expect(throws: ImageFormatError.fileSizeMismatch(declared: file.count, actual: file.count + 5))
    {
      try BMP.decode(file + [0, 0, 0, 0, 0])
    }
    var builder = valid24
    builder.declaredFileSize = UInt32(file.count + 100)
    #expect(throws: ImageFormatError.truncated(expected: file.count + 100, actual: file.count)) {
      try BMP.decode(builder.build())
    }
  }

  @Test("a pixel data offset outside the file or inside the headers is rejected")
  func pixelOffset() {
    var builder = valid24
    builder.pixelDataOffset = 5000
    let count = builder.build().count
    #expect(
      throws: ImageFormatError.pixelDataOffsetOutOfRange(offset: 5000, validRange: 54...count)
    ) {
      try BMP.decode(builder.build())
    }
    builder.pixelDataOffset = 20
    #expect(throws: ImageFormatError.pixelDataOffsetOutOfRange(offset: 20, validRange: 54...count))
    {
      try BMP.decode(builder.build())
    }
    // An offset inside the file that leaves too little room for the rows is a truncation.
    builder.pixelDataOffset = 60
    #expect(throws: ImageFormatError.truncated(expected: 60 + 24, actual: count)) {
      try BMP.decode(builder.build())
    }
  }

  @Test(
    "zero, negative and absurd dimensions are rejected",
    arguments: [
      (Int32(0), Int32(2), ImageFormatError.invalidDimensions(width: 0, height: 2)),
      (3, 0, .invalidDimensions(width: 3, height: 0)),
      (-3, 2, .invalidDimensions(width: -3, height: 2)),
      (100_000, 2, .tooLarge(width: 100_000, height: 2)),
      (3, Int32.min, .tooLarge(width: 3, height: 2_147_483_648)),
    ])
  func dimensions(width: Int32, height: Int32, error: ImageFormatError) {
    var builder = valid24
    builder.width = width
    builder.height = height
    #expect(throws: error) { try BMP.decode(builder.build()) }
  }

  @Test("unsupported compression and header versions are named")
  func unsupported() {
    var rle = valid24
    rle.bitCount = 8
    rle.compression = 1
    #expect(throws: ImageFormatError.unsupported("RLE8-compressed BMP; save it uncompressed")) {
      try BMP.decode(rle.build())
    }
    var core = valid24
    core.infoSize = 12
    #expect(throws: ImageFormatError.unsupported("OS/2 BMP with a 12-byte BITMAPCOREHEADER")) {
      try BMP.decode(core.build())
    }
    var oddDepth = valid24
    oddDepth.bitCount = 7
    #expect(throws: ImageFormatError.self) { try BMP.decode(oddDepth.build()) }
  }

  @Test("a plane count other than one is corrupt")
  func planes() {
    var builder = valid24
    builder.planes = 2
    #expect(throws: ImageFormatError.corrupt("the BMP plane count is 2 instead of 1")) {
      try BMP.decode(builder.build())
    }
  }

  @Test("non-contiguous masks and out-of-range palette indices are corrupt")
  func badMasksAndIndices() {
    let gappy = BMPBuilder(
      width: 1, height: 1, bitCount: 32, compression: 3,
      masks: [0x00F0_0F00, 0x0000_00FF, 0xFF00_0000], pixelData: [0, 0, 0, 0])
    #expect(throws: ImageFormatError.self) { try BMP.decode(gappy.build()) }
    let badIndex = BMPBuilder(
      width: 1, height: 1, bitCount: 8, colorsUsed: 2, palette: [red, green],
      pixelData: [5, 0, 0, 0])
    #expect(throws: ImageFormatError.self) { try BMP.decode(badIndex.build()) }
  }
}
