/// A rectangle of a game's world, in world units: its left, top, width and height.
public struct WorldArea: Sendable, Equatable {
  /// Its left edge.
  public var x: Float
  /// Its top edge.
  public var y: Float
  /// Its width.
  public var width: Float
  /// Its height.
  public var height: Float

  /// The area from (`x`, `y`), `width` by `height`.
  public init(x: Float, y: Float, width: Float, height: Float) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}
