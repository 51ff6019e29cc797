import Frames
import Imaging

/// Renders frames into an RGBA8 image in memory, in pure Swift: for tests, headless runs and
/// screenshots. Pixels depend only on the frame, the sprites and the output size.
public struct HeadlessBackend: RenderBackend {
  /// The colour of the bars around a world that does not fill the output.
  public static let letterboxColor = Color(red: 18, green: 20, blue: 26)

  /// The output's width in pixels.
  public let width: Int
  /// The output's height in pixels.
  public let height: Int
  /// The sprites frames may use.
  public let sprites: SpriteLibrary
  private var canvas: Canvas

  /// Creates a backend drawing `width` x `height` pixels (each 1...16384) with `sprites`.
  public init(width: Int, height: Int, sprites: SpriteLibrary) {
    precondition((1...16384).contains(width) && (1...16384).contains(height), "bad output size")
    self.width = width
    self.height = height
    self.sprites = sprites
    canvas = Canvas(width: width, height: height, fill: Self.letterboxColor)
  }

  /// The last rendered picture.
  public var image: Image {
    do {
      return try Image(width: width, height: height, pixels: canvas.pixels)
    } catch {
      preconditionFailure("the canvas matches its size by construction: \(error)")
    }
  }

  /// Draws one frame: letterbox, background, world commands, then the overlay.
  ///
  /// - Complexity: O(output pixels + pixels covered by the commands).
  public mutating func render(_ frame: Frame) {
    canvas.fill(Self.letterboxColor)
    let world = Viewport(
      contentWidth: frame.worldWidth, contentHeight: frame.worldHeight, width: width,
      height: height)
    if let background = frame.background {
      drawSprite(
        SpriteDraw(
          sprite: background, x: frame.worldWidth / 2, y: frame.worldHeight / 2,
          width: frame.worldWidth, height: frame.worldHeight),
        in: world)
    }
    for command in frame.world { draw(command, in: world) }
    let overlay = Viewport(
      contentWidth: Frame.overlayWidth, contentHeight: Frame.overlayHeight, width: width,
      height: height)
    for command in frame.overlay { draw(command, in: overlay) }
  }

  private mutating func draw(_ command: DrawCommand, in viewport: Viewport) {
    let scale = viewport.scale
    func x(_ value: Float) -> Float { viewport.offsetX + value * scale }
    func y(_ value: Float) -> Float { viewport.offsetY + value * scale }
    switch command.shape {
    case .sprite(let sprite):
      drawSprite(sprite, in: viewport)
    case .rect(let rect):
      if rect.isFilled {
        canvas.fillRect(
          x: x(rect.x), y: y(rect.y), width: rect.width * scale, height: rect.height * scale,
          color: rect.color)
      } else {
        canvas.outlineRect(
          x: x(rect.x), y: y(rect.y), width: rect.width * scale, height: rect.height * scale,
          color: rect.color)
      }
    case .line(let line):
      canvas.line(x0: x(line.x0), y0: y(line.y0), x1: x(line.x1), y1: y(line.y1), color: line.color)
    case .text(let text):
      drawText(text, in: viewport)
    case .healthBar(let bar):
      let left = x(bar.x - bar.width / 2)
      let top = y(bar.y - bar.height / 2)
      let barWidth = max(bar.width * scale, 2)
      let barHeight = max(bar.height * scale, 2)
      canvas.fillRect(
        x: left - 1, y: top - 1, width: barWidth + 2, height: barHeight + 2,
        color: Color(red: 0, green: 0, blue: 0, alpha: 170))
      canvas.fillRect(
        x: left, y: top, width: barWidth * bar.fraction, height: barHeight, color: bar.fillColor)
    }
  }

  private mutating func drawSprite(_ sprite: SpriteDraw, in viewport: Viewport) {
    let placement = Placement(
      centreX: viewport.offsetX + sprite.x * viewport.scale,
      centreY: viewport.offsetY + sprite.y * viewport.scale,
      width: sprite.width * viewport.scale, height: sprite.height * viewport.scale,
      rotation: sprite.rotation, isMirrored: sprite.isMirrored, tint: sprite.tint)
    guard let image = sprites.image(for: sprite.sprite) else {
      // Unknown sprites show as a magenta box rather than stopping the run.
      canvas.fillRect(
        x: placement.centreX - placement.width / 2, y: placement.centreY - placement.height / 2,
        width: placement.width, height: placement.height,
        color: Color(red: 255, green: 0, blue: 255))
      return
    }
    canvas.blit(
      image, source: SourceRect(x: 0, y: 0, width: image.width, height: image.height),
      placement: placement)
  }

  private mutating func drawText(_ text: TextDraw, in viewport: Viewport) {
    let size = text.size * viewport.scale
    guard size > 0, size.isFinite else { return }
    let left = viewport.offsetX + text.x * viewport.scale
    let top = viewport.offsetY + text.y * viewport.scale
    guard let font = sprites.image(for: .font) else {
      canvas.fillRect(
        x: left, y: top, width: Float(text.text.unicodeScalars.count) * size, height: size,
        color: text.color)
      return
    }
    let cell = SpriteLibrary.glyphSize
    for (index, scalar) in text.text.unicodeScalars.enumerated() {
      if scalar == " " { continue }
      let glyph = (32...126).contains(scalar.value) ? Int(scalar.value) - 32 : 127 - 32
      canvas.blit(
        font,
        source: SourceRect(x: glyph % 16 * cell, y: glyph / 16 * cell, width: cell, height: cell),
        placement: Placement(
          centreX: left + (Float(index) + 0.5) * size, centreY: top + size / 2, width: size,
          height: size, tint: text.color))
    }
  }
}
