/// The symbol tables of RFC 1951 shared by the compressor and the decompressor.
enum DeflateAlphabet {
  /// The literal/length symbol that ends a block.
  static let endOfBlock = 256
  /// The number of literal/length symbols a dynamic block may define.
  static let literalLengthSymbolCount = 286
  /// The number of distance symbols a dynamic block may define.
  static let distanceSymbolCount = 30
  /// The shortest and longest back-reference.
  static let minimumMatchLength = 3
  static let maximumMatchLength = 258
  /// How far back a reference may reach.
  static let windowSize = 32768
  /// The longest code in the literal/length and distance codes.
  static let maximumCodeLength = 15
  /// The longest code in the code-length code of a dynamic block header.
  static let maximumCodeLengthCodeLength = 7

  /// The shortest length of each length symbol (257 + index).
  static let lengthBase: [Int] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
    131, 163, 195, 227, 258,
  ]
  /// The extra bits after each length symbol.
  static let lengthExtraBits: [Int] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  /// The shortest distance of each distance symbol.
  static let distanceBase: [Int] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
  ]
  /// The extra bits after each distance symbol.
  static let distanceExtraBits: [Int] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
  ]
  /// The order in which a dynamic header lists the code-length code's lengths.
  static let codeLengthOrder: [Int] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
  ]

  /// The length symbol index (symbol - 257) for each match length 0...258.
  static let lengthIndex: [UInt8] = {
    var table = [UInt8](repeating: 0, count: maximumMatchLength + 1)
    // 258 has its own symbol even though 227 plus 5 extra bits could also express it.
    for index in 0..<28 {
      let end = min(lengthBase[index] + (1 << lengthExtraBits[index]), maximumMatchLength)
      for length in lengthBase[index]..<end {
        table[length] = UInt8(index)
      }
    }
    table[maximumMatchLength] = 28
    return table
  }()

  /// The distance symbol for a distance in 1...32768.
  @inline(__always)
  static func distanceIndex(_ distance: Int) -> Int {
    if distance <= 4 { return distance - 1 }
    let offset = distance - 1
    let topBit = Int.bitWidth - 1 - offset.leadingZeroBitCount
    return 2 * topBit + ((offset >> (topBit - 1)) & 1)
  }

  /// The literal/length code lengths of a fixed-Huffman block (all 288 symbols).
  static let fixedLiteralLengthLengths: [UInt8] = (0..<288).map { symbol in
    switch symbol {
    case 0..<144: 8
    case 144..<256: 9
    case 256..<280: 7
    default: 8
    }
  }
  /// The distance code lengths of a fixed-Huffman block (all 32 symbols; 30 and 31 are unused).
  static let fixedDistanceLengths = [UInt8](repeating: 5, count: 32)
}
