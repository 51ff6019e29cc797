import Frames
import Imaging

/// Renders frames into an RGBA8 image in memory, in pure Swift: for tests, headless runs and
/// screenshots. Pixels depend only on the frame, the sprites and the output size.
///
/// It supplies the `RenderBackend` primitives as `Canvas` operations; the frame walk is the one
/// every backend shares. It cannot fail, so `render(_:)` needs no `try`.
public struct HeadlessBackend: RenderBackend {
  /// Drawing into memory cannot fail.
  public typealias Failure = Never

  /// The output's width in pixels.
  public let width: Int
  /// The output's height in pixels.
  public let height: Int
  /// The sprites frames may use.
  public let sprites: SpriteLibrary
  private var canvas: Canvas
  /// The letterbox and background frames have shared, and what they depend on: most frames
  /// of a session share them, and copying them is cheaper than stretching the background
  /// again. Kept from the second frame that shares them, so one picture costs no copy.
  private var backdrop: (key: BackdropKey, pixels: [UInt8])?
  /// What the last frame's letterbox and background depended on.
  private var lastBackdropKey: BackdropKey?

  /// The widths and heights a backend can draw.
  public static let outputSizes = 1...16384

  /// Creates a backend drawing `width` x `height` pixels (each in `outputSizes`) with
  /// `sprites`.
  public init(width: Int, height: Int, sprites: SpriteLibrary) {
    precondition(
      Self.outputSizes.contains(width) && Self.outputSizes.contains(height), "bad output size")
    self.width = width
    self.height = height
    self.sprites = sprites
    canvas = Canvas(width: width, height: height, fill: Self.letterboxColor)
    lastChanged = canvas.dirty
  }

  /// The last rendered picture.
  public var image: Image {
    do {
      return try Image(width: width, height: height, pixels: canvas.pixels)
    } catch {
      preconditionFailure("the canvas matches its size by construction: \(error)")
    }
  }

  /// The last rendered picture's RGBA bytes, row by row, without copying them into an `Image`.
  public func withPixelBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result)
    rethrows -> Result
  {
    try canvas.pixels.withUnsafeBytes(body)
  }

  /// Draws one frame, as the frame walk every backend shares does (`drawFrame(_:)`), copying
  /// the letterbox and background from the frames before when they are the same.
  ///
  /// - Complexity: O(output pixels + commands) primitive calls.
  public mutating func render(_ frame: Frame) {
    render(frame, interpolatingFrom: nil, alpha: 1)
  }

  /// Draws one frame as `render(_:)` does, its world moved `alpha` of the way from `earlier`
  /// (see `drawWorld(of:interpolatingFrom:alpha:)`): the picture of
  /// `earlier.interpolated(toward: frame, alpha: alpha)`, without making that frame.
  ///
  /// - Complexity: O(output pixels + commands) primitive calls.
  public mutating func render(_ frame: Frame, interpolatingFrom earlier: Frame?, alpha: Float) {
    let key = BackdropKey(frame: frame)
    if let backdrop, backdrop.key == key {
      // Only where the last frame drew; into the canvas's own buffer: assigning would share
      // the backdrop's, and the first pixel drawn would copy it into a fresh allocation.
      let drawn = canvas.dirty
      let rowBytes = width * 4
      canvas.pixels.withUnsafeMutableBytes { pixels in
        backdrop.pixels.withUnsafeBytes { saved in
          if drawn.count * 10 > drawn.columns * drawn.rows * 6 {
            pixels.copyMemory(from: saved)
            return
          }
          drawn.forEachRun(width: width, height: height) { columns, rows in
            for row in rows {
              let start = row * rowBytes + columns.lowerBound * 4
              let end = row * rowBytes + columns.upperBound * 4
              UnsafeMutableRawBufferPointer(rebasing: pixels[start..<end]).copyMemory(
                from: UnsafeRawBufferPointer(rebasing: saved[start..<end]))
            }
          }
        }
      }
      lastChanged = drawn
    } else {
      backdrop = nil
      beginFrame(clearingTo: Self.letterboxColor)
      drawBackground(of: frame)
      if lastBackdropKey == key { backdrop = (key, canvas.pixels) }
      lastBackdropKey = key
      lastChanged = canvas.dirty
    }
    canvas.dirty.removeAll()
    if let earlier {
      drawWorld(of: frame, interpolatingFrom: earlier, alpha: alpha)
    } else {
      drawWorld(of: frame)
    }
    drawOverlay(of: frame)
    lastChanged = lastChanged.union(canvas.dirty)
  }

  /// The tiles the last `render` restored or drew on, the rest being the pixels of the render
  /// before it.
  private var lastChanged: DirtyTiles

  /// Calls `body` with rectangles (`x`, `y`, `width`, `height` in pixels) covering every pixel
  /// the last render may have changed from the render before it; outside them the picture is
  /// the same. A window keeping the last picture need only update these.
  public func forEachChangedRectangle(
    _ body: (_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> Void
  ) {
    lastChanged.forEachRun(width: width, height: height) { columns, rows in
      body(columns.lowerBound, rows.lowerBound, columns.count, rows.count)
    }
  }

  // MARK: - Primitives

  /// Whether the sprite library holds `sprite`.
  public func hasSprite(_ sprite: SpriteID) -> Bool {
    sprites.contains(sprite)
  }

  /// Fills the whole canvas with `color`.
  ///
  /// - Complexity: O(output pixels).
  public mutating func beginFrame(clearingTo color: Color) {
    canvas.fill(color)
  }

  /// Blends the sprite's texels `source` (all of them when `nil`) over the canvas, scaled by
  /// nearest texel, with their colours and alpha multiplied by the tint.
  ///
  /// - Complexity: O(covered pixels).
  public mutating func drawSprite(
    _ sprite: SpriteID, source: TexelRect?, placement: SpritePlacement
  ) {
    guard let image = sprites.image(for: sprite) else { return }
    let part = source ?? TexelRect(x: 0, y: 0, width: image.width, height: image.height)
    guard part.isInside(width: image.width, height: image.height) else { return }
    if placement.isMirrored, let mirror = sprites.mirrorImage(for: sprite) {
      // The mirror image holds the part at the mirrored columns, already facing left.
      var facingLeft = placement
      facingLeft.isMirrored = false
      let mirroredPart = TexelRect(
        x: image.width - part.x - part.width, y: part.y, width: part.width, height: part.height)
      canvas.blit(mirror, source: mirroredPart, placement: facingLeft)
      return
    }
    canvas.blit(image, source: part, placement: placement)
  }

  /// Blends `color` over the pixels whose centres lie inside the rectangle.
  ///
  /// - Complexity: O(covered pixels).
  public mutating func fillRect(x: Float, y: Float, width: Float, height: Float, color: Color) {
    canvas.fillRect(x: x, y: y, width: width, height: height, color: color)
  }

  /// Blends `color` over the pixels of a one-pixel line.
  ///
  /// - Complexity: O(pixels of the line inside the canvas).
  public mutating func drawLine(x0: Float, y0: Float, x1: Float, y1: Float, color: Color) {
    canvas.line(x0: x0, y0: y0, x1: x1, y1: y1, color: color)
  }
}

/// What a frame's letterbox and background depend on, the output size aside.
private struct BackdropKey: Equatable {
  var background: SpriteID?
  var worldWidth: Float
  var worldHeight: Float
  var camera: Camera?

  init(frame: Frame) {
    background = frame.background
    worldWidth = frame.worldWidth
    worldHeight = frame.worldHeight
    camera = frame.camera
  }
}
