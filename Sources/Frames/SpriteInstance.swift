/// One entity's sprite in a frame, in 20 bytes: where it is, how large, turned and mirrored,
/// its tint, the health its dot shows far out, and its kind (which sprite, layer and style).
///
/// Frames hold a battle's entities as a column of these (`FrameInstances`), written straight
/// from the world's columns; a GPU takes the column as it is, one instance per sprite. Sizes
/// are half-precision floats (11 significant bits), the rotation a 16-bit fraction of a turn
/// and the health a byte: what a picture needs, in a quarter of the bytes of a `SpriteDraw`.
///
/// The layout is fixed, word by word, so that a GPU can read it: `x`, `y`, the width and
/// height as halves (a negative width mirrors the sprite), the tint's four bytes, then the
/// rotation, the health and the kind.
public struct SpriteInstance: Sendable, Equatable {
  /// The centre's x, in world units.
  public var x: Float
  /// The centre's y, in world units.
  public var y: Float
  /// The drawn width as a half-precision float; its sign bit mirrors the sprite.
  @usableFromInline var widthBits: UInt16
  /// The drawn height as a half-precision float.
  @usableFromInline var heightBits: UInt16
  /// Multiplies the sprite's colours and opacity; white leaves them unchanged.
  public var tint: Color
  /// Clockwise rotation about the centre in 65536ths of a turn (y grows downward).
  public var turns: UInt16
  /// The share of health the dot shows, 0 (none) ... 255 (whole).
  public var health: UInt8
  /// The instance's kind: its place in the frame's `FrameInstances.kinds`.
  public var kind: UInt8

  /// The size in bytes of one instance: the stride of a column of them.
  public static let byteCount = 20

  /// Creates an instance; sizes are kept to half precision, the rotation to a 65536th of a
  /// turn and `healthFraction` (clamped to 0...1, 0 if not a number) to a 255th.
  @inlinable
  public init(
    kind: UInt8, x: Float, y: Float, width: Float, height: Float, rotation: Float = 0,
    isMirrored: Bool = false, tint: Color = .white, healthFraction: Float = 1
  ) {
    self.x = x
    self.y = y
    self.widthBits = HalfFloat.bits(abs(width)) | (isMirrored ? 0x8000 : 0)
    self.heightBits = HalfFloat.bits(abs(height))
    self.tint = tint
    self.turns = Self.turns(rotation)
    self.health = Self.health(healthFraction)
    self.kind = kind
  }

  /// Creates an instance from stored bits: `widthBits` and `heightBits` are half-precision
  /// floats (the width's sign bit mirrors), for writers that convert a size once for many
  /// instances.
  @inlinable
  public init(
    kind: UInt8, x: Float, y: Float, widthBits: UInt16, heightBits: UInt16, turns: UInt16,
    tint: Color, health: UInt8
  ) {
    self.x = x
    self.y = y
    self.widthBits = widthBits
    self.heightBits = heightBits
    self.tint = tint
    self.turns = turns
    self.health = health
    self.kind = kind
  }

  /// The drawn width in world units.
  @inlinable
  public var width: Float { HalfFloat.float(widthBits & 0x7FFF) }

  /// The drawn height in world units.
  @inlinable
  public var height: Float { HalfFloat.float(heightBits) }

  /// Whether the sprite is mirrored left to right.
  @inlinable
  public var isMirrored: Bool { widthBits & 0x8000 != 0 }

  /// Clockwise rotation in radians, in 0..<2 pi.
  @inlinable
  public var rotation: Float { Float(turns) * Self.radiansPerTurnStep }

  /// The share of health the dot shows, 0...1.
  @inlinable
  public var healthFraction: Float { Float(health) / 255 }

  /// The colour of the dot shown instead of the sprite far out: the tint, three quarters as
  /// bright at full health, darkening to a quarter as health runs out (`dotColor(tint:health:)`).
  @inlinable
  public var dotColor: Color { Self.dotColor(tint: tint, health: health) }

  /// Half-precision bits of a size, for writers that convert one size for many instances:
  /// the magnitude of `width`, with the sign bit set when `isMirrored`.
  @inlinable
  public static func sizeBits(_ size: Float, isMirrored: Bool = false) -> UInt16 {
    HalfFloat.bits(abs(size)) | (isMirrored ? 0x8000 : 0)
  }

  /// Radians per 65536th of a turn.
  @usableFromInline static let radiansPerTurnStep = 2 * Float.pi / 65536

  /// A clockwise rotation in radians as 65536ths of a turn, rounded; 0 for one that is not
  /// finite.
  @inlinable
  public static func turns(_ rotation: Float) -> UInt16 {
    guard rotation != 0, rotation.isFinite else { return 0 }
    // Whole turns dropped first, in double precision, so any finite angle fits.
    var fraction = Double(rotation) / (2 * .pi)
    fraction -= fraction.rounded(.down)
    return UInt16(truncatingIfNeeded: Int((fraction * 65536).rounded()))
  }

  /// A share of health, 0...1, as 255ths; 0 for one that is not a number.
  @inlinable
  public static func health(_ fraction: Float) -> UInt8 {
    // Not a number fails the first test.
    guard fraction > 0 else { return 0 }
    guard fraction < 1 else { return 255 }
    return UInt8(fraction * 255 + 0.5)
  }

  /// The dot colour of an instance tinted `tint` with `health` 255ths of its health left:
  /// each channel times `0.25 + 0.5 * health / 255`, rounded; opacity kept. About what a
  /// tinted sprite averages to at full health, so a battle seen from afar shows its sides and,
  /// darker, where they are hurt.
  @inlinable @inline(__always)
  public static func dotColor(tint: Color, health: UInt8) -> Color {
    let brightness = 0.25 + 0.5 * (Float(health) / 255)
    // At most 255 x 0.75 + 0.5: always a byte, so converted without a range check.
    @inline(__always) func scaled(_ channel: UInt8) -> UInt8 {
      UInt8(truncatingIfNeeded: Int(Float(channel) * brightness + 0.5))
    }
    return Color(
      red: scaled(tint.red), green: scaled(tint.green), blue: scaled(tint.blue),
      alpha: tint.alpha)
  }
}
