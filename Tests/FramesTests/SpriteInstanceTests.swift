import Testing

@testable import Frames

@Suite("Sprite instances")
struct SpriteInstanceTests {
  @Test("an instance is 20 bytes laid out word by word, as a GPU reads it")
  func layout() {
    #expect(MemoryLayout<SpriteInstance>.size == SpriteInstance.byteCount)
    #expect(MemoryLayout<SpriteInstance>.stride == 20)
    #expect(MemoryLayout<SpriteInstance>.offset(of: \.x) == 0)
    #expect(MemoryLayout<SpriteInstance>.offset(of: \.y) == 4)
    #expect(MemoryLayout<SpriteInstance>.offset(of: \.widthBits) == 8)
    #expect(MemoryLayout<SpriteInstance>.offset(of: \.heightBits) == 10)
    #expect(MemoryLayout<SpriteInstance>.offset(of: \.tint) == 12)
    #expect(MemoryLayout<SpriteInstance>.offset(of: \.turns) == 16)
    #expect(MemoryLayout<SpriteInstance>.offset(of: \.health) == 18)
    #expect(MemoryLayout<SpriteInstance>.offset(of: \.kind) == 19)
  }

  @Test("what an instance keeps comes back: sizes to half precision, mirror, tint, health")
  func roundTrip() {
    let tint = Color(red: 120, green: 175, blue: 255, alpha: 200)
    let instance = SpriteInstance(
      kind: 3, x: 1234.5678, y: -0.001, width: 19.2, height: 6, rotation: 0,
      isMirrored: true, tint: tint, healthFraction: 0.5)
    #expect(instance.kind == 3)
    #expect(instance.x == 1234.5678 && instance.y == -0.001)
    // 19.2 to 11 significant bits: 19.203125.
    #expect(instance.width == 19.203125 && instance.height == 6)
    #expect(instance.isMirrored)
    #expect(instance.tint == tint)
    #expect(instance.health == 128 && instance.healthFraction == 128 / 255)
    let plain = SpriteInstance(kind: 0, x: 0, y: 0, width: -8, height: 2)
    #expect(plain.width == 8 && !plain.isMirrored && plain.health == 255)
    #expect(plain.rotation == 0)
  }

  @Test("a rotation is kept to a 65536th of a turn, any finite angle wrapped into one turn")
  func rotations() {
    for angle: Float in [0.001, 1, Float.pi / 2, 3, -3, -0.5, 100, -1e6] {
      let kept = SpriteInstance(kind: 0, x: 0, y: 0, width: 1, height: 1, rotation: angle)
        .rotation
      var expected = Double(angle).truncatingRemainder(dividingBy: 2 * .pi)
      if expected < 0 { expected += 2 * .pi }
      let error = abs(Double(kept) - expected)
      #expect(min(error, 2 * .pi - error) <= .pi / 65536 + 1e-6, "angle \(angle)")
    }
    #expect(SpriteInstance.turns(.pi / 2) == 16384)
    #expect(SpriteInstance.turns(-.pi / 2) == 49152)
    #expect(SpriteInstance.turns(.nan) == 0 && SpriteInstance.turns(.infinity) == 0)
    #expect(SpriteInstance.turns(1e30) < 65535)
  }

  @Test("the fast half-precision conversions give what Float16 gives, for every half")
  func halfConversions() {
    for bits in UInt16.min...UInt16.max {
      let expected = Float(Float16(bitPattern: bits))
      let converted = HalfFloat.float(bits)
      #expect(
        converted.bitPattern == expected.bitPattern || (converted.isNaN && expected.isNaN),
        "bits \(bits)")
    }
    var random = SystemRandomNumberGenerator()
    var values: [Float] = [0, -0, 1, 65504, 65519.99, 65520, 1e-8, 6.1e-5, 6.2e-5, .infinity, .nan]
    for _ in 0..<20_000 {
      values.append(Float(bitPattern: UInt32.random(in: 0x3000_0000...0x4800_0000, using: &random)))
      values.append(Float.random(in: -3000...3000, using: &random))
    }
    for value in values {
      let expected = Float16(value).bitPattern
      let converted = HalfFloat.bits(value)
      #expect(
        converted == expected || (value.isNaN && Float16(bitPattern: converted).isNaN),
        "value \(value)")
    }
  }

  @Test("the dot is the tint at three quarters of its brightness, a quarter when dying")
  func dotColours() {
    let tint = Color(red: 255, green: 125, blue: 105, alpha: 77)
    // 255 x 0.75 + 0.5 = 191.75; 125 x 0.75 + 0.5 = 94.25; 105 x 0.75 + 0.5 = 79.25.
    #expect(
      SpriteInstance.dotColor(tint: tint, health: 255)
        == Color(red: 191, green: 94, blue: 79, alpha: 77))
    // A quarter: 64.25, 31.75, 26.75.
    #expect(
      SpriteInstance.dotColor(tint: tint, health: 0)
        == Color(red: 64, green: 31, blue: 26, alpha: 77))
    let half = SpriteInstance(
      kind: 0, x: 0, y: 0, width: 1, height: 1, tint: tint, healthFraction: 0.5)
    #expect(half.dotColor == SpriteInstance.dotColor(tint: tint, health: 128))
  }
}
