/// The Adler-32 checksum that ends every zlib stream.
struct Adler32 {
  private static let modulus: UInt32 = 65521
  // The most bytes that can be summed before `high` could overflow 32 bits (from zlib).
  private static let blockLength = 5552

  private var low: UInt32 = 1
  private var high: UInt32 = 0

  /// The checksum of everything passed to `update` so far.
  var checksum: UInt32 { high << 16 | low }

  /// Feeds more bytes into the checksum.
  ///
  /// - Complexity: O(`bytes.count`).
  mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
    var start = 0
    while start < bytes.count {
      let end = min(start + Adler32.blockLength, bytes.count)
      for index in start..<end {
        low &+= UInt32(bytes[index])
        high &+= low
      }
      low %= Adler32.modulus
      high %= Adler32.modulus
      start = end
    }
  }

  /// Feeds more bytes into the checksum, copying them first if they are not contiguous.
  mutating func update(_ bytes: some Sequence<UInt8>) {
    let done: Void? = bytes.withContiguousStorageIfAvailable { update($0) }
    if done == nil {
      Array(bytes).withUnsafeBufferPointer { update($0) }
    }
  }

  /// The checksum of `bytes`.
  static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var adler = Adler32()
    adler.update(bytes)
    return adler.checksum
  }
}
