import CZlib

/// A running checksum that the system zlib computes: `CRC32` and `Adler32`.
protocol ZlibChecksum {
  /// zlib's function: the checksum so far, more bytes, their count; the new checksum.
  static func combine(_ checksum: uLong, _ bytes: UnsafePointer<Bytef>?, _ count: uInt) -> uLong
  /// The checksum of everything fed in so far.
  var checksum: UInt32 { get set }
  /// A checksum of no bytes.
  init()
}

extension ZlibChecksum {
  /// Feeds more bytes into the checksum.
  ///
  /// - Complexity: O(`bytes.count`).
  mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
    var rest = bytes[...]
    // zlib takes at most 4 GiB at a time.
    while !rest.isEmpty {
      let piece = UnsafeBufferPointer(rebasing: rest.prefix(Int(UInt32.max)))
      checksum = UInt32(Self.combine(uLong(checksum), piece.baseAddress, uInt(piece.count)))
      rest = rest.dropFirst(piece.count)
    }
  }

  /// Feeds any sequence of bytes into the checksum.
  mutating func update(_ bytes: some Sequence<UInt8>) {
    let done: Void? = bytes.withContiguousStorageIfAvailable { update($0) }
    if done == nil {
      Array(bytes).withUnsafeBufferPointer { update($0) }
    }
  }

  /// The checksum of `bytes`.
  static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var running = Self()
    running.update(bytes)
    return running.checksum
  }
}
