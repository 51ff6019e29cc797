/// Why an image could not be built, read or written.
public enum ImageFormatError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The data ends before a structure that must be complete; `expected` is a lower bound.
  case truncated(expected: Int, actual: Int)
  /// The data does not start with the signature of the format being read.
  case badSignature
  /// The file is valid but uses a feature this reader does not implement.
  case unsupported(String)
  /// The file breaks a rule of its format.
  case corrupt(String)
  /// A PNG chunk's CRC-32 does not match its contents.
  case crcMismatch(chunk: String)
  /// A zlib stream's Adler-32 does not match the decompressed data.
  case adler32Mismatch(expected: UInt32, actual: UInt32)
  /// A width or height is zero or negative.
  case invalidDimensions(width: Int, height: Int)
  /// A width, height or pixel count exceeds the limits of `Image`.
  case tooLarge(width: Int, height: Int)
  /// A pixel buffer's byte count does not match `width * height * 4`.
  case pixelCountMismatch(expected: Int, actual: Int)
  /// A BMP file's size field disagrees with the number of bytes actually present.
  case fileSizeMismatch(declared: Int, actual: Int)
  /// A BMP file's pixel data offset points outside the file or into its headers.
  case pixelDataOffsetOutOfRange(offset: Int, validRange: ClosedRange<Int>)

  /// A sentence naming what is wrong and, where possible, what to do about it.
  public var description: String {
    switch self {
    case .truncated(let expected, let actual):
      return "the data ends too early: at least \(expected) bytes are needed but only \(actual) "
        + "are present; the file was probably cut off while being written or copied"
    case .badSignature:
      return "the data does not start with this format's signature: it is another kind of file "
        + "or its first bytes are damaged"
    case .unsupported(let feature):
      return "unsupported: \(feature)"
    case .corrupt(let problem):
      return "the file is corrupt: \(problem)"
    case .crcMismatch(let chunk):
      return "the CRC-32 of PNG chunk '\(chunk)' does not match its contents: the file is damaged"
    case .adler32Mismatch(let expected, let actual):
      return "the compressed data's Adler-32 checksum is 0x\(hex(expected)) but the decompressed "
        + "data gives 0x\(hex(actual)): the file is damaged"
    case .invalidDimensions(let width, let height):
      return "an image must be at least 1x1 pixels, not \(width)x\(height)"
    case .tooLarge(let width, let height):
      return "an image of \(width)x\(height) pixels is too large: each side may be at most "
        + "\(Image.maximumSide) and the total at most \(Image.maximumPixelCount) pixels"
    case .pixelCountMismatch(let expected, let actual):
      return "the pixel buffer holds \(actual) bytes but the dimensions need \(expected) "
        + "(4 bytes per pixel)"
    case .fileSizeMismatch(let declared, let actual):
      return "the BMP header declares a file of \(declared) bytes but the file has \(actual)"
    case .pixelDataOffsetOutOfRange(let offset, let validRange):
      return "the BMP pixel data offset \(offset) is outside the possible range "
        + "\(validRange.lowerBound)...\(validRange.upperBound)"
    }
  }
}

private func hex(_ value: UInt32) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: 8 - digits.count) + digits
}
