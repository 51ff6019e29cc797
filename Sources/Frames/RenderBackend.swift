/// Something that turns frames into pixels: a window, or an image in memory.
///
/// A backend supplies a few drawing primitives in output pixels; the frame walk every backend
/// shares, `drawFrame(_:)` (the default `render(_:)`), calls them. The walk does the rest once
/// for all backends: it letterboxes, maps world and overlay coordinates through `Viewport`s,
/// stretches the background over the world, breaks health bars into rectangles and text into
/// cells of the `FontSheet`, and stands in for missing sprites and fonts.
///
/// A frame is `beginFrame(clearingTo:)`, any number of drawing primitives, each drawn over the
/// ones before and blended by alpha, then `endFrame()`. Primitives follow `PixelRules`, so
/// every backend picks the same pixels, and accept any coordinates, even far off the output or
/// non-finite. They do not throw: a backend that can only fail when it sends its drawing on
/// reports that from `endFrame()`.
public protocol RenderBackend {
  /// The error a frame can fail with; `Never` for a backend that cannot fail.
  associatedtype Failure: Error = any Error

  /// The output's width in pixels.
  var width: Int { get }
  /// The output's height in pixels.
  var height: Int { get }

  /// Whether `sprite` can be drawn; the walk draws a box of `missingSpriteColor` for the rest.
  func hasSprite(_ sprite: SpriteID) -> Bool

  /// Starts a frame by covering the whole output with `color`.
  mutating func beginFrame(clearingTo color: Color) throws(Failure)

  /// Draws the texels `source` of `sprite` (all of it when `nil`) as `placement` says: stretched
  /// over its size about its centre (nearest texel), mirrored, turned and tinted.
  ///
  /// Draws nothing for a sprite the backend lacks, or a `source` not inside the sprite.
  mutating func drawSprite(_ sprite: SpriteID, source: TexelRect?, placement: SpritePlacement)

  /// Fills the pixels whose centres lie inside the rectangle.
  mutating func fillRect(x: Float, y: Float, width: Float, height: Float, color: Color)

  /// Draws the one-pixel border just inside the rectangle; by default, as up to four fills.
  mutating func outlineRect(x: Float, y: Float, width: Float, height: Float, color: Color)

  /// Draws the one-pixel line `PixelRules.forEachLinePixel` picks.
  mutating func drawLine(x0: Float, y0: Float, x1: Float, y1: Float, color: Color)

  /// Finishes the frame, so that everything drawn since `beginFrame(clearingTo:)` is in the
  /// output; by default, nothing.
  mutating func endFrame() throws(Failure)

  /// Draws one frame, replacing whatever was drawn before; by default, `drawFrame(_:)`.
  mutating func render(_ frame: Frame) throws(Failure)
}

// MARK: - Default primitives

extension RenderBackend {
  /// Fills the bands of the border that `PixelRules.outlineBands` finds, none overlapping, so
  /// translucent outlines blend each pixel once.
  public mutating func outlineRect(x: Float, y: Float, width: Float, height: Float, color: Color) {
    let bands = PixelRules.outlineBands(
      columns: PixelRules.coveredEdges(x, x + width), rows: PixelRules.coveredEdges(y, y + height))
    for band in bands {
      fillRect(
        x: band.columns.lower, y: band.rows.lower, width: band.columns.upper - band.columns.lower,
        height: band.rows.upper - band.rows.lower, color: color)
    }
  }

  /// Does nothing: for backends whose primitives draw straight into the output.
  public mutating func endFrame() {}
}
