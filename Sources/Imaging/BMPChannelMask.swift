/// One colour channel of a BMP bit-field pixel: a contiguous run of bits in a 16- or 32-bit
/// little-endian pixel value.
struct BMPChannelMask: Equatable {
  let mask: UInt32
  private let shift: Int
  private let bitCount: Int

  /// Checks that `mask` is empty or one contiguous run of bits; `channel` names it in errors.
  init(_ mask: UInt32, channel: String) throws(ImageFormatError) {
    self.mask = mask
    shift = mask == 0 ? 0 : mask.trailingZeroBitCount
    let bits = mask >> UInt32(shift)
    guard bits & (bits &+ 1) == 0 else {
      throw .corrupt("the BMP \(channel) bit mask 0x\(String(mask, radix: 16)) is not contiguous")
    }
    bitCount = bits.nonzeroBitCount
  }

  /// The channel's value in `pixel`, scaled to 8 bits; `absent` if the mask is empty.
  @inline(__always)
  func value(in pixel: UInt32, absent: UInt8) -> UInt8 {
    guard bitCount > 0 else { return absent }
    let raw = (pixel & mask) >> UInt32(shift)
    if bitCount >= 8 { return UInt8(truncatingIfNeeded: raw >> UInt32(bitCount - 8)) }
    // Stretch short fields over 0...255 so that an all-ones field is full intensity.
    let maximum = UInt32(1) << UInt32(bitCount) - 1
    return UInt8((raw * 255 + maximum / 2) / maximum)
  }
}
