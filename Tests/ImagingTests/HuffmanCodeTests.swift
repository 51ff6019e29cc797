import Testing

@testable import Imaging

@Suite("HuffmanCode")
struct HuffmanCodeTests {
  private func kraftSum(_ lengths: [UInt8]) -> Double {
    lengths.filter { $0 > 0 }.reduce(0) { $0 + 1 / Double(1 << Int($1)) }
  }

  @Test("lengths are optimal for a textbook example")
  func textbook() {
    #expect(
      HuffmanCode.lengths(for: [45, 13, 12, 16, 9, 5], maximumLength: 15) == [1, 3, 3, 3, 4, 4])
  }

  @Test("lengths never exceed the limit and the code stays complete")
  func lengthLimit() {
    // Fibonacci frequencies make the unrestricted Huffman tree as deep as possible.
    var frequencies = [1, 1]
    while frequencies.count < 30 {
      frequencies.append(frequencies[frequencies.count - 2] + frequencies.last!)
    }
    for limit in [7, 15] {
      let lengths = HuffmanCode.lengths(for: frequencies, maximumLength: limit)
      #expect(lengths.allSatisfy { $0 >= 1 && Int($0) <= limit })
      #expect(kraftSum(lengths) == 1)
    }
  }

  @Test("unused symbols get no code and a lone symbol gets one bit")
  func degenerateInputs() {
    #expect(HuffmanCode.lengths(for: [0, 0, 0], maximumLength: 15) == [0, 0, 0])
    #expect(HuffmanCode.lengths(for: [0, 5, 0], maximumLength: 15) == [0, 1, 0])
    #expect(HuffmanCode.lengths(for: [3, 0, 3], maximumLength: 15) == [1, 0, 1])
  }

  @Test("canonical codes follow the example of RFC 1951 section 3.2.2")
  func canonicalCodes() {
    let codes = HuffmanCode.reversedCodes(for: [3, 3, 3, 3, 3, 2, 4, 4])
    let expected = [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111]
    let lengths = [3, 3, 3, 3, 3, 2, 4, 4]
    for symbol in 0..<8 {
      #expect(
        Int(codes[symbol]) == HuffmanCode.reverse(expected[symbol], bitCount: lengths[symbol]))
    }
  }
}
