import Foundation
import Frames

/// A decoded sprite: RGBA8 with straight alpha, top row first.
struct SpriteImage: Sendable {
  let width: Int
  let height: Int
  let pixels: [UInt8]
}

extension PixelBand {
  /// Draws part of a sprite scaled (nearest neighbour) into a placement, blending by the
  /// sprite's alpha times the tint's, with its colours multiplied by the tint.
  ///
  /// A pixel is covered when its centre lies inside the placed rectangle.
  /// - Complexity: O(covered pixels); nothing is done for placements off the canvas.
  func blit(_ sprite: SpriteImage, source: TexelRect, placement: SpritePlacement) {
    guard source.width > 0, source.height > 0, placement.width > 0, placement.height > 0,
      placement.width.isFinite, placement.height.isFinite, placement.centreX.isFinite,
      placement.centreY.isFinite, placement.tint.alpha > 0
    else { return }
    let turns = placement.rotation.isFinite ? placement.rotation : 0
    if abs(turns) < 1e-4 {
      blitAxisAligned(sprite, source: source, placement: placement)
    } else {
      blitRotated(sprite, source: source, placement: placement, rotation: turns)
    }
  }

  private func blitAxisAligned(
    _ sprite: SpriteImage, source: TexelRect, placement: SpritePlacement
  ) {
    let left = placement.centreX - placement.width / 2
    let top = placement.centreY - placement.height / 2
    let columns = PixelRules.coveredPixels(left, left + placement.width, limit: width)
    let rows = clipped(PixelRules.coveredPixels(top, top + placement.height, limit: height))
    guard !columns.isEmpty, !rows.isEmpty else { return }
    dirty.pointee.mark(columns: columns, rows: rows)
    let horizontalStep = Float(source.width) / placement.width
    let verticalStep = Float(source.height) / placement.height
    let tint = placement.tint
    let isUntinted = tint == .white
    let canvasWidth = width
    let spriteWidth = sprite.width
    let buffer = pixels
    // On the stack: no heap allocation for each sprite drawn.
    withUnsafeTemporaryAllocation(of: Int.self, capacity: columns.count) { sourceColumns in
      for (index, column) in columns.enumerated() {
        let u = min(Int((Float(column) + 0.5 - left) * horizontalStep), source.width - 1)
        sourceColumns[index] = (source.x + (placement.isMirrored ? source.width - 1 - u : u)) * 4
      }
      sprite.pixels.withUnsafeBufferPointer { texels in
        for row in rows {
          let v = min(Int((Float(row) + 0.5 - top) * verticalStep), source.height - 1)
          let sourceRow = (source.y + v) * spriteWidth * 4
          var offset = (row * canvasWidth + columns.lowerBound) * 4
          for sourceColumn in sourceColumns {
            let texel = sourceRow &+ sourceColumn
            let alpha = texels[texel &+ 3]
            if alpha != 0 {
              if isUntinted {
                Self.blend(
                  buffer, at: offset, red: UInt32(texels[texel]),
                  green: UInt32(texels[texel &+ 1]), blue: UInt32(texels[texel &+ 2]),
                  alpha: UInt32(alpha))
              } else {
                Self.blend(
                  buffer, at: offset, red: Self.modulate(texels[texel], tint.red),
                  green: Self.modulate(texels[texel &+ 1], tint.green),
                  blue: Self.modulate(texels[texel &+ 2], tint.blue),
                  alpha: Self.modulate(alpha, tint.alpha))
              }
            }
            offset &+= 4
          }
        }
      }
    }
  }

  private func blitRotated(
    _ sprite: SpriteImage, source: TexelRect, placement: SpritePlacement, rotation: Float
  ) {
    let cosine = Float(cos(Double(rotation)))
    let sine = Float(sin(Double(rotation)))
    let halfWidth = placement.width / 2
    let halfHeight = placement.height / 2
    let extentX = abs(cosine) * halfWidth + abs(sine) * halfHeight
    let extentY = abs(sine) * halfWidth + abs(cosine) * halfHeight
    let columns = PixelRules.coveredPixels(
      placement.centreX - extentX, placement.centreX + extentX, limit: width)
    let rows = clipped(
      PixelRules.coveredPixels(
        placement.centreY - extentY, placement.centreY + extentY, limit: height))
    guard !columns.isEmpty, !rows.isEmpty else { return }
    dirty.pointee.mark(columns: columns, rows: rows)
    let horizontalStep = Float(source.width) / placement.width
    let verticalStep = Float(source.height) / placement.height
    let tint = placement.tint
    let canvasWidth = width
    let spriteWidth = sprite.width
    let buffer = pixels
    sprite.pixels.withUnsafeBufferPointer { texels in
      for row in rows {
        let dy = Float(row) + 0.5 - placement.centreY
        var offset = (row * canvasWidth + columns.lowerBound) * 4
        for column in columns {
          defer { offset &+= 4 }
          let dx = Float(column) + 0.5 - placement.centreX
          // Undo the clockwise rotation to find the point in the sprite's own frame.
          let localX = dx * cosine + dy * sine + halfWidth
          let localY = -dx * sine + dy * cosine + halfHeight
          guard localX >= 0, localX < placement.width, localY >= 0, localY < placement.height
          else { continue }
          let u = min(Int(localX * horizontalStep), source.width - 1)
          let v = min(Int(localY * verticalStep), source.height - 1)
          let sourceColumn = source.x + (placement.isMirrored ? source.width - 1 - u : u)
          let texel = ((source.y + v) * spriteWidth + sourceColumn) * 4
          let alpha = texels[texel &+ 3]
          if alpha != 0 {
            Self.blend(
              buffer, at: offset, red: Self.modulate(texels[texel], tint.red),
              green: Self.modulate(texels[texel &+ 1], tint.green),
              blue: Self.modulate(texels[texel &+ 2], tint.blue),
              alpha: Self.modulate(alpha, tint.alpha))
          }
        }
      }
    }
  }
}
