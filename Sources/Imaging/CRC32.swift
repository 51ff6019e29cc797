/// The CRC-32 used by PNG chunks, zip and gzip (reflected polynomial 0xEDB88320).
struct CRC32 {
  private static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 {
      value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1
    }
    return value
  }

  private var state: UInt32 = 0xFFFF_FFFF

  /// The checksum of everything passed to `update` so far.
  var checksum: UInt32 { ~state }

  /// Feeds more bytes into the checksum.
  ///
  /// - Complexity: O(`bytes.count`).
  mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
    var crc = state
    CRC32.table.withUnsafeBufferPointer { table in
      for byte in bytes {
        crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
      }
    }
    state = crc
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
    var crc = CRC32()
    crc.update(bytes)
    return crc.checksum
  }
}
