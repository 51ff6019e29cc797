/// A rectangle of RGBA8 pixels: straight alpha, row-major, top row first, 4 bytes per pixel.
public struct Image: Equatable, Sendable {
  /// The largest width or height an image may have.
  public static let maximumSide = 32768
  /// The largest number of pixels an image may have (2^28, 1 GiB of pixel data).
  public static let maximumPixelCount = 1 << 28

  /// The number of pixel columns.
  public let width: Int
  /// The number of pixel rows.
  public let height: Int
  /// The pixel bytes: `r, g, b, a` for each pixel, left to right, top row first.
  ///
  /// Assigning an array of a different length is a programming error and traps.
  public var pixels: [UInt8] {
    didSet {
      precondition(pixels.count == width * height * 4, "Image.pixels must keep its length")
    }
  }

  /// Creates an image with every pixel set to `fill`.
  ///
  /// - Precondition: Both sides are in `1...maximumSide` and the pixel count is at most
  ///   `maximumPixelCount`; use `validateDimensions(width:height:)` for untrusted sizes.
  /// - Complexity: O(`width * height`).
  public init(width: Int, height: Int, fill: RGBA = .transparent) {
    do {
      try Image.validateDimensions(width: width, height: height)
    } catch {
      preconditionFailure(error.description)
    }
    self.width = width
    self.height = height
    let byteCount = width * height * 4
    if fill == .transparent {
      pixels = [UInt8](repeating: 0, count: byteCount)
    } else {
      pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initializedCount in
        let channels = [fill.r, fill.g, fill.b, fill.a]
        for index in 0..<byteCount {
          buffer.initializeElement(at: index, to: channels[index & 3])
        }
        initializedCount = byteCount
      }
    }
  }

  /// Creates an image from existing RGBA8 bytes, checking the dimensions and the byte count.
  public init(width: Int, height: Int, pixels: [UInt8]) throws(ImageFormatError) {
    try Image.validateDimensions(width: width, height: height)
    guard pixels.count == width * height * 4 else {
      throw .pixelCountMismatch(expected: width * height * 4, actual: pixels.count)
    }
    self.init(validatedWidth: width, height: height, pixels: pixels)
  }

  /// Wraps bytes whose dimensions and count the caller has already checked.
  init(validatedWidth width: Int, height: Int, pixels: [UInt8]) {
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// Throws unless an image of this size can be created.
  public static func validateDimensions(width: Int, height: Int) throws(ImageFormatError) {
    guard width > 0, height > 0 else {
      throw .invalidDimensions(width: width, height: height)
    }
    guard width <= maximumSide, height <= maximumSide, width * height <= maximumPixelCount else {
      throw .tooLarge(width: width, height: height)
    }
  }

  /// The number of pixels, `width * height`.
  public var pixelCount: Int { width * height }

  /// The pixel in column `x` of row `y`, where (0, 0) is the top-left corner.
  ///
  /// - Precondition: `0 <= x < width` and `0 <= y < height`.
  public subscript(x x: Int, y y: Int) -> RGBA {
    get {
      let offset = byteOffset(x: x, y: y)
      return RGBA(
        r: pixels[offset], g: pixels[offset + 1], b: pixels[offset + 2], a: pixels[offset + 3])
    }
    set {
      let offset = byteOffset(x: x, y: y)
      pixels.withUnsafeMutableBufferPointer { bytes in
        bytes[offset] = newValue.r
        bytes[offset + 1] = newValue.g
        bytes[offset + 2] = newValue.b
        bytes[offset + 3] = newValue.a
      }
    }
  }

  /// Calls `body` with the pixel bytes for fast in-place writing; the count cannot change.
  public mutating func withUnsafeMutablePixelBytes<Result, Failure: Error>(
    _ body: (UnsafeMutableBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    // The closure gets a non-inout buffer, so it cannot replace or resize the storage.
    try pixels.withUnsafeMutableBufferPointer { (bytes) throws(Failure) -> Result in
      try body(bytes)
    }
  }

  private func byteOffset(x: Int, y: Int) -> Int {
    precondition(
      x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the image")
    return (y * width + x) * 4
  }
}
