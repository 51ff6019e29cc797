/// A raw DEFLATE (RFC 1951) decompressor for stored, fixed-Huffman and dynamic-Huffman blocks.
///
/// Every length, distance and code is checked, and the output is capped, so hostile input can
/// only produce an error.
enum Inflate {
  /// Decompresses the DEFLATE stream at the start of `input`.
  ///
  /// - Returns: The output, and how many input bytes the stream occupied (bytes after it, such
  ///   as a zlib checksum, are left alone).
  /// - Throws: `ImageFormatError.corrupt` for invalid or incomplete streams and for output
  ///   longer than `maximumOutputCount`.
  /// - Complexity: O(input + output).
  static func decompress(
    _ input: UnsafeBufferPointer<UInt8>, maximumOutputCount: Int
  ) throws(ImageFormatError) -> (bytes: [UInt8], consumedCount: Int) {
    var output = InflateOutput(
      initialCapacity: min(maximumOutputCount, max(1 << 16, input.count * 4)),
      limit: maximumOutputCount)
    defer { output.deallocate() }
    var reader = BitReader(input)
    var isFinal = false
    repeat {
      let header = try reader.read(3)
      isFinal = header & 1 == 1
      switch header >> 1 {
      case 0:
        try copyStoredBlock(&reader, into: &output)
      case 1:
        try inflateBlock(
          &reader, literals: HuffmanDecodingTable.fixedLiteralLength,
          distances: HuffmanDecodingTable.fixedDistance, into: &output)
      case 2:
        let (literals, distances) = try readDynamicTables(&reader)
        try inflateBlock(&reader, literals: literals, distances: distances, into: &output)
      default:
        throw .corrupt("DEFLATE block type 3 is reserved")
      }
    } while !isFinal
    return (output.array(), reader.consumedByteCount)
  }

  private static func copyStoredBlock(
    _ reader: inout BitReader, into output: inout InflateOutput
  ) throws(ImageFormatError) {
    try reader.alignToByte()
    let length = try reader.read(16)
    let complement = try reader.read(16)
    guard length == ~complement & 0xFFFF else {
      throw .corrupt("a stored DEFLATE block's length \(length) does not match its complement")
    }
    try output.reserve(length)
    for _ in 0..<length {
      output.append(UInt8(truncatingIfNeeded: try reader.read(8)))
    }
  }

  private static func readDynamicTables(
    _ reader: inout BitReader
  ) throws(ImageFormatError) -> (HuffmanDecodingTable, HuffmanDecodingTable) {
    let literalCount = try reader.read(5) + 257
    let distanceCount = try reader.read(5) + 1
    let codeLengthCount = try reader.read(4) + 4
    guard literalCount <= DeflateAlphabet.literalLengthSymbolCount,
      distanceCount <= DeflateAlphabet.distanceSymbolCount
    else {
      throw .corrupt(
        "a dynamic DEFLATE block declares \(literalCount) literal/length and "
          + "\(distanceCount) distance codes (at most 286 and 30)")
    }
    var codeLengthLengths = [UInt8](repeating: 0, count: 19)
    for index in 0..<codeLengthCount {
      codeLengthLengths[DeflateAlphabet.codeLengthOrder[index]] = UInt8(try reader.read(3))
    }
    let codeLengthTable = try HuffmanDecodingTable(lengths: codeLengthLengths)

    var lengths = [UInt8]()
    lengths.reserveCapacity(literalCount + distanceCount)
    while lengths.count < literalCount + distanceCount {
      let symbol = try codeLengthTable.decode(&reader)
      var repeated: UInt8 = 0
      var count = 1
      switch symbol {
      case 0...15:
        repeated = UInt8(symbol)
      case 16:
        guard let last = lengths.last else {
          throw .corrupt("a dynamic DEFLATE header repeats a code length before the first one")
        }
        repeated = last
        count = 3 + (try reader.read(2))
      case 17:
        count = 3 + (try reader.read(3))
      default:
        count = 11 + (try reader.read(7))
      }
      guard lengths.count + count <= literalCount + distanceCount else {
        throw .corrupt("a dynamic DEFLATE header's code lengths run past the declared count")
      }
      lengths.append(contentsOf: repeatElement(repeated, count: count))
    }
    guard lengths[DeflateAlphabet.endOfBlock] != 0 else {
      throw .corrupt("a dynamic DEFLATE block has no end-of-block code")
    }
    let literals = try HuffmanDecodingTable(lengths: Array(lengths[0..<literalCount]))
    let distances = try HuffmanDecodingTable(lengths: Array(lengths[literalCount...]))
    return (literals, distances)
  }

  private static func inflateBlock(
    _ reader: inout BitReader, literals: HuffmanDecodingTable, distances: HuffmanDecodingTable,
    into output: inout InflateOutput
  ) throws(ImageFormatError) {
    while true {
      let symbol = try literals.decode(&reader)
      if symbol < 256 {
        try output.reserve(1)
        output.append(UInt8(truncatingIfNeeded: symbol))
        continue
      }
      if symbol == DeflateAlphabet.endOfBlock { return }
      let lengthIndex = symbol - 257
      guard lengthIndex < 29 else { throw .corrupt("invalid DEFLATE length symbol \(symbol)") }
      let length =
        DeflateAlphabet.lengthBase[lengthIndex]
        + (try reader.read(DeflateAlphabet.lengthExtraBits[lengthIndex]))
      let distanceIndex = try distances.decode(&reader)
      guard distanceIndex < 30 else {
        throw .corrupt("invalid DEFLATE distance symbol \(distanceIndex)")
      }
      let distance =
        DeflateAlphabet.distanceBase[distanceIndex]
        + (try reader.read(DeflateAlphabet.distanceExtraBits[distanceIndex]))
      guard distance <= output.count else {
        throw .corrupt(
          "a DEFLATE back-reference reaches \(distance) bytes back but only "
            + "\(output.count) have been produced")
      }
      try output.reserve(length)
      output.copyMatch(length: length, distance: distance)
    }
  }
}
