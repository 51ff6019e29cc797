import Frames

/// The rasterizer's `RenderBackend` primitives over one band of a canvas's rows: what the
/// frame walk draws with, once per band, the bands of a frame at once on several threads.
struct BandRenderer: RenderBackend {
  /// Drawing into memory cannot fail.
  typealias Failure = Never

  /// The rows drawn on, and where.
  let band: PixelBand
  /// The sprites frames may use.
  let sprites: SpriteLibrary
  /// The last sprite looked up and its images: a frame draws runs of one sprite, and a
  /// dictionary lookup for each would cost more than drawing a dot.
  private var last: (id: SpriteID, image: SpriteImage?, mirror: SpriteImage?)?

  init(band: PixelBand, sprites: SpriteLibrary) {
    self.band = band
    self.sprites = sprites
  }

  var width: Int { band.width }
  var height: Int { band.height }

  func hasSprite(_ sprite: SpriteID) -> Bool {
    sprites.contains(sprite)
  }

  /// Covers the band's rows with `color`, replacing what was there.
  func beginFrame(clearingTo color: Color) {
    band.fill(color)
  }

  mutating func drawSprite(_ sprite: SpriteID, source: TexelRect?, placement: SpritePlacement) {
    if last?.id != sprite {
      last = (sprite, sprites.image(for: sprite), sprites.mirrorImage(for: sprite))
    }
    guard let image = last?.image else { return }
    let part = source ?? TexelRect(x: 0, y: 0, width: image.width, height: image.height)
    guard part.isInside(width: image.width, height: image.height) else { return }
    if placement.isMirrored, let mirror = last?.mirror {
      // The mirror image holds the part at the mirrored columns, already facing left.
      var facingLeft = placement
      facingLeft.isMirrored = false
      let mirroredPart = TexelRect(
        x: image.width - part.x - part.width, y: part.y, width: part.width, height: part.height)
      band.blit(mirror, source: mirroredPart, placement: facingLeft)
      return
    }
    band.blit(image, source: part, placement: placement)
  }

  @inline(__always)
  func fillRect(x: Float, y: Float, width: Float, height: Float, color: Color) {
    band.fillRect(x: x, y: y, width: width, height: height, color: color)
  }

  func drawLine(x0: Float, y0: Float, x1: Float, y1: Float, color: Color) {
    band.line(x0: x0, y0: y0, x1: x1, y1: y1, color: color)
  }
}
