import Foundation
import Frames

// MARK: - Turning draw commands into quads

extension SDLBackend {
  /// Adds one command's quads to the batch, mapping its coordinates through `viewport`.
  func append(_ command: DrawCommand, in viewport: Viewport) {
    let scale = viewport.scale
    switch command.shape {
    case .sprite(let sprite):
      appendSprite(sprite, in: viewport)
    case .rect(let rect):
      let x = viewport.offsetX + rect.x * scale
      let y = viewport.offsetY + rect.y * scale
      if rect.isFilled {
        fillRect(x: x, y: y, width: rect.width * scale, height: rect.height * scale, rect.color)
      } else {
        outlineRect(
          x: x, y: y, width: rect.width * scale, height: rect.height * scale, rect.color)
      }
    case .line(let line):
      appendLine(
        x0: viewport.offsetX + line.x0 * scale, y0: viewport.offsetY + line.y0 * scale,
        x1: viewport.offsetX + line.x1 * scale, y1: viewport.offsetY + line.y1 * scale,
        color: line.color)
    case .text(let text):
      appendText(text, in: viewport)
    case .healthBar(let bar):
      let left = viewport.offsetX + (bar.x - bar.width / 2) * scale
      let top = viewport.offsetY + (bar.y - bar.height / 2) * scale
      let barWidth = max(bar.width * scale, 2)
      let barHeight = max(bar.height * scale, 2)
      fillRect(
        x: left - 1, y: top - 1, width: barWidth + 2, height: barHeight + 2,
        Color(red: 0, green: 0, blue: 0, alpha: 170))
      fillRect(x: left, y: top, width: barWidth * bar.fraction, height: barHeight, bar.fillColor)
    }
  }

  /// Adds a sprite, or a magenta box if the atlas lacks it.
  func appendSprite(_ sprite: SpriteDraw, in viewport: Viewport) {
    let centreX = viewport.offsetX + sprite.x * viewport.scale
    let centreY = viewport.offsetY + sprite.y * viewport.scale
    let width = sprite.width * viewport.scale
    let height = sprite.height * viewport.scale
    guard let regions = regions(for: sprite.sprite) else {
      fillRect(
        x: centreX - width / 2, y: centreY - height / 2, width: width, height: height,
        Self.missingSpriteColor)
      return
    }
    appendImage(
      regions.region(isMirrored: sprite.isMirrored), centreX: centreX, centreY: centreY,
      width: width, height: height, rotation: sprite.rotation, tint: sprite.tint)
  }

  /// Adds text as one quad per glyph cell; without a font, as a solid block, as headless does.
  private func appendText(_ text: TextDraw, in viewport: Viewport) {
    let size = text.size * viewport.scale
    guard size > 0, size.isFinite else { return }
    let left = viewport.offsetX + text.x * viewport.scale
    let top = viewport.offsetY + text.y * viewport.scale
    guard let font else {
      fillRect(
        x: left, y: top, width: Float(text.text.unicodeScalars.count) * size, height: size,
        text.color)
      return
    }
    let cell = Self.glyphSize
    for (index, scalar) in text.text.unicodeScalars.enumerated() {
      if scalar == " " { continue }
      let glyph = (32...126).contains(scalar.value) ? Int(scalar.value) - 32 : 127 - 32
      let region = AtlasRegion(
        x: font.x + glyph % 16 * cell, y: font.y + glyph / 16 * cell, width: cell, height: cell)
      appendImage(
        region, centreX: left + (Float(index) + 0.5) * size, centreY: top + size / 2,
        width: size, height: size, rotation: 0, tint: text.color)
    }
  }

  /// Adds part of the atlas placed like the headless `blit`: centred, scaled, turned, tinted.
  private func appendImage(
    _ region: AtlasRegion, centreX: Float, centreY: Float, width: Float, height: Float,
    rotation: Float, tint: Color
  ) {
    guard width > 0, height > 0, width.isFinite, height.isFinite, centreX.isFinite,
      centreY.isFinite, tint.alpha > 0
    else { return }
    let turns = rotation.isFinite ? rotation : 0
    if abs(turns) < 1e-4 {
      let left = centreX - width / 2
      let top = centreY - height / 2
      appendPixelRect(
        columns: Self.pixelSpan(left, left + width), rows: Self.pixelSpan(top, top + height),
        region: region, color: tint)
      return
    }
    let cosine = Float(cos(Double(turns)))
    let sine = Float(sin(Double(turns)))
    let extentX = abs(cosine) * width / 2 + abs(sine) * height / 2
    let extentY = abs(sine) * width / 2 + abs(cosine) * height / 2
    // Off screen: nothing to draw. Huge: the renderer's integer edge maths could overflow.
    guard centreX + extentX > 0, centreX - extentX < outputWidth, centreY + extentY > 0,
      centreY - extentY < outputHeight, extentX < 16384, extentY < 16384
    else { return }
    batch.appendRotated(
      centreX: centreX, centreY: centreY, width: width, height: height, cosine: cosine,
      sine: sine, region: region, color: tint)
  }

  // MARK: - Rectangles and lines

  /// Fills the pixels whose centres lie inside the rectangle.
  private func fillRect(x: Float, y: Float, width: Float, height: Float, _ color: Color) {
    guard color.alpha > 0 else { return }
    appendPixelRect(
      columns: Self.pixelSpan(x, x + width), rows: Self.pixelSpan(y, y + height), region: solid,
      color: color)
  }

  /// Draws the one-pixel border just inside the rectangle, as four quads.
  private func outlineRect(x: Float, y: Float, width: Float, height: Float, _ color: Color) {
    let columns = Self.pixelSpan(x, x + width)
    let rows = Self.pixelSpan(y, y + height)
    guard columns.lower < columns.upper, rows.lower < rows.upper, color.alpha > 0 else { return }
    let (left, right, top, bottom) = (columns.lower, columns.upper, rows.lower, rows.upper)
    appendPixelRect(columns: (left, right), rows: (top, top + 1), color: color)
    if bottom - top > 1 {
      appendPixelRect(columns: (left, right), rows: (bottom - 1, bottom), color: color)
    }
    if bottom - top > 2 {
      appendPixelRect(columns: (left, left + 1), rows: (top + 1, bottom - 1), color: color)
      if right - left > 1 {
        appendPixelRect(columns: (right - 1, right), rows: (top + 1, bottom - 1), color: color)
      }
    }
  }

  /// Adds a one-pixel line as horizontal or vertical runs of the pixels Bresenham's algorithm
  /// picks between the pixels containing the (clipped) end points: the headless backend's
  /// pixels, drawn within the batch instead of breaking it for `SDL_RenderDrawLine`.
  private func appendLine(x0: Float, y0: Float, x1: Float, y1: Float, color: Color) {
    guard color.alpha > 0,
      let (start, end) = Self.clip(
        (x0, y0), (x1, y1), width: outputWidth, height: outputHeight)
    else { return }
    var x = Int(start.0.rounded(.down))
    var y = Int(start.1.rounded(.down))
    let endX = Int(end.0.rounded(.down))
    let endY = Int(end.1.rounded(.down))
    let dx = abs(endX - x)
    let dy = -abs(endY - y)
    let stepX = x < endX ? 1 : -1
    let stepY = y < endY ? 1 : -1
    var error = dx + dy
    let isMostlyHorizontal = dx >= -dy
    // The run so far: pixels from (runX, runY) up to the current one along the main axis.
    var runX = x
    var runY = y
    while true {
      if x == endX && y == endY { break }
      let doubled = 2 * error
      var nextX = x
      var nextY = y
      if doubled >= dy {
        error += dy
        nextX += stepX
      }
      if doubled <= dx {
        error += dx
        nextY += stepY
      }
      let leavesRun = isMostlyHorizontal ? nextY != y : nextX != x
      if leavesRun {
        appendRun(fromX: runX, fromY: runY, toX: x, toY: y, color: color)
        runX = nextX
        runY = nextY
      }
      x = nextX
      y = nextY
    }
    appendRun(fromX: runX, fromY: runY, toX: x, toY: y, color: color)
  }

  private func appendRun(fromX: Int, fromY: Int, toX: Int, toY: Int, color: Color) {
    appendPixelRect(
      columns: (Float(min(fromX, toX)), Float(max(fromX, toX) + 1)),
      rows: (Float(min(fromY, toY)), Float(max(fromY, toY) + 1)), color: color)
  }

  /// Adds a quad over whole pixels, culled when off screen and clipped when far past an edge.
  ///
  /// `region` defaults to the white block, for solid colours.
  private func appendPixelRect(
    columns: (lower: Float, upper: Float), rows: (lower: Float, upper: Float),
    region: AtlasRegion? = nil, color: Color
  ) {
    var (left, right) = columns
    var (top, bottom) = rows
    guard left < right, top < bottom, right > 0, left < outputWidth, bottom > 0,
      top < outputHeight
    else { return }
    var region = region ?? solid
    let margin = Self.clipMargin
    if left < -margin || top < -margin || right > outputWidth + margin
      || bottom > outputHeight + margin
    {
      // Rare, and only for shapes far larger than the screen: keep the visible part and the
      // matching share of the texels (to the nearest texel).
      let clippedLeft = max(left, -margin)
      let clippedRight = min(right, outputWidth + margin)
      let clippedTop = max(top, -margin)
      let clippedBottom = min(bottom, outputHeight + margin)
      let texelsPerPixelX = Float(region.width) / (right - left)
      let texelsPerPixelY = Float(region.height) / (bottom - top)
      let skipLeft = ((clippedLeft - left) * texelsPerPixelX).rounded(.down)
      let keepX = ((clippedRight - clippedLeft) * texelsPerPixelX).rounded(.up)
      let skipTop = ((clippedTop - top) * texelsPerPixelY).rounded(.down)
      let keepY = ((clippedBottom - clippedTop) * texelsPerPixelY).rounded(.up)
      region = AtlasRegion(
        x: region.x + Int(skipLeft), y: region.y + Int(skipTop),
        width: max(1, min(Int(keepX), region.width - Int(skipLeft))),
        height: max(1, min(Int(keepY), region.height - Int(skipTop))))
      (left, right, top, bottom) = (clippedLeft, clippedRight, clippedTop, clippedBottom)
    }
    batch.appendRect(
      left: left, top: top, right: right, bottom: bottom, region: region, color: color)
  }

  // MARK: - Geometry shared with the headless backend

  /// The pixel edges whose centres lie in `[start, end)`: the headless backend's coverage
  /// rule, unclipped.
  static func pixelSpan(_ start: Float, _ end: Float) -> (lower: Float, upper: Float) {
    guard start.isFinite, end.isFinite, end > start else { return (0, 0) }
    let first = (start - 0.5).rounded(.up)
    let last = (end - 0.5).rounded(.up)
    return (first, max(first, last))
  }

  /// The part of a segment inside `[0, width) x [0, height)`, or `nil` if none is
  /// (Liang-Barsky, as the headless backend clips).
  static func clip(
    _ start: (Float, Float), _ end: (Float, Float), width: Float, height: Float
  ) -> ((Float, Float), (Float, Float))? {
    guard start.0.isFinite, start.1.isFinite, end.0.isFinite, end.1.isFinite else { return nil }
    let dx = end.0 - start.0
    let dy = end.1 - start.1
    var low: Float = 0
    var high: Float = 1
    let limitX = width - 0.001
    let limitY = height - 0.001
    for (p, q) in [(-dx, start.0), (dx, limitX - start.0), (-dy, start.1), (dy, limitY - start.1)] {
      if p == 0 {
        if q < 0 { return nil }
      } else {
        let r = q / p
        if p < 0 { low = max(low, r) } else { high = min(high, r) }
        if low > high { return nil }
      }
    }
    return (
      (start.0 + dx * low, start.1 + dy * low), (start.0 + dx * high, start.1 + dy * high)
    )
  }

  /// The atlas regions of a sprite, remembering the last answer.
  private func regions(for id: SpriteID) -> SpriteRegions? {
    if let lastSprite, lastSprite.id == id { return lastSprite.regions }
    let found = regions[id]
    lastSprite = (id, found)
    return found
  }
}
