import CZlib

/// The zlib container (RFC 1950) around DEFLATE data, as PNG stores it, made and read by the
/// system zlib.
///
/// Reading checks the two-byte header and the Adler-32 trailer itself, so a damaged stream is
/// named precisely, and has zlib inflate the raw DEFLATE data in between, never past a limit
/// the caller sets.
enum Zlib {
  /// Compresses `input` into a zlib stream at `level` (0 stores, 1 is fastest, 9 smallest).
  ///
  /// - Complexity: O(n) in the input's length.
  static func compress(_ input: UnsafeBufferPointer<UInt8>, level: Int = 6) -> [UInt8] {
    var stream = z_stream()
    let status = deflateInit_(
      &stream, Int32(max(0, min(level, 9))), zlibVersion(), Int32(MemoryLayout<z_stream>.size))
    // Only a failed allocation or a mismatched zlib fails here: neither can be handled.
    precondition(status == Z_OK, "zlib's deflateInit failed with \(status)")
    defer { deflateEnd(&stream) }
    let bound = Int(deflateBound(&stream, uLong(input.count)))
    return [UInt8](unsafeUninitializedCapacity: bound) { output, written in
      stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
      stream.avail_in = uInt(input.count)
      stream.next_out = output.baseAddress
      stream.avail_out = uInt(bound)
      // With room for deflateBound's worst case, one call with Z_FINISH ends the stream.
      let result = deflate(&stream, Z_FINISH)
      precondition(result == Z_STREAM_END, "zlib's deflate stopped early with \(result)")
      written = Int(stream.total_out)
    }
  }

  /// Compresses an array; see `compress(_:level:)`.
  static func compress(_ input: [UInt8], level: Int = 6) -> [UInt8] {
    input.withUnsafeBufferPointer { compress($0, level: level) }
  }

  /// Checks the header, inflates, and verifies the Adler-32 of the result.
  ///
  /// The output grows as it is produced, so a small stream that claims a huge image costs only
  /// what it really holds.
  /// - Throws: `ImageFormatError.corrupt`, `.unsupported` (preset dictionaries) or
  ///   `.adler32Mismatch`; output beyond `maximumOutputCount` is an error.
  /// - Complexity: O(n) in the output's length.
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
    let (output, consumed) = try inflateRaw(body, maximumOutputCount: maximumOutputCount)
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

  /// Inflates raw DEFLATE data up to its end: the output and how many input bytes it took.
  private static func inflateRaw(
    _ input: UnsafeBufferPointer<UInt8>, maximumOutputCount: Int
  ) throws(ImageFormatError) -> (output: [UInt8], consumed: Int) {
    var stream = z_stream()
    // Negative window bits: raw DEFLATE, with the header and trailer checked above.
    let status = inflateInit2_(
      &stream, -MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
    precondition(status == Z_OK, "zlib's inflateInit failed with \(status)")
    defer { inflateEnd(&stream) }
    stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
    stream.avail_in = uInt(input.count)

    var output: [UInt8] = []
    var produced = 0
    while true {
      // Room for one more byte than allowed, so that going over the limit shows.
      let limit = maximumOutputCount + 1
      let capacity = min(limit, max(64 * 1024, produced * 2))
      if output.count < capacity {
        output.append(contentsOf: repeatElement(0, count: capacity - output.count))
      }
      let result = output.withUnsafeMutableBufferPointer { buffer in
        stream.next_out = buffer.baseAddress.unsafelyUnwrapped + produced
        stream.avail_out = uInt(buffer.count - produced)
        return inflate(&stream, Z_NO_FLUSH)
      }
      produced = Int(stream.total_out)
      guard produced <= maximumOutputCount else {
        throw .corrupt(
          "the compressed data holds more than the \(maximumOutputCount) bytes expected")
      }
      switch result {
      case Z_STREAM_END:
        output.removeSubrange(produced...)
        return (output, Int(stream.total_in))
      case Z_OK:
        continue
      case Z_BUF_ERROR where stream.avail_in == 0:
        throw .corrupt("the compressed data ends before its last block")
      case Z_BUF_ERROR:
        // Out of room below the limit: the loop grows the output.
        continue
      default:
        let reason = stream.msg.map { String(cString: $0) } ?? "zlib error \(result)"
        throw .corrupt("the compressed data is not valid DEFLATE: \(reason)")
      }
    }
  }
}
