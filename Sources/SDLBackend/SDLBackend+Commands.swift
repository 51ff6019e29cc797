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
  func appendText(_ text: TextDraw, in viewport: Viewport) {
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
      let columns = PixelRules.coveredEdges(left, left + width)
      let rows = PixelRules.coveredEdges(top, top + height)
      let margin = Self.clipMargin
      if columns.lower >= -margin && columns.upper <= outputWidth + margin
        && rows.lower >= -margin && rows.upper <= outputHeight + margin
      {
        appendPixelRect(
          columns: columns, rows: rows, region: region,
          placement: (left, top, width, height), color: tint)
      } else {
        appendClippedImage(
          region, left: left, top: top, width: width, height: height, tint: tint)
      }
      return
    }
    let cosine = Float(cos(Double(turns)))
    let sine = Float(sin(Double(turns)))
    let extentX = abs(cosine) * width / 2 + abs(sine) * height / 2
    let extentY = abs(sine) * width / 2 + abs(cosine) * height / 2
    guard centreX + extentX > 0, centreX - extentX < outputWidth, centreY + extentY > 0,
      centreY - extentY < outputHeight
    else { return }
    let pieces = rotatedPieces(region, width: width, height: height)
    guard pieces.columns > 0 else { return }
    let texelWidth = width / Float(region.width)
    let texelHeight = height / Float(region.height)
    for row in 0..<pieces.rows {
      let firstRow = row * region.height / pieces.rows
      let endRow = (row + 1) * region.height / pieces.rows
      let top = -height / 2 + Float(firstRow) * texelHeight
      let bottom = -height / 2 + Float(endRow) * texelHeight
      for column in 0..<pieces.columns {
        let firstColumn = column * region.width / pieces.columns
        let endColumn = (column + 1) * region.width / pieces.columns
        let left = -width / 2 + Float(firstColumn) * texelWidth
        let right = -width / 2 + Float(endColumn) * texelWidth
        if pieces.columns * pieces.rows > 1 {
          // Skip pieces wholly off screen, judged by the circle around each.
          let middleX = (left + right) / 2
          let middleY = (top + bottom) / 2
          let x = centreX + middleX * cosine - middleY * sine
          let y = centreY + middleX * sine + middleY * cosine
          let radius =
            ((right - left) * (right - left) + (bottom - top) * (bottom - top))
            .squareRoot() / 2
          guard x + radius > 0, x - radius < outputWidth, y + radius > 0,
            y - radius < outputHeight
          else { continue }
        }
        batch.appendRotated(
          centreX: centreX, centreY: centreY, left: left, top: top, right: right,
          bottom: bottom, cosine: cosine, sine: sine,
          region: AtlasRegion(
            x: region.x + firstColumn, y: region.y + firstRow, width: endColumn - firstColumn,
            height: endRow - firstRow),
          color: tint)
      }
    }
  }

  /// The atlas regions of a sprite, remembering the last answer.
  private func regions(for id: SpriteID) -> SpriteRegions? {
    if let lastSprite, lastSprite.id == id { return lastSprite.regions }
    let found = atlasRegions[id]
    lastSprite = (id, found)
    return found
  }
}
