// Fixed-width integers in file headers. Callers check bounds first, so an out-of-range offset
// is a bug that traps rather than a read of foreign memory.
extension Array where Element == UInt8 {
  /// The big-endian `UInt32` at `offset`.
  func bigEndianUInt32(at offset: Int) -> UInt32 {
    UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8
      | UInt32(self[offset + 3])
  }

  /// The little-endian `UInt16` at `offset`.
  func littleEndianUInt16(at offset: Int) -> UInt16 {
    UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
  }

  /// The little-endian `UInt32` at `offset`.
  func littleEndianUInt32(at offset: Int) -> UInt32 {
    UInt32(self[offset]) | UInt32(self[offset + 1]) << 8 | UInt32(self[offset + 2]) << 16
      | UInt32(self[offset + 3]) << 24
  }

  /// The little-endian `Int32` at `offset`.
  func littleEndianInt32(at offset: Int) -> Int32 {
    Int32(bitPattern: littleEndianUInt32(at: offset))
  }

  /// Appends `value` most significant byte first.
  mutating func appendBigEndian(_ value: UInt32) {
    append(contentsOf: [
      UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF),
      UInt8(value & 0xFF),
    ])
  }

  /// Appends `value` least significant byte first.
  mutating func appendLittleEndian(_ value: UInt32) {
    append(contentsOf: [
      UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF),
      UInt8(value >> 24),
    ])
  }

  /// Appends `value` least significant byte first.
  mutating func appendLittleEndian(_ value: UInt16) {
    append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)])
  }
}
