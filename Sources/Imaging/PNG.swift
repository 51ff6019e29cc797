/// Reading and writing PNG files.
///
/// The encoder writes 8-bit RGBA (colour type 6), choosing a filter per row and compressing
/// with this module's DEFLATE. The decoder reads non-interlaced PNGs of every colour type and
/// bit depth, with `PLTE` and `tRNS`, and verifies every CRC and the Adler-32 checksum.
public enum PNG {
  /// The eight bytes every PNG file starts with.
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  // Large images are split over several IDAT chunks, as common encoders do, so that no chunk
  // needs a huge buffer in a streaming reader.
  private static let maximumIDATLength = 1 << 20

  /// Encodes `image` as an 8-bit RGBA PNG.
  ///
  /// `compressionLevel` follows zlib: 0 stores without compression, 1 is fastest, 9 smallest.
  /// - Complexity: O(`width * height`).
  public static func encode(_ image: Image, compressionLevel: Int = 6) -> [UInt8] {
    let header = PNGHeader(
      width: image.width, height: image.height, bitDepth: 8, colorType: .truecolorAlpha)
    let scanlines = image.pixels.withUnsafeBufferPointer { pixels in
      PNGFilter.filter(
        pixels, rowByteCount: header.rowByteCount, height: header.height,
        stride: header.filterStride, choosing: compressionLevel > 0)
    }
    let compressed = Zlib.compress(scanlines, level: compressionLevel)

    var output = signature
    output.reserveCapacity(compressed.count + compressed.count / maximumIDATLength * 12 + 64)
    appendChunk("IHDR", header.chunkData[...], to: &output)
    var start = 0
    repeat {
      let end = min(start + maximumIDATLength, compressed.count)
      appendChunk("IDAT", compressed[start..<end], to: &output)
      start = end
    } while start < compressed.count
    appendChunk("IEND", [], to: &output)
    return output
  }

  /// Decodes a PNG file.
  ///
  /// - Throws: `ImageFormatError` naming the first problem found: a bad signature, a truncated
  ///   file, a CRC or Adler-32 mismatch, invalid header values, unsupported interlacing, or
  ///   corrupt compressed data.
  /// - Complexity: O(file size + `width * height`).
  public static func decode(_ bytes: some Collection<UInt8>) throws(ImageFormatError) -> Image {
    let contents = try PNGFileContents(Array(bytes))
    let header = contents.header
    let converter = try PNGPixelConverter(
      header: header, palette: contents.palette, transparency: contents.transparency)
    var scanlines = try Zlib.decompress(
      contents.compressedData, maximumOutputCount: header.scanlineByteCount)
    guard scanlines.count == header.scanlineByteCount else {
      throw .corrupt(
        "the image data holds \(scanlines.count) bytes but IHDR requires "
          + "\(header.scanlineByteCount)")
    }
    try scanlines.withUnsafeMutableBufferPointer { (buffer) throws(ImageFormatError) in
      try PNGFilter.unfilter(
        buffer, rowByteCount: header.rowByteCount, height: header.height,
        stride: header.filterStride)
    }
    let pixels = try scanlines.withUnsafeBufferPointer {
      (buffer) throws(ImageFormatError) -> [UInt8] in
      try converter.convert(buffer)
    }
    return Image(validatedWidth: header.width, height: header.height, pixels: pixels)
  }

  private static func appendChunk(
    _ type: String, _ data: ArraySlice<UInt8>, to output: inout [UInt8]
  ) {
    let typeBytes = Array(type.utf8)
    output.appendBigEndian(UInt32(data.count))
    output += typeBytes
    output += data
    var crc = CRC32()
    crc.update(typeBytes)
    crc.update(data)
    output.appendBigEndian(crc.checksum)
  }
}
