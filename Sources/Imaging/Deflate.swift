/// Which kind of DEFLATE block the compressor emits.
enum DeflateBlockChoice: Sendable {
  /// Whichever of the three is smallest for each block.
  case automatic
  /// Uncompressed blocks only.
  case stored
  /// Blocks with the fixed Huffman code of RFC 1951.
  case fixed
  /// Blocks with their own Huffman codes.
  case dynamic
}

/// A raw DEFLATE (RFC 1951) compressor: LZ77 over hash chains with zlib-style lazy matching,
/// then per block the smallest of stored, fixed-Huffman and dynamic-Huffman coding.
enum Deflate {
  /// Compresses `input` at `level` (0 stores, 1 is fastest, 9 smallest; zlib's scale).
  ///
  /// - Complexity: O(n × the level's chain limit) in the worst case, about O(n) for image data.
  static func compress(
    _ input: [UInt8], level: Int = 6, blocks: DeflateBlockChoice = .automatic
  ) -> [UInt8] {
    input.withUnsafeBufferPointer { compress($0, level: level, blocks: blocks) }
  }

  /// Compresses the bytes in `input`; see `compress(_:level:blocks:)`.
  static func compress(
    _ input: UnsafeBufferPointer<UInt8>, level: Int = 6, blocks: DeflateBlockChoice = .automatic
  ) -> [UInt8] {
    // The hash chains store positions as Int32; images stay far below this by their limits.
    precondition(input.count < Int(Int32.max), "Deflate input must be smaller than 2 GiB")
    let settings = DeflateSettings(level: level)
    guard settings.maximumChain > 0 || blocks != .automatic else {
      var writer = BitWriter(capacity: input.count + input.count / 65535 * 5 + 16)
      writeStoredBlocks(input, isFinal: true, to: &writer)
      return writer.finish()
    }
    let head = UnsafeMutableBufferPointer<Int32>.allocate(capacity: DeflateEncoder.hashSize)
    let previous = UnsafeMutableBufferPointer<Int32>.allocate(
      capacity: DeflateAlphabet.windowSize)
    defer {
      head.deallocate()
      previous.deallocate()
    }
    head.initialize(repeating: -1)
    previous.initialize(repeating: -1)
    var encoder = DeflateEncoder(
      input: input, settings: settings, blocks: blocks, head: head, previous: previous)
    return encoder.run()
  }

  /// Writes `input` as stored blocks of at most 65535 bytes each.
  static func writeStoredBlocks(
    _ input: UnsafeBufferPointer<UInt8>, isFinal: Bool, to writer: inout BitWriter
  ) {
    var start = 0
    repeat {
      let end = min(start + 65535, input.count)
      let isLast = end == input.count
      writer.write(isFinal && isLast ? 1 : 0, count: 3)
      writer.alignToByte()
      writer.write(end - start, count: 16)
      writer.write(~(end - start) & 0xFFFF, count: 16)
      writer.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<end]))
      start = end
    } while start < input.count
  }
}
