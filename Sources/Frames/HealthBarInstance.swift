/// An entity's health bar in a frame: where it sits beside its entity's sprite, its size and
/// how full it is. It moves with that sprite when frames are drawn between ticks.
public struct HealthBarInstance: Sendable, Equatable {
  /// The sprite it belongs to: its place in the frame's `FrameInstances.sprites`.
  public var owner: UInt32
  /// The bar's centre's x, from its sprite's centre, in world units.
  public var offsetX: Float
  /// The bar's centre's y, from its sprite's centre, in world units.
  public var offsetY: Float
  /// The width.
  public var width: Float
  /// The height.
  public var height: Float
  /// The share of health left, 0...1.
  public var fraction: Float

  /// Creates a bar of the sprite at `owner`, its centre `offsetX`, `offsetY` from the
  /// sprite's; `fraction` is clamped to 0...1.
  @inlinable
  public init(
    owner: UInt32, offsetX: Float, offsetY: Float, width: Float, height: Float, fraction: Float
  ) {
    self.owner = owner
    self.offsetX = offsetX
    self.offsetY = offsetY
    self.width = width
    self.height = height
    self.fraction = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
  }

  /// The bar of the sprite at `owner` (centred at `ownerX`, `ownerY`) that `bar` describes.
  @inlinable
  public init(owner: UInt32, ownerX: Float, ownerY: Float, bar: HealthBarDraw) {
    self.init(
      owner: owner, offsetX: bar.x - ownerX, offsetY: bar.y - ownerY, width: bar.width,
      height: bar.height, fraction: bar.fraction)
  }
}
