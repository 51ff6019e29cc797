/// A Huffman code as a lookup table indexed by the next `maximumLength` input bits.
struct HuffmanDecodingTable {
  // Each entry is `symbol << 4 | code length`; length 0 marks bit patterns that are not codes.
  private let entries: [UInt16]
  private let maximumLength: Int

  static let fixedLiteralLength = HuffmanDecodingTable(
    validLengths: DeflateAlphabet.fixedLiteralLengthLengths)
  static let fixedDistance = HuffmanDecodingTable(
    validLengths: DeflateAlphabet.fixedDistanceLengths)

  /// Builds the table of the canonical code with these lengths.
  ///
  /// Over-subscribed codes are rejected; incomplete codes are accepted (RFC 1951 allows a
  /// single one-bit distance code) and fail only if an unused pattern is actually read.
  init(lengths: [UInt8]) throws(ImageFormatError) {
    var countPerLength = [Int](repeating: 0, count: DeflateAlphabet.maximumCodeLength + 1)
    for length in lengths where length > 0 { countPerLength[Int(length)] += 1 }
    var available = 1
    for length in 1...DeflateAlphabet.maximumCodeLength {
      available = available << 1 - countPerLength[length]
      guard available >= 0 else {
        throw .corrupt("a Huffman code in the DEFLATE stream is over-subscribed")
      }
    }
    self.init(validLengths: lengths)
  }

  /// Builds the table of code lengths already known not to be over-subscribed.
  private init(validLengths lengths: [UInt8]) {
    maximumLength = max(1, Int(lengths.max() ?? 0))
    var table = [UInt16](repeating: 0, count: 1 << maximumLength)
    let codes = HuffmanCode.reversedCodes(for: lengths)
    for (symbol, length) in lengths.enumerated() where length > 0 {
      let entry = UInt16(symbol << 4 | Int(length))
      var index = Int(codes[symbol])
      while index < table.count {
        table[index] = entry
        index += 1 << Int(length)
      }
    }
    entries = table
  }

  /// Reads one symbol.
  @inline(__always)
  func decode(_ reader: inout BitReader) throws(ImageFormatError) -> Int {
    let entry = entries[reader.peek(maximumLength)]
    let length = Int(entry & 15)
    guard length != 0 else { throw .corrupt("the DEFLATE stream contains an invalid Huffman code") }
    try reader.consume(length)
    return Int(entry >> 4)
  }
}
