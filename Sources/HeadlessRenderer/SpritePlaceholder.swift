import Foundation
import Frames
import Imaging

/// The picture drawn for an entity sprite that has no file: a light shape with a dark outline
/// and the sprite name's initial, 32 texels square.
///
/// Like a drawn sprite it is light where the entity's tint should show, so each side's
/// placeholders take their side's colour, and it faces right. Its mirror image is made, not
/// flipped, so that the initial still reads the right way round on a left-facing entity.
/// Each placeholder of a library gets the next of six shapes, so up to six kinds without files
/// still look different at a glance.
enum SpritePlaceholder {
  /// The shapes, in the order placeholders take them.
  enum Shape: CaseIterable {
    case circle, diamond, triangle, square, hexagon, star
  }

  /// The side of a placeholder, in texels: a monster's sprite size.
  static let side = 32

  /// The placeholder for `id`, in the `index`th shape, with its initial drawn from `font` (the
  /// font sheet), if there is one; facing left when `isMirrored`.
  ///
  /// - Complexity: O(side²).
  static func image(for id: SpriteID, index: Int, font: Image?, isMirrored: Bool = false)
    -> Image
  {
    let shape = Shape.allCases[index % Shape.allCases.count]
    var image = Image(width: side, height: side)
    let body = RGBA(r: 230, g: 230, b: 230)
    let outline = RGBA(r: 24, g: 24, b: 24)
    for y in 0..<side {
      for x in 0..<side {
        // Texel centres, in a square of side 2 around the middle.
        let across = (Float(x) + 0.5) / Float(side) * 2 - 1
        let u = isMirrored ? -across : across
        let v = (Float(y) + 0.5) / Float(side) * 2 - 1
        let depth = inside(shape, u: u, v: v)
        guard depth > 0 else { continue }
        image[x: x, y: y] = depth < 0.1 ? outline : body
      }
    }
    if let font, let initial = id.name.uppercased().unicodeScalars.first {
      // A triangle's middle is narrow; its initial sits nearer its broad end.
      let offset = shape == .triangle ? (isMirrored ? side / 6 : -side / 6) : 0
      drawGlyph(initial, from: font, into: &image, offset: offset, colour: outline, halo: body)
    }
    return image
  }

  /// How far inside `shape` the point (`u`, `v`) lies, in the shape's own units (about the
  /// distance to its edge); 0 or less outside.
  private static func inside(_ shape: Shape, u: Float, v: Float) -> Float {
    let reach: Float = 0.94
    switch shape {
    case .circle:
      return reach - (u * u + v * v).squareRoot()
    case .diamond:
      return (reach - (abs(u) + abs(v))) * 0.7
    case .square:
      return reach * 0.85 - max(abs(u), abs(v))
    case .triangle:
      // Pointing right, the way the entity faces.
      return min(u + reach, ((reach - u) / 2 - abs(v)) * 0.9)
    case .hexagon:
      let q = abs(u)
      let r = abs(v)
      return min(reach * 0.87 - r, reach - (q + r * 0.577)) * 0.9
    case .star:
      let angle = atan2(v, u)
      let wave = (1 + cos(angle * 5)) / 2
      return reach * (0.55 + 0.45 * wave) - (u * u + v * v).squareRoot()
    }
  }

  /// Draws `scalar`'s 8x8 glyph twice as large, centred `offset` texels right of the middle,
  /// each stroke ringed in `halo` so that it reads wherever it crosses the outline.
  private static func drawGlyph(
    _ scalar: Unicode.Scalar, from font: Image, into image: inout Image, offset: Int,
    colour: RGBA, halo: RGBA
  ) {
    guard let cell = FontSheet.cell(for: scalar),
      font.width == FontSheet.width, font.height == FontSheet.height
    else { return }
    let scale = 2
    let left = (side - cell.width * scale) / 2 + offset
    let top = (side - cell.height * scale) / 2
    var strokes: [(x: Int, y: Int)] = []
    for gy in 0..<cell.height {
      for gx in 0..<cell.width where font[x: cell.x + gx, y: cell.y + gy].a >= 128 {
        for dy in 0..<scale {
          for dx in 0..<scale { strokes.append((left + gx * scale + dx, top + gy * scale + dy)) }
        }
      }
    }
    for pass in 0..<2 {
      for stroke in strokes {
        for y in (stroke.y - 1 + pass)...(stroke.y + 1 - pass) where (0..<side).contains(y) {
          for x in (stroke.x - 1 + pass)...(stroke.x + 1 - pass) where (0..<side).contains(x) {
            image[x: x, y: y] = pass == 0 ? halo : colour
          }
        }
      }
    }
  }
}
