/// Where and how a sprite lands on the output, in output pixels.
public struct SpritePlacement: Sendable, Equatable {
  /// The centre's x.
  public var centreX: Float
  /// The centre's y.
  public var centreY: Float
  /// The drawn width.
  public var width: Float
  /// The drawn height.
  public var height: Float
  /// Clockwise rotation in radians about the centre (y grows downward).
  public var rotation: Float
  /// Whether the sprite is mirrored left to right.
  public var isMirrored: Bool
  /// Multiplies the sprite's colours and opacity; white leaves them unchanged.
  public var tint: Color

  /// Creates a placement.
  @inlinable
  public init(
    centreX: Float, centreY: Float, width: Float, height: Float, rotation: Float = 0,
    isMirrored: Bool = false, tint: Color = .white
  ) {
    self.centreX = centreX
    self.centreY = centreY
    self.width = width
    self.height = height
    self.rotation = rotation
    self.isMirrored = isMirrored
    self.tint = tint
  }
}
