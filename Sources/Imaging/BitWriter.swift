/// Packs values into bytes least-significant bit first, the bit order of DEFLATE.
struct BitWriter {
  private(set) var bytes: [UInt8] = []
  private var buffer: UInt64 = 0
  private var bufferedCount = 0

  /// Creates a writer, reserving room for about `capacity` bytes.
  init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// Appends the low `count` bits of `value`; `count` is at most 32.
  @inline(__always)
  mutating func write(_ value: Int, count: Int) {
    buffer |= UInt64(truncatingIfNeeded: value) << UInt64(bufferedCount)
    bufferedCount += count
    if bufferedCount >= 32 {
      let word = UInt32(truncatingIfNeeded: buffer)
      bytes.append(UInt8(truncatingIfNeeded: word))
      bytes.append(UInt8(truncatingIfNeeded: word >> 8))
      bytes.append(UInt8(truncatingIfNeeded: word >> 16))
      bytes.append(UInt8(truncatingIfNeeded: word >> 24))
      buffer >>= 32
      bufferedCount -= 32
    }
  }

  /// Pads with zero bits up to the next byte boundary.
  mutating func alignToByte() {
    while bufferedCount > 0 {
      bytes.append(UInt8(truncatingIfNeeded: buffer))
      buffer >>= 8
      bufferedCount = max(bufferedCount - 8, 0)
    }
    buffer = 0
  }

  /// Appends whole bytes; the writer must be byte-aligned.
  mutating func append(contentsOf source: UnsafeBufferPointer<UInt8>) {
    precondition(bufferedCount == 0, "BitWriter.append needs a byte boundary")
    bytes.append(contentsOf: source)
  }

  /// Pads to a byte boundary and returns everything written.
  mutating func finish() -> [UInt8] {
    alignToByte()
    return bytes
  }
}
