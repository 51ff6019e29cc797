import Foundation
import Frames

// MARK: - Turning sprites into quads

extension SDLBackend {
  /// Whether the atlas holds `sprite`.
  public func hasSprite(_ sprite: SpriteID) -> Bool {
    regions(for: sprite) != nil
  }

  /// Adds the sprite's texels `source` (all of them when `nil`) as quads placed like the
  /// headless `blit`: centred, scaled, mirrored, turned and tinted.
  public func drawSprite(_ sprite: SpriteID, source: TexelRect?, placement: SpritePlacement) {
    guard
      let region = regions(for: sprite)?.region(isMirrored: placement.isMirrored, source: source)
    else { return }
    appendImage(
      region, centreX: placement.centreX, centreY: placement.centreY, width: placement.width,
      height: placement.height, rotation: placement.rotation, tint: placement.tint)
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
    appendRotatedImage(
      region, centreX: centreX, centreY: centreY, width: width, height: height, turns: turns,
      tint: tint)
  }

  /// Adds part of the atlas centred at `(centreX, centreY)`, turned `turns` radians: in
  /// pieces small enough that each stays close to the texels it stands for, those wholly off
  /// screen left out.
  private func appendRotatedImage(
    _ region: AtlasRegion, centreX: Float, centreY: Float, width: Float, height: Float,
    turns: Float, tint: Color
  ) {
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
