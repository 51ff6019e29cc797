import Foundation
import Frames
import HeadlessRenderer
import Imaging
import SDLBackend

/// The shipped sprites, found from this file so tests run from any directory.
let spritesDirectory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Assets/sprites")

/// Every sprite file shipped, by name.
let shippedSprites =
  ((try? FileManager.default.contentsOfDirectory(atPath: spritesDirectory.path))
  ?? [])
  .filter { $0.hasSuffix(".bmp") }.map { SpriteID(String($0.dropLast(4))) }.sorted()

/// The shipped sprites, loaded with the loader both backends share.
func shippedLibrary() throws -> SpriteLibrary {
  try SpriteLibrary.load(from: spritesDirectory, sprites: shippedSprites)
}

/// SDL objects for one test: the dummy video driver (needs no display, and is forced over any
/// SDL_VIDEODRIVER in the environment), a hidden window and the software renderer.
struct Fixture {
  let session: SDLSession
  let window: Window
  let renderer: Renderer
  let backend: SDLBackend

  init(width: Int = 640, height: Int = 360, rasterizesWorld: Bool = false) throws {
    session = try SDLSession(videoDriver: "dummy")
    window = try Window(
      session: session, title: "test", width: width, height: height, resizable: true,
      hidden: true)
    renderer = try Renderer(window: window, software: true)
    backend = try SDLBackend(
      renderer: renderer, sprites: try shippedLibrary(), rasterizesWorld: rasterizesWorld)
  }

  /// Renders `frame` and reads it back.
  func image(of frame: Frame) throws -> Image {
    try backend.render(frame)
    return try backend.screenshot()
  }
}

/// The headless backend's picture of `frame`, the reference SDL is compared with.
func headlessImage(of frame: Frame, width: Int, height: Int) throws -> Image {
  var backend = HeadlessBackend(width: width, height: height, sprites: try shippedLibrary())
  backend.render(frame)
  return backend.image
}

/// How far apart two images of the same size are.
struct Difference: CustomStringConvertible {
  /// The mean absolute difference over the red, green and blue channels of every pixel.
  var meanPerChannel: Double
  /// The share of pixels with some channel more than 8 apart.
  var differingShare: Double
  /// The largest difference in any channel of any pixel.
  var largest: Int

  init(_ first: Image, _ second: Image) {
    precondition(first.width == second.width && first.height == second.height)
    var total = 0
    var differing = 0
    var largestOverall = 0
    first.pixels.withUnsafeBufferPointer { a in
      second.pixels.withUnsafeBufferPointer { b in
        for pixel in stride(from: 0, to: a.count, by: 4) {
          var largest = 0
          for channel in 0..<3 {
            let delta = abs(Int(a[pixel + channel]) - Int(b[pixel + channel]))
            total += delta
            largest = max(largest, delta)
          }
          if largest > 8 { differing += 1 }
          largestOverall = max(largestOverall, largest)
        }
      }
    }
    let pixels = Double(first.pixelCount)
    meanPerChannel = Double(total) / (pixels * 3)
    differingShare = Double(differing) / pixels
    largest = largestOverall
  }

  var description: String {
    String(
      format: "mean %.3f per channel, %.3f%% of pixels off by more than 8, largest %d",
      meanPerChannel, differingShare * 100, largest)
  }
}

/// A frame using every kind of command: scaled, tinted, translucent, mirrored and rotated
/// sprites, an unknown sprite, rectangles filled and outlined, text with a character outside
/// ASCII, health bars and lines, over a background in a world whose aspect ratio leaves
/// letterbox bars.
func richFrame() -> Frame {
  var builder = FrameBuilder()
  let names = ["quirk", "zap", "munch", "castle", "laser", "cannonball"]
  let blue = Color(red: 120, green: 175, blue: 255)
  let translucentRed = Color(red: 255, green: 125, blue: 105, alpha: 200)
  for index in 0..<60 {
    let name = names[index % names.count]
    let size: Float = name == "castle" ? 70 : 24 + Float(index % 4) * 6.3
    builder.draw(
      .sprite(
        SpriteDraw(
          sprite: SpriteID(name), x: 40 + Float(index % 12) * 100.7,
          y: 60 + Float(index / 12) * 130.3, width: size, height: name == "laser" ? 7 : size,
          rotation: index % 5 == 0 ? Float(index) * 0.37 : 0, isMirrored: index % 2 == 1,
          tint: [blue, .white, translucentRed][index % 3])),
      layer: 1)
  }
  builder.draw(
    .sprite(SpriteDraw(sprite: SpriteID("unknown"), x: 600, y: 600, width: 30, height: 30)),
    layer: 1)
  builder.draw(
    .rect(
      RectDraw(
        x: 100.3, y: 400.6, width: 200.5, height: 80.2,
        color: Color(red: 40, green: 90, blue: 200, alpha: 120))),
    layer: 0)
  builder.draw(
    .rect(
      RectDraw(x: 500.4, y: 380.7, width: 150.2, height: 90.9, color: .white, isFilled: false)),
    layer: 2)
  builder.draw(
    .healthBar(HealthBarDraw(x: 300, y: 200, width: 40, height: 5, fraction: 0.65)), layer: 3)
  builder.draw(
    .healthBar(HealthBarDraw(x: 800.5, y: 300.2, width: 36, height: 4, fraction: 0.2)),
    layer: 3)
  builder.draw(
    .line(
      LineDraw(
        x0: 20, y0: 700, x1: 1250.5, y1: 20.2,
        color: Color(red: 255, green: 240, blue: 0, alpha: 180))),
    layer: 4)
  builder.draw(.line(LineDraw(x0: 640, y0: 10, x1: 660, y1: 710, color: .white)), layer: 4)
  builder.drawOverlay(
    .text(TextDraw("Score: 1234 +-= {Hello}", x: 20.5, y: 20.3, size: 16, color: .white)))
  builder.drawOverlay(
    .text(
      TextDraw(
        "WAVE 3 \u{E9}", x: 900, y: 650, size: 24,
        color: Color(red: 255, green: 220, blue: 90, alpha: 230))))
  builder.drawOverlay(
    .rect(
      RectDraw(
        x: 0, y: 680, width: 1280, height: 40, color: Color(red: 0, green: 0, blue: 0, alpha: 140))
    ))
  return builder.frame(tick: 7, worldWidth: 1280, worldHeight: 760, background: .background)
}

/// A frame SDL can draw exactly as the headless backend does: a 1:1 world, sprites at their
/// own size (or twice it) on whole pixels, opaque tints, solid and outlined rectangles on whole
/// pixels, text at whole multiples of its glyph size, a health bar and lines. Only blending
/// of translucent colours can round differently.
func exactFrame(width: Int, height: Int) -> Frame {
  var builder = FrameBuilder()
  let sprites: [(name: String, width: Float, height: Float)] = [
    ("quirk", 32, 32), ("zap", 32, 32), ("munch", 64, 64), ("castle", 64, 64),
    ("laser", 16, 4), ("cannonball", 12, 12),
  ]
  for index in 0..<40 {
    let sprite = sprites[index % sprites.count]
    builder.draw(
      .sprite(
        SpriteDraw(
          sprite: SpriteID(sprite.name), x: Float(30 + index % 10 * 60),
          y: Float(40 + index / 10 * 80), width: sprite.width, height: sprite.height,
          isMirrored: index % 2 == 0,
          tint: index % 3 == 0 ? Color(red: 120, green: 175, blue: 255) : .white)),
      layer: 1)
  }
  builder.draw(
    .rect(
      RectDraw(x: 10, y: 300, width: 200, height: 40, color: Color(red: 30, green: 60, blue: 90))),
    layer: 0)
  builder.draw(
    .rect(
      RectDraw(
        x: 220, y: 300, width: 100, height: 40,
        color: Color(red: 200, green: 60, blue: 90, alpha: 128))),
    layer: 2)
  builder.draw(
    .rect(RectDraw(x: 330, y: 300, width: 100, height: 40, color: .white, isFilled: false)),
    layer: 2)
  builder.draw(
    .healthBar(HealthBarDraw(x: 500, y: 320, width: 40, height: 6, fraction: 0.5)), layer: 2)
  builder.draw(.line(LineDraw(x0: 5, y0: 5, x1: 600, y1: 290, color: .white)), layer: 3)
  builder.draw(
    .line(LineDraw(x0: 600, y0: 10, x1: 550, y1: 350, color: Color(red: 255, green: 0, blue: 0))),
    layer: 3)
  let overlayPixel = Frame.overlayWidth / Float(width)
  builder.drawOverlay(
    .text(
      TextDraw(
        "Exact: 0123 ABC xyz", x: 8 * overlayPixel, y: 8 * overlayPixel, size: 8 * overlayPixel)))
  builder.drawOverlay(
    .text(
      TextDraw(
        "Twice", x: 400 * overlayPixel, y: 8 * overlayPixel, size: 16 * overlayPixel,
        color: Color(red: 255, green: 220, blue: 90))))
  return builder.frame(tick: 1, worldWidth: Float(width), worldHeight: Float(height))
}
