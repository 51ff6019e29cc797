import CSDL2
import Foundation
import Frames
import Imaging

/// A rectangle of texels in the atlas.
struct AtlasRegion: Equatable {
  var x: Int
  var y: Int
  var width: Int
  var height: Int
}

/// Where a sprite and its mirror image lie in the atlas.
struct SpriteRegions: Equatable {
  /// The sprite as drawn.
  var normal: AtlasRegion
  /// The sprite mirrored left to right.
  var mirrored: AtlasRegion

  /// The region to draw for a sprite, mirrored or not.
  @inline(__always)
  func region(isMirrored: Bool) -> AtlasRegion { isMirrored ? mirrored : normal }

  /// The region to draw for the texels `source` of a sprite (all of it when `nil`), mirrored
  /// or not; `nil` for a part not inside the sprite.
  func region(isMirrored: Bool, source: TexelRect?) -> AtlasRegion? {
    let region = region(isMirrored: isMirrored)
    guard let source else { return region }
    guard source.isInside(width: region.width, height: region.height) else { return nil }
    // The mirror image holds the part at the mirrored columns, itself mirrored.
    let column = isMirrored ? region.width - source.x - source.width : source.x
    return AtlasRegion(
      x: region.x + column, y: region.y + source.y, width: source.width, height: source.height)
  }
}

/// Every sprite, its mirror image and a block of white, packed into one image so that a whole
/// frame can be drawn from one texture.
///
/// Mirror images are stored rather than made by swapping texture coordinates: SDL's software
/// renderer draws a quad with swapped coordinates through its rotate-and-flip path, which
/// costs about a sixth more per frame when half the sprites face left.
///
/// Sides are powers of two: texel edges then convert to texture coordinates and back (as
/// SDL's software renderer does, truncating) without rounding error.
struct SpriteAtlas {
  /// The sprites packed, as loaded.
  let sprites: [SpriteID: Image]
  /// Transparent texels around every image, so nearest sampling at an edge never picks up a
  /// neighbour, and so SDL's software triangle path may address one texel past an edge.
  static let padding = 1
  /// The side of the opaque white block that solid rectangles are drawn from.
  static let solidBlockSide = 4

  /// The packed texels.
  let image: Image
  /// Where each sprite and its mirror image lie.
  let regions: [SpriteID: SpriteRegions]
  /// The inside of the white block: sampling it anywhere, even at its edges, gives white.
  let solid: AtlasRegion

  /// Packs `sprites`, their mirror images (`mirrorImages`' where it has one, else each
  /// flipped) and a block of opaque white into one image with shelf packing.
  ///
  /// - Complexity: O(n log n + atlas texels).
  init(sprites: [SpriteID: Image], mirrorImages: [SpriteID: Image] = [:]) {
    self.sprites = sprites
    enum Role: Comparable {
      case sprite(String, mirrorCount: Int)
      case solidBlock
    }
    let block = Self.solidBlockSide
    var items: [(role: Role, image: Image)] = [
      (.solidBlock, Image(width: block, height: block, fill: .white))
    ]
    for (id, image) in sprites {
      items.append((.sprite(id.name, mirrorCount: 0), image))
      items.append((.sprite(id.name, mirrorCount: 1), mirrorImages[id] ?? Self.mirrored(image)))
    }
    // Tallest first keeps shelves full; the role breaks ties so packing is deterministic.
    items.sort {
      ($0.image.height, $0.image.width) != ($1.image.height, $1.image.width)
        ? ($0.image.height, $0.image.width) > ($1.image.height, $1.image.width)
        : $0.role < $1.role
    }

    let (atlasWidth, usedHeight, placements) = Self.shelfPack(
      items.map { ($0.image.width, $0.image.height) })
    var atlas = Image(width: atlasWidth, height: Self.powerOfTwo(atLeast: usedHeight))
    var normal: [String: AtlasRegion] = [:]
    var mirrored: [String: AtlasRegion] = [:]
    var solid = AtlasRegion(x: 0, y: 0, width: 0, height: 0)
    for (item, place) in zip(items, placements) {
      Self.copy(item.image, into: &atlas, x: place.x, y: place.y)
      let region = AtlasRegion(
        x: place.x, y: place.y, width: item.image.width, height: item.image.height)
      switch item.role {
      case .sprite(let name, mirrorCount: 0): normal[name] = region
      case .sprite(let name, mirrorCount: _): mirrored[name] = region
      case .solidBlock:
        solid = AtlasRegion(x: place.x + 1, y: place.y + 1, width: block - 2, height: block - 2)
      }
    }
    var regions: [SpriteID: SpriteRegions] = [:]
    for id in sprites.keys {
      if let normalRegion = normal[id.name], let mirroredRegion = mirrored[id.name] {
        regions[id] = SpriteRegions(normal: normalRegion, mirrored: mirroredRegion)
      }
    }
    self.image = atlas
    self.regions = regions
    self.solid = solid
  }

  /// Places rectangles of `sizes`, in order, on shelves left to right in the narrowest
  /// power-of-two width whose shelves fit a square, `padding` apart and from the edges.
  ///
  /// - Returns: The width, the height the shelves use, and each rectangle's top-left corner.
  private static func shelfPack(_ sizes: [(width: Int, height: Int)]) -> (
    width: Int, usedHeight: Int, placements: [(x: Int, y: Int)]
  ) {
    let widest = sizes.map(\.width).max() ?? 1
    let area = sizes.reduce(0) { $0 + ($1.width + padding) * ($1.height + padding) }
    var atlasWidth = powerOfTwo(atLeast: max(widest + 2 * padding, Int(Double(area).squareRoot())))
    while true {
      var placements: [(x: Int, y: Int)] = []
      var x = padding
      var y = padding
      var shelfHeight = 0
      for size in sizes {
        if x + size.width + padding > atlasWidth {
          x = padding
          y += shelfHeight + padding
          shelfHeight = 0
        }
        placements.append((x, y))
        x += size.width + padding
        shelfHeight = max(shelfHeight, size.height)
      }
      let usedHeight = y + shelfHeight + padding
      if usedHeight <= atlasWidth { return (atlasWidth, usedHeight, placements) }
      atlasWidth *= 2
    }
  }

  private static func copy(_ image: Image, into atlas: inout Image, x: Int, y: Int) {
    let rowBytes = image.width * 4
    let atlasWidth = atlas.width
    image.pixels.withUnsafeBufferPointer { source in
      atlas.withUnsafeMutablePixelBytes { destination in
        for row in 0..<image.height {
          let target = ((y + row) * atlasWidth + x) * 4
          let sourceRow = source.baseAddress! + row * rowBytes
          (destination.baseAddress! + target).update(from: sourceRow, count: rowBytes)
        }
      }
    }
  }

  /// `image` mirrored left to right.
  static func mirrored(_ image: Image) -> Image {
    var result = image
    let width = image.width
    image.pixels.withUnsafeBufferPointer { source in
      result.withUnsafeMutablePixelBytes { destination in
        for row in 0..<image.height {
          for column in 0..<width {
            let from = (row * width + column) * 4
            let to = (row * width + width - 1 - column) * 4
            for channel in 0..<4 { destination[to + channel] = source[from + channel] }
          }
        }
      }
    }
    return result
  }

  private static func powerOfTwo(atLeast value: Int) -> Int {
    var result = 1
    while result < value { result *= 2 }
    return result
  }
}
