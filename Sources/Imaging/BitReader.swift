/// Reads values least-significant bit first from a byte buffer, the bit order of DEFLATE.
///
/// Past the end of the input it reads zero bits but remembers how many, so that consuming any
/// of them is reported as an error instead of silently decoding garbage.
struct BitReader {
  private let input: UnsafeBufferPointer<UInt8>
  private var position = 0
  private var buffer: UInt64 = 0
  private var bufferedCount = 0
  private var paddingCount = 0

  /// Creates a reader at the first bit of `input`.
  init(_ input: UnsafeBufferPointer<UInt8>) {
    self.input = input
  }

  /// The number of input bytes consumed, counting a partly read byte as consumed.
  var consumedByteCount: Int {
    position - (bufferedCount - paddingCount) / 8
  }

  /// Tops the buffer up to at least 56 bits.
  @inline(__always)
  private mutating func refill() {
    if position + 8 <= input.count {
      let word = UInt64(
        littleEndian: UnsafeRawPointer(input.baseAddress! + position).loadUnaligned(
          as: UInt64.self))
      let byteCount = (63 - bufferedCount) >> 3
      // Only whole bytes are taken so that the bits above `bufferedCount` stay zero.
      buffer |= (word & (UInt64.max >> (64 - 8 * byteCount))) << UInt64(bufferedCount)
      position += byteCount
      bufferedCount += 8 * byteCount
      return
    }
    while bufferedCount <= 56 {
      if position < input.count {
        buffer |= UInt64(input[position]) << UInt64(bufferedCount)
        position += 1
      } else {
        paddingCount += 8
      }
      bufferedCount += 8
    }
  }

  /// The next `count` bits (at most 32) without consuming them.
  @inline(__always)
  mutating func peek(_ count: Int) -> Int {
    if bufferedCount < count { refill() }
    return Int(truncatingIfNeeded: buffer & ((1 << UInt64(count)) - 1))
  }

  /// Discards `count` bits previously peeked.
  @inline(__always)
  mutating func consume(_ count: Int) throws(ImageFormatError) {
    buffer >>= UInt64(count)
    bufferedCount -= count
    guard bufferedCount >= paddingCount else {
      throw .corrupt("the compressed data ends in the middle of the DEFLATE stream")
    }
  }

  /// Reads and consumes the next `count` bits (at most 32).
  @inline(__always)
  mutating func read(_ count: Int) throws(ImageFormatError) -> Int {
    let value = peek(count)
    try consume(count)
    return value
  }

  /// Skips to the next byte boundary.
  mutating func alignToByte() throws(ImageFormatError) {
    try consume((bufferedCount - paddingCount) & 7)
  }
}
