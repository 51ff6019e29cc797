import BoidsGame
import Frames
import Imaging

/// The game's pictures, drawn in code: the example ships no image files and reads none of the
/// repository's assets.
///
/// Birds are drawn seen from above and pointing right, at the size they are drawn in the world,
/// so a 1280x720 picture of the 1280x720 sky shows them texel for pixel.
public enum SpriteArt {
  /// Every sprite the game draws with, by id: `BoidsScene.spriteIDs`, and nothing else.
  ///
  /// - Complexity: O(sprite pixels); a few thousand pixels in all.
  public static func images() -> [SpriteID: Image] {
    [
      BoidsScene.background: sky(),
      Boid.sprite: boid(),
      Hawk.sprite: hawk(),
    ]
  }

  /// A dark dart, like a starling against the sky.
  static func boid() -> Image {
    let size = Boid.size
    let painter = SpritePainter(width: Int(size.x), height: Int(size.y))
    return painter.paint([
      .polygon(
        [(13.5, 7), (1, 1.5), (4.5, 7), (1, 12.5)], color: RGBA(r: 34, g: 38, b: 54)),
      .polygon([(13.5, 7), (6, 5.5), (6, 8.5)], color: RGBA(r: 84, g: 92, b: 118)),
    ])
  }

  /// A broad-winged, rust-brown bird of prey with a yellow beak and a dark outline.
  static func hawk() -> Image {
    let size = Hawk.size
    let painter = SpritePainter(width: Int(size.x), height: Int(size.y))
    let middle = size.y / 2
    /// A wing above the body, and its mirror image below.
    func wings(_ points: [(Float, Float)], color: RGBA) -> [SpritePainter.Shape] {
      [
        .polygon(points, color: color),
        .polygon(points.map { ($0.0, 2 * middle - $0.1) }, color: color),
      ]
    }
    let feathers = RGBA(r: 168, g: 84, b: 40)
    let tips = RGBA(r: 110, g: 52, b: 26)
    let tail: [(Float, Float)] = [(7, 12.5), (0.5, 9.5), (0.5, 18.5), (7, 15.5)]
    let wing: [(Float, Float)] = [
      (18.5, 12.5), (15.5, 6), (11.5, 1), (7.5, 0.8), (5.5, 3), (7, 7), (8, 12.5),
    ]
    let wingTip: [(Float, Float)] = [(11.5, 1), (7.5, 0.8), (5.5, 3), (6.5, 5.5), (10, 4.5)]
    let beak: [(Float, Float)] = [(25, middle - 1.3), (27.8, middle), (25, middle + 1.3)]
    var shapes: [SpritePainter.Shape] = [.polygon(tail, color: feathers)]
    shapes += wings(wing, color: feathers)
    shapes += wings(wingTip, color: tips)
    shapes.append(
      .ellipse(centre: (14, middle), radii: (10, 3.4), color: RGBA(r: 196, g: 118, b: 62)))
    shapes.append(
      .ellipse(centre: (22.5, middle), radii: (3.2, 2.8), color: RGBA(r: 124, g: 58, b: 30)))
    shapes.append(.polygon(beak, color: RGBA(r: 244, g: 204, b: 64)))
    return painter.paint(
      shapes,
      outline: RGBA(r: 46, g: 22, b: 12))
  }

  /// A daytime sky, deep blue overhead to pale near the horizon; stretched over the arena.
  static func sky() -> Image {
    let (top, bottom) = (RGBA(r: 92, g: 146, b: 206), RGBA(r: 206, g: 228, b: 242))
    let height = 90
    var image = Image(width: 4, height: height)
    for y in 0..<height {
      let share = Float(y) / Float(height - 1)
      func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
        UInt8((Float(a) + (Float(b) - Float(a)) * share).rounded())
      }
      let color = RGBA(r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b))
      for x in 0..<image.width { image[x: x, y: y] = color }
    }
    return image
  }
}
