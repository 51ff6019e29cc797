/// Conversions between `Float` and the bits of a half-precision float, inlined for the common
/// range. Swift's own `Float16` conversions are calls into the runtime on x86-64 without F16C
/// (3 to 8 ns each, measured), too slow for a million sprites a frame; values outside the
/// normal range (zero, tiny, huge, not a number) still go through `Float16`.
@usableFromInline
enum HalfFloat {
  /// The half-precision bits nearest to `value` (ties to even), as `Float16(value)` gives.
  @inlinable @inline(__always)
  static func bits(_ value: Float) -> UInt16 {
    let bits = value.bitPattern
    let magnitude = bits & 0x7FFF_FFFF
    // Normal halves: 2^-14 up to just below 65536 (which rounds to infinity below).
    guard magnitude >= 0x3880_0000, magnitude < 0x4780_0000 else {
      return Float16(value).bitPattern
    }
    let sign = UInt16(truncatingIfNeeded: (bits >> 16) & 0x8000)
    // The exponent rebiased from 127 to 15, the mantissa cut from 23 bits to 10, rounded to
    // nearest with ties to even; a carry out of the mantissa correctly bumps the exponent.
    let rebiased = magnitude &- 0x3800_0000
    let rounded = rebiased &+ 0x0FFF &+ ((rebiased >> 13) & 1)
    return sign | UInt16(truncatingIfNeeded: rounded >> 13)
  }

  /// The value of the half-precision `bits`, as `Float(Float16(bitPattern: bits))` gives.
  @inlinable @inline(__always)
  static func float(_ bits: UInt16) -> Float {
    let wide = UInt32(bits)
    let exponentAndMantissa = wide & 0x7FFF
    guard exponentAndMantissa >= 0x0400, exponentAndMantissa < 0x7C00 else {
      return Float(Float16(bitPattern: bits))
    }
    return Float(bitPattern: (wide & 0x8000) << 16 | ((exponentAndMantissa << 13) &+ 0x3800_0000))
  }
}
