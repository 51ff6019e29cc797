/// The zlib container (RFC 1950) around DEFLATE data, as PNG stores it.
enum Zlib {
  /// Wraps the DEFLATE compression of `input` in a zlib header and Adler-32 trailer.
  ///
  /// - Complexity: See `Deflate.compress(_:level:blocks:)`.
  static func compress(
    _ input: UnsafeBufferPointer<UInt8>, level: Int = 6, blocks: DeflateBlockChoice = .automatic
  ) -> [UInt8] {
    let clampedLevel = max(0, min(level, 9))
    // CMF 0x78: DEFLATE with a 32 KiB window. FLEVEL only informs; FCHECK makes the pair
    // a multiple of 31.
    let compressionMethod = 0x78
    let levelHint: Int
    switch clampedLevel {
    case 0...1: levelHint = 0
    case 2...5: levelHint = 1
    case 6: levelHint = 2
    default: levelHint = 3
    }
    var flags = levelHint << 6
    flags += 31 - (compressionMethod << 8 | flags) % 31
    var output: [UInt8] = [UInt8(compressionMethod), UInt8(flags)]
    output += Deflate.compress(input, level: clampedLevel, blocks: blocks)
    var adler = Adler32()
    adler.update(input)
    output.appendBigEndian(adler.checksum)
    return output
  }

  /// Compresses an array; see `compress(_:level:blocks:)`.
  static func compress(
    _ input: [UInt8], level: Int = 6, blocks: DeflateBlockChoice = .automatic
  ) -> [UInt8] {
    input.withUnsafeBufferPointer { compress($0, level: level, blocks: blocks) }
  }

  /// Checks the header, inflates, and verifies the Adler-32 of the result.
  ///
  /// - Throws: `ImageFormatError.corrupt`, `.unsupported` (preset dictionaries) or
  ///   `.adler32Mismatch`; output beyond `maximumOutputCount` is an error.
  /// - Complexity: O(input + output).
  static func decompress(
    _ input: UnsafeBufferPointer<UInt8>, maximumOutputCount: Int
  ) throws(ImageFormatError) -> [UInt8] {
    guard input.count >= 2 else {
      throw .corrupt("the zlib stream is only \(input.count) bytes long")
    }
    let method = Int(input[0])
    let flags = Int(input[1])
    guard method & 0x0F == 8, method >> 4 <= 7 else {
      throw .corrupt("the zlib header 0x\(String(method, radix: 16)) does not announce DEFLATE")
    }
    guard (method << 8 | flags) % 31 == 0 else {
      throw .corrupt("the zlib header check bits are wrong")
    }
    guard flags & 0x20 == 0 else {
      throw .unsupported("zlib streams with a preset dictionary")
    }
    let body = UnsafeBufferPointer(rebasing: input[2...])
    let (output, consumed) = try Inflate.decompress(body, maximumOutputCount: maximumOutputCount)
    let trailer = 2 + consumed
    guard trailer + 4 <= input.count else {
      throw .corrupt("the zlib stream ends before its Adler-32 checksum")
    }
    let expected =
      UInt32(input[trailer]) << 24 | UInt32(input[trailer + 1]) << 16
      | UInt32(input[trailer + 2]) << 8 | UInt32(input[trailer + 3])
    let actual = Adler32.checksum(output)
    guard expected == actual else { throw .adler32Mismatch(expected: expected, actual: actual) }
    return output
  }

  /// Decompresses an array; see `decompress(_:maximumOutputCount:)`.
  static func decompress(
    _ input: [UInt8], maximumOutputCount: Int
  ) throws(ImageFormatError) -> [UInt8] {
    try input.withUnsafeBufferPointer { (buffer) throws(ImageFormatError) -> [UInt8] in
      try decompress(buffer, maximumOutputCount: maximumOutputCount)
    }
  }
}
