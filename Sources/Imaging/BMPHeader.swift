/// The validated headers of a BMP file: where the pixels are and how to read them.
struct BMPHeader {
  /// How the bytes of one pixel are laid out.
  enum PixelFormat: Equatable {
    /// 1, 4 or 8 bits indexing `palette`.
    case indexed(bitCount: Int)
    /// Blue, green, red.
    case bgr24
    /// Blue, green, red and a fourth byte that is alpha only if some pixel makes it non-zero.
    case bgrx32
    /// A 16- or 32-bit little-endian value split by bit masks.
    case bitfields(
      bitCount: Int, red: BMPChannelMask, green: BMPChannelMask, blue: BMPChannelMask,
      alpha: BMPChannelMask)
  }

  private static let fileHeaderSize = 14
  private static let supportedInfoHeaderSizes = [40, 52, 56, 108, 124]

  let width: Int
  let height: Int
  /// Whether the first stored row is the top one (negative height in the file).
  let isTopDown: Bool
  let format: PixelFormat
  let palette: [RGBA]
  let pixelDataOffset: Int
  /// The bytes per stored row, padded to a multiple of 4.
  let rowStride: Int

  /// Parses and cross-checks the file and info headers, masks and palette of `bytes`.
  init(_ bytes: [UInt8]) throws(ImageFormatError) {
    let infoSize = try BMPHeader.infoHeaderSize(of: bytes)
    var headersEnd = BMPHeader.fileHeaderSize + infoSize
    guard bytes.count >= headersEnd else {
      throw .truncated(expected: headersEnd, actual: bytes.count)
    }

    let rawWidth = Int(bytes.littleEndianInt32(at: 18))
    let rawHeight = Int(bytes.littleEndianInt32(at: 22))
    let planes = bytes.littleEndianUInt16(at: 26)
    let bitCount = Int(bytes.littleEndianUInt16(at: 28))
    let compression = bytes.littleEndianUInt32(at: 30)
    let colorsUsed = Int(bytes.littleEndianUInt32(at: 46))
    guard planes == 1 else { throw .corrupt("the BMP plane count is \(planes) instead of 1") }
    guard rawWidth > 0, rawHeight != 0 else {
      throw .invalidDimensions(width: rawWidth, height: rawHeight)
    }
    try Image.validateDimensions(width: rawWidth, height: abs(rawHeight))
    width = rawWidth
    height = abs(rawHeight)
    isTopDown = rawHeight < 0

    // Bit masks live inside the info header from the 52-byte version on, and after a plain
    // 40-byte BITMAPINFOHEADER otherwise.
    func masks(count: Int) throws(ImageFormatError) -> [UInt32] {
      let start = BMPHeader.fileHeaderSize + 40
      if infoSize == 40 {
        headersEnd += 4 * count
        guard bytes.count >= headersEnd else {
          throw .truncated(expected: headersEnd, actual: bytes.count)
        }
      }
      let available = infoSize == 40 ? count : infoSize >= 56 ? 4 : 3
      return (0..<4).map { $0 < available ? bytes.littleEndianUInt32(at: start + 4 * $0) : 0 }
    }

    format = try BMPHeader.format(
      compression: compression, bitCount: bitCount,
      masks: { count throws(ImageFormatError) in
        try masks(count: count)
      })

    palette = try BMPHeader.palette(
      of: bytes, format: format, colorsUsed: colorsUsed, at: &headersEnd)

    let offset = Int(bytes.littleEndianUInt32(at: 10))
    guard offset >= headersEnd && offset <= bytes.count else {
      throw .pixelDataOffsetOutOfRange(offset: offset, validRange: headersEnd...bytes.count)
    }
    pixelDataOffset = offset
    rowStride = (width * bitCount + 31) / 32 * 4
    let pixelDataEnd = offset + rowStride * height
    guard pixelDataEnd <= bytes.count else {
      throw .truncated(expected: pixelDataEnd, actual: bytes.count)
    }
  }

  /// Checks the file header of `bytes` (the signature, the declared size) and returns the
  /// size of the info header after it, one this reader knows.
  private static func infoHeaderSize(of bytes: [UInt8]) throws(ImageFormatError) -> Int {
    let signature: [UInt8] = [0x42, 0x4D]
    guard bytes.starts(with: signature) else {
      if bytes.count < 2 && signature.starts(with: bytes) {
        throw .truncated(expected: BMPHeader.fileHeaderSize, actual: bytes.count)
      }
      throw .badSignature
    }
    guard bytes.count >= BMPHeader.fileHeaderSize + 4 else {
      throw .truncated(expected: BMPHeader.fileHeaderSize + 4, actual: bytes.count)
    }
    // Some writers leave the size field zero; anything else must be exact.
    let declaredSize = Int(bytes.littleEndianUInt32(at: 2))
    if declaredSize > bytes.count {
      throw .truncated(expected: declaredSize, actual: bytes.count)
    }
    if declaredSize != 0 && declaredSize != bytes.count {
      throw .fileSizeMismatch(declared: declaredSize, actual: bytes.count)
    }

    let infoSize = Int(bytes.littleEndianUInt32(at: 14))
    guard BMPHeader.supportedInfoHeaderSizes.contains(infoSize) else {
      switch infoSize {
      case 12: throw .unsupported("OS/2 BMP with a 12-byte BITMAPCOREHEADER")
      case 16, 64: throw .unsupported("OS/2 BMP with a \(infoSize)-byte header")
      default: throw .corrupt("the BMP info header size \(infoSize) is not a known size")
      }
    }
    return infoSize
  }

  /// The pixel format of `bitCount`-bit pixels compressed as `compression` says, with the
  /// channel masks `masks(count)` reads where the format has them.
  private static func format(
    compression: UInt32, bitCount: Int,
    masks: (Int) throws(ImageFormatError) -> [UInt32]
  ) throws(ImageFormatError) -> PixelFormat {
    switch (compression, bitCount) {
    case (0, 1), (0, 4), (0, 8):
      return .indexed(bitCount: bitCount)
    case (0, 16):
      return try bitfields(bitCount: 16, masks: [0x7C00, 0x03E0, 0x001F, 0])
    case (0, 24):
      return .bgr24
    case (0, 32):
      return .bgrx32
    case (3, 16), (3, 32):
      return try bitfields(bitCount: bitCount, masks: masks(3))
    case (6, 16), (6, 32):
      return try bitfields(bitCount: bitCount, masks: masks(4))
    case (0, _), (3, _), (6, _):
      throw .unsupported("\(bitCount)-bit BMP with compression type \(compression)")
    case (1, _): throw .unsupported("RLE8-compressed BMP; save it uncompressed")
    case (2, _): throw .unsupported("RLE4-compressed BMP; save it uncompressed")
    case (4, _): throw .unsupported("BMP containing a JPEG image")
    case (5, _): throw .unsupported("BMP containing a PNG image")
    default: throw .unsupported("BMP compression type \(compression)")
    }
  }

  /// The palette of an indexed `format` (empty for the others), which starts at `headersEnd`
  /// and moves it past the palette.
  private static func palette(
    of bytes: [UInt8], format: PixelFormat, colorsUsed: Int, at headersEnd: inout Int
  ) throws(ImageFormatError) -> [RGBA] {
    var palette: [RGBA] = []
    if case .indexed(let indexBits) = format {
      let paletteCount = colorsUsed == 0 ? 1 << indexBits : colorsUsed
      guard paletteCount <= 1 << indexBits else {
        throw .corrupt(
          "the BMP palette has \(colorsUsed) colours but \(indexBits)-bit pixels "
            + "can only use \(1 << indexBits)")
      }
      let paletteStart = headersEnd
      headersEnd += 4 * paletteCount
      guard bytes.count >= headersEnd else {
        throw .truncated(expected: headersEnd, actual: bytes.count)
      }
      for index in 0..<paletteCount {
        let entry = paletteStart + 4 * index
        palette.append(RGBA(r: bytes[entry + 2], g: bytes[entry + 1], b: bytes[entry]))
      }
    }
    return palette
  }

  private static func bitfields(bitCount: Int, masks: [UInt32]) throws(ImageFormatError)
    -> PixelFormat
  {
    let red = try BMPChannelMask(masks[0], channel: "red")
    let green = try BMPChannelMask(masks[1], channel: "green")
    let blue = try BMPChannelMask(masks[2], channel: "blue")
    let alpha = try BMPChannelMask(masks[3], channel: "alpha")
    let used = masks[0] | masks[1] | masks[2] | masks[3]
    guard bitCount == 32 || used <= 0xFFFF else {
      throw .corrupt("a BMP bit mask uses bits beyond the \(bitCount)-bit pixel")
    }
    return .bitfields(bitCount: bitCount, red: red, green: green, blue: blue, alpha: alpha)
  }
}
