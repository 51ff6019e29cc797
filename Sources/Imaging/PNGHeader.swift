/// The contents of a PNG `IHDR` chunk, limited to what this package can decode.
struct PNGHeader: Equatable {
  /// How a PNG pixel is made of samples.
  enum ColorType: UInt8 {
    case greyscale = 0
    case truecolor = 2
    case indexed = 3
    case greyscaleAlpha = 4
    case truecolorAlpha = 6

    /// The number of samples per pixel.
    var channelCount: Int {
      switch self {
      case .greyscale, .indexed: 1
      case .greyscaleAlpha: 2
      case .truecolor: 3
      case .truecolorAlpha: 4
      }
    }

    /// The bit depths the PNG specification allows for this colour type.
    var allowedBitDepths: [Int] {
      switch self {
      case .greyscale: [1, 2, 4, 8, 16]
      case .indexed: [1, 2, 4, 8]
      case .truecolor, .greyscaleAlpha, .truecolorAlpha: [8, 16]
      }
    }
  }

  let width: Int
  let height: Int
  let bitDepth: Int
  let colorType: ColorType

  init(width: Int, height: Int, bitDepth: Int, colorType: ColorType) {
    self.width = width
    self.height = height
    self.bitDepth = bitDepth
    self.colorType = colorType
  }

  /// Parses and validates the 13 bytes of an `IHDR` chunk.
  init(chunk: ArraySlice<UInt8>) throws(ImageFormatError) {
    guard chunk.count == 13 else {
      throw .corrupt("the IHDR chunk has \(chunk.count) bytes instead of 13")
    }
    let bytes = Array(chunk)
    let width = Int(bytes.bigEndianUInt32(at: 0))
    let height = Int(bytes.bigEndianUInt32(at: 4))
    try Image.validateDimensions(width: width, height: height)
    guard let colorType = ColorType(rawValue: bytes[9]) else {
      throw .corrupt("IHDR declares colour type \(bytes[9]); PNG defines 0, 2, 3, 4 and 6")
    }
    let bitDepth = Int(bytes[8])
    guard colorType.allowedBitDepths.contains(bitDepth) else {
      throw .corrupt("IHDR declares bit depth \(bitDepth), which colour type \(bytes[9]) forbids")
    }
    guard bytes[10] == 0 else {
      throw .corrupt("IHDR declares compression method \(bytes[10]); PNG defines only 0")
    }
    guard bytes[11] == 0 else {
      throw .corrupt("IHDR declares filter method \(bytes[11]); PNG defines only 0")
    }
    switch bytes[12] {
    case 0: break
    case 1:
      throw .unsupported("Adam7-interlaced PNG; save the image again without interlacing")
    default:
      throw .corrupt("IHDR declares interlace method \(bytes[12]); PNG defines only 0 and 1")
    }
    self.init(width: width, height: height, bitDepth: bitDepth, colorType: colorType)
  }

  /// The bits in one pixel.
  var bitsPerPixel: Int { colorType.channelCount * bitDepth }

  /// The bytes in one row, without its filter-type byte.
  var rowByteCount: Int { (width * bitsPerPixel + 7) / 8 }

  /// The distance in bytes to the "left" neighbour used by the filters.
  var filterStride: Int { max(1, bitsPerPixel / 8) }

  /// The size of the decompressed image data: every row plus its filter-type byte.
  var scanlineByteCount: Int { height * (rowByteCount + 1) }

  /// The 13 bytes of the `IHDR` chunk.
  var chunkData: [UInt8] {
    var bytes: [UInt8] = []
    bytes.appendBigEndian(UInt32(width))
    bytes.appendBigEndian(UInt32(height))
    bytes += [UInt8(bitDepth), colorType.rawValue, 0, 0, 0]
    return bytes
  }
}
