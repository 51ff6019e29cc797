import CZlib

/// The CRC-32 used by PNG chunks, zip and gzip (reflected polynomial 0xEDB88320), computed by
/// the system zlib.
struct CRC32 {
  private var state = UInt32(crc32(0, nil, 0))

  /// The checksum of everything passed to `update` so far.
  var checksum: UInt32 { state }

  /// Feeds more bytes into the checksum.
  ///
  /// - Complexity: O(`bytes.count`).
  mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
    var rest = bytes[...]
    // zlib takes at most 4 GiB at a time.
    while !rest.isEmpty {
      let piece = rest.prefix(Int(UInt32.max))
      state = UInt32(
        crc32(uLong(state), UnsafeBufferPointer(rebasing: piece).baseAddress, uInt(piece.count)))
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
    var crc = CRC32()
    crc.update(bytes)
    return crc.checksum
  }
}
