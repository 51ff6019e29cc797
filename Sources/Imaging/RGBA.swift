/// A colour with 8 bits per channel and straight (non-premultiplied) alpha.
public struct RGBA: Equatable, Hashable, Sendable {
  /// The red channel.
  public var r: UInt8
  /// The green channel.
  public var g: UInt8
  /// The blue channel.
  public var b: UInt8
  /// The alpha channel: 0 is fully transparent, 255 fully opaque.
  public var a: UInt8

  /// Creates a colour from its channels; alpha defaults to fully opaque.
  public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// Fully transparent black, the default fill of a new image.
  public static let transparent = RGBA(r: 0, g: 0, b: 0, a: 0)
  /// Opaque black.
  public static let black = RGBA(r: 0, g: 0, b: 0)
  /// Opaque white.
  public static let white = RGBA(r: 255, g: 255, b: 255)
}
