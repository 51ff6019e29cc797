/// How world or overlay coordinates map onto an output of a given pixel size: uniform scale,
/// centred, with bars on the sides that do not fit (letterboxing).
public struct Viewport: Sendable, Equatable {
  /// Output pixels per unit.
  public var scale: Float
  /// The output x of unit x = 0.
  public var offsetX: Float
  /// The output y of unit y = 0.
  public var offsetY: Float

  /// The viewport fitting `contentWidth` x `contentHeight` units into `width` x `height` pixels.
  public init(contentWidth: Float, contentHeight: Float, width: Int, height: Int) {
    let scale = min(
      Float(width) / max(contentWidth, 1), Float(height) / max(contentHeight, 1))
    self.scale = scale
    self.offsetX = (Float(width) - contentWidth * scale) / 2
    self.offsetY = (Float(height) - contentHeight * scale) / 2
  }

  /// The mapping that shows `frame`'s world, or the part of it its camera looks at, as large
  /// as fits a `width` x `height` output, centred.
  public init(world frame: Frame, width: Int, height: Int) {
    guard let camera = frame.camera else {
      self.init(
        contentWidth: frame.worldWidth, contentHeight: frame.worldHeight, width: width,
        height: height)
      return
    }
    let view = camera.view(worldWidth: frame.worldWidth, worldHeight: frame.worldHeight)
    self.init(contentWidth: view.width, contentHeight: view.height, width: width, height: height)
    offsetX -= view.x * scale
    offsetY -= view.y * scale
  }

  /// The world point an output pixel shows: the inverse of `outputX` and `outputY`, at the
  /// pixel's centre.
  @inlinable
  public func worldPoint(x: Int, y: Int) -> (x: Float, y: Float) {
    ((Float(x) + 0.5 - offsetX) / scale, (Float(y) + 0.5 - offsetY) / scale)
  }

  /// The output x of unit x `x`.
  @inlinable
  public func outputX(_ x: Float) -> Float { offsetX + x * scale }

  /// The output y of unit y `y`.
  @inlinable
  public func outputY(_ y: Float) -> Float { offsetY + y * scale }
}
