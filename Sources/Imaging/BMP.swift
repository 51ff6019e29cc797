/// Reading and writing Windows BMP files.
///
/// The decoder reads uncompressed 1-, 4-, 8-, 16-, 24- and 32-bit files with 40-, 52-, 56-,
/// 108- and 124-byte info headers, including bit-field masks, bottom-up and top-down rows.
/// The encoder writes 32-bit BI_BITFIELDS with a BITMAPV4HEADER, the layout SDL2's
/// `SDL_LoadBMP` reads with alpha.
public enum BMP {
  private static let headersSize = 14 + 108

  /// Encodes `image` as a bottom-up 32-bit BMP with an alpha channel.
  ///
  /// - Complexity: O(`width * height`).
  public static func encode(_ image: Image) -> [UInt8] {
    let pixelByteCount = image.pixelCount * 4
    var output: [UInt8] = []
    output.reserveCapacity(headersSize + pixelByteCount)
    // BITMAPFILEHEADER
    output += [0x42, 0x4D]
    output.appendLittleEndian(UInt32(headersSize + pixelByteCount))
    output.appendLittleEndian(UInt32(0))
    output.appendLittleEndian(UInt32(headersSize))
    // BITMAPV4HEADER
    output.appendLittleEndian(UInt32(108))
    output.appendLittleEndian(UInt32(image.width))
    output.appendLittleEndian(UInt32(image.height))
    output.appendLittleEndian(UInt16(1))
    output.appendLittleEndian(UInt16(32))
    output.appendLittleEndian(UInt32(3))  // BI_BITFIELDS
    output.appendLittleEndian(UInt32(pixelByteCount))
    output.appendLittleEndian(UInt32(2835))  // 72 dpi in pixels per metre
    output.appendLittleEndian(UInt32(2835))
    output.appendLittleEndian(UInt32(0))
    output.appendLittleEndian(UInt32(0))
    for mask: UInt32 in [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0xFF00_0000] {
      output.appendLittleEndian(mask)
    }
    output.appendLittleEndian(UInt32(0x7352_4742))  // LCS_sRGB: no endpoints or gamma needed
    output += repeatElement(0, count: 36 + 12)

    output += repeatElement(0, count: pixelByteCount)
    let rowByteCount = image.width * 4
    image.pixels.withUnsafeBufferPointer { pixels in
      output.withUnsafeMutableBufferPointer { output in
        for y in 0..<image.height {
          // Bottom-up: the last image row is stored first.
          let source = pixels.baseAddress! + (image.height - 1 - y) * rowByteCount
          let target = output.baseAddress! + headersSize + y * rowByteCount
          for offset in stride(from: 0, to: rowByteCount, by: 4) {
            target[offset] = source[offset + 2]
            target[offset + 1] = source[offset + 1]
            target[offset + 2] = source[offset]
            target[offset + 3] = source[offset + 3]
          }
        }
      }
    }
    return output
  }

  /// Decodes a BMP file.
  ///
  /// A 32-bit BI_RGB file's fourth byte is used as alpha only if some pixel has a non-zero
  /// value there; most writers leave it zero and mean the image to be opaque.
  /// - Throws: `ImageFormatError` naming the first inconsistency: signature, file size, header
  ///   size, dimensions, planes, compression, bit masks, palette or pixel data offset.
  /// - Complexity: O(file size).
  public static func decode(_ bytes: some Collection<UInt8>) throws(ImageFormatError) -> Image {
    let bytes = Array(bytes)
    let header = try BMPHeader(bytes)
    var pixels = [UInt8](repeating: 0, count: header.width * header.height * 4)
    try bytes.withUnsafeBufferPointer { (source) throws(ImageFormatError) in
      try pixels.withUnsafeMutableBufferPointer { (target) throws(ImageFormatError) in
        try decodePixels(header, from: source.baseAddress!, into: target.baseAddress!)
      }
    }
    return Image(validatedWidth: header.width, height: header.height, pixels: pixels)
  }

  private static func decodePixels(
    _ header: BMPHeader, from source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>
  ) throws(ImageFormatError) {
    let width = header.width
    func sourceRow(_ y: Int) -> UnsafePointer<UInt8> {
      let storedRow = header.isTopDown ? y : header.height - 1 - y
      return source + header.pixelDataOffset + storedRow * header.rowStride
    }
    // A 32-bit file whose fourth bytes are all zero has no alpha: it is opaque.
    let hasAlpha =
      header.format == .bgrx32
      && (0..<header.height).contains { y in
        let row = sourceRow(y)
        return (0..<width).contains { row[4 * $0 + 3] != 0 }
      }

    for y in 0..<header.height {
      let row = sourceRow(y)
      let output = target + y * width * 4
      switch header.format {
      case .bgr24:
        for x in 0..<width {
          storePixel(row[3 * x + 2], row[3 * x + 1], row[3 * x], 255, at: output + 4 * x)
        }
      case .bgrx32:
        for x in 0..<width {
          let pixel = row + 4 * x
          storePixel(pixel[2], pixel[1], pixel[0], hasAlpha ? pixel[3] : 255, at: output + 4 * x)
        }
      case .indexed(let bitCount):
        for x in 0..<width {
          let bitOffset = x * bitCount
          let shift = 8 - bitCount - bitOffset & 7
          let index = Int(row[bitOffset >> 3]) >> shift & (1 << bitCount - 1)
          guard index < header.palette.count else {
            throw .corrupt(
              "pixel (\(x), \(y)) uses colour \(index) of a "
                + "\(header.palette.count)-colour palette")
          }
          let color = header.palette[index]
          storePixel(color.r, color.g, color.b, 255, at: output + 4 * x)
        }
      case .bitfields(let bitCount, let red, let green, let blue, let alpha):
        let bytesPerPixel = bitCount / 8
        for x in 0..<width {
          let pixelBytes = row + bytesPerPixel * x
          var value = UInt32(pixelBytes[0]) | UInt32(pixelBytes[1]) << 8
          if bytesPerPixel == 4 {
            value |= UInt32(pixelBytes[2]) << 16 | UInt32(pixelBytes[3]) << 24
          }
          storePixel(
            red.value(in: value, absent: 0), green.value(in: value, absent: 0),
            blue.value(in: value, absent: 0), alpha.value(in: value, absent: 255),
            at: output + 4 * x)
        }
      }
    }
  }

}

/// Writes one RGBA8 pixel at `target`: what the BMP and PNG decoders store each pixel with.
@inline(__always)
func storePixel(
  _ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8,
  at target: UnsafeMutablePointer<UInt8>
) {
  target[0] = red
  target[1] = green
  target[2] = blue
  target[3] = alpha
}
