/// A rectangle of a sprite's texels, such as one glyph cell of the font sheet.
public struct TexelRect: Sendable, Hashable {
  /// The left column.
  public var x: Int
  /// The top row.
  public var y: Int
  /// The width in texels.
  public var width: Int
  /// The height in texels.
  public var height: Int

  /// Creates a texel rectangle.
  @inlinable
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// Whether the rectangle is non-empty and lies inside a sprite of `width` x `height` texels.
  @inlinable
  public func isInside(width spriteWidth: Int, height spriteHeight: Int) -> Bool {
    x >= 0 && y >= 0 && width > 0 && height > 0 && width <= spriteWidth - x
      && height <= spriteHeight - y
  }
}
