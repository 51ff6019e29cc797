/// The code lengths of a dynamic block, run-length encoded with the code-length alphabet
/// (0...15 literal lengths, 16 repeat previous, 17 and 18 runs of zeros).
struct DynamicBlockHeader {
  private let literalCount: Int
  private let distanceCount: Int
  private let codeLengthCount: Int
  private var symbols: [(symbol: Int, extra: Int)] = []
  private let codeLengthLengths: [UInt8]
  private let codeLengthCodes: [UInt16]
  /// The size of the header in bits, after the three block-type bits.
  private(set) var bitCount = 0

  private static let extraBitsOfRepeat = [16: 2, 17: 3, 18: 7]

  init(literalLengths: [UInt8], distanceLengths: [UInt8]) {
    literalCount = max(257, (literalLengths.lastIndex { $0 != 0 } ?? 0) + 1)
    distanceCount = max(1, (distanceLengths.lastIndex { $0 != 0 } ?? 0) + 1)
    let all = Array(literalLengths[0..<literalCount]) + Array(distanceLengths[0..<distanceCount])

    var index = 0
    while index < all.count {
      let value = Int(all[index])
      var run = 1
      while index + run < all.count && all[index + run] == all[index] { run += 1 }
      var remaining = run
      if value == 0 {
        while remaining >= 11 {
          let count = min(remaining, 138)
          symbols.append((18, count - 11))
          remaining -= count
        }
        if remaining >= 3 {
          symbols.append((17, remaining - 3))
          remaining = 0
        }
      } else {
        symbols.append((value, 0))
        remaining -= 1
        while remaining >= 3 {
          let count = min(remaining, 6)
          symbols.append((16, count - 3))
          remaining -= count
        }
      }
      for _ in 0..<remaining { symbols.append((value, 0)) }
      index += run
    }

    var frequencies = [Int](repeating: 0, count: 19)
    for entry in symbols { frequencies[entry.symbol] += 1 }
    if frequencies.filter({ $0 > 0 }).count < 2 {
      frequencies[frequencies[0] == 0 ? 0 : 1] += 1
    }
    codeLengthLengths = HuffmanCode.lengths(
      for: frequencies, maximumLength: DeflateAlphabet.maximumCodeLengthCodeLength)
    codeLengthCodes = HuffmanCode.reversedCodes(for: codeLengthLengths)
    var count = 19
    while count > 4 && codeLengthLengths[DeflateAlphabet.codeLengthOrder[count - 1]] == 0 {
      count -= 1
    }
    codeLengthCount = count

    bitCount = 5 + 5 + 4 + 3 * codeLengthCount
    for entry in symbols {
      bitCount +=
        Int(codeLengthLengths[entry.symbol])
        + (DynamicBlockHeader.extraBitsOfRepeat[entry.symbol] ?? 0)
    }
  }

  /// Writes the header; the block type bits must already be written.
  func write(to writer: inout BitWriter) {
    writer.write(literalCount - 257, count: 5)
    writer.write(distanceCount - 1, count: 5)
    writer.write(codeLengthCount - 4, count: 4)
    for index in 0..<codeLengthCount {
      writer.write(Int(codeLengthLengths[DeflateAlphabet.codeLengthOrder[index]]), count: 3)
    }
    for entry in symbols {
      writer.write(Int(codeLengthCodes[entry.symbol]), count: Int(codeLengthLengths[entry.symbol]))
      if let extraBits = DynamicBlockHeader.extraBitsOfRepeat[entry.symbol] {
        writer.write(entry.extra, count: extraBits)
      }
    }
  }
}
