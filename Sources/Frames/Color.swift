/// An 8-bit-per-channel colour with straight (not premultiplied) alpha.
@frozen
public struct Color: Hashable, Sendable, Codable {
  /// Red, 0...255.
  public var red: UInt8
  /// Green, 0...255.
  public var green: UInt8
  /// Blue, 0...255.
  public var blue: UInt8
  /// Opacity, 0 (transparent) ... 255 (opaque).
  public var alpha: UInt8

  /// Creates a colour from its channels.
  @inlinable
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Opaque white: as a sprite tint, leaves the sprite's colours unchanged.
  public static let white = Color(red: 255, green: 255, blue: 255)
  /// Opaque black.
  public static let black = Color(red: 0, green: 0, blue: 0)
  /// Fully transparent.
  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

  /// This colour with another opacity.
  @inlinable
  public func withAlpha(_ alpha: UInt8) -> Color {
    Color(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// The colour `fraction` of the way from this one to `other`, channel by channel.
  public func mixed(with other: Color, fraction: Float) -> Color {
    let t = min(max(fraction, 0), 1)
    func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
      UInt8((Float(a) + (Float(b) - Float(a)) * t).rounded())
    }
    return Color(
      red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue),
      alpha: mix(alpha, other.alpha))
  }
}
