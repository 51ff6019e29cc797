import Foundation
import Frames
import HeadlessRenderer
import Imaging
import Testing

/// A small scene using every kind of draw command and the real sprites and font.
func goldenScene() -> Frame {
  let left = Color(red: 120, green: 175, blue: 255)
  let right = Color(red: 255, green: 125, blue: 105)
  var builder = FrameBuilder()
  builder.draw(
    .sprite(
      SpriteDraw(sprite: SpriteID("castle"), x: 40, y: 90, width: 64, height: 64, tint: left)),
    layer: 1)
  builder.draw(
    .sprite(
      SpriteDraw(
        sprite: SpriteID("castle"), x: 280, y: 90, width: 64, height: 64, isMirrored: true,
        tint: right)),
    layer: 1)
  builder.draw(
    .sprite(
      SpriteDraw(sprite: SpriteID("quirk"), x: 110, y: 80, width: 24, height: 24, tint: left)),
    layer: 2)
  builder.draw(
    .sprite(SpriteDraw(sprite: SpriteID("zap"), x: 130, y: 110, width: 29, height: 29, tint: left)),
    layer: 2)
  builder.draw(
    .sprite(
      SpriteDraw(
        sprite: SpriteID("munch"), x: 200, y: 95, width: 43, height: 43, isMirrored: true,
        tint: right)),
    layer: 2)
  builder.draw(
    .sprite(
      SpriteDraw(
        sprite: SpriteID("laser"), x: 160, y: 104, width: 22, height: 6, rotation: -0.3,
        tint: left)),
    layer: 3)
  builder.draw(
    .sprite(SpriteDraw(sprite: SpriteID("cannonball"), x: 250, y: 70, width: 12, height: 12)),
    layer: 3)
  builder.draw(
    .healthBar(HealthBarDraw(x: 200, y: 68, width: 43, height: 3, fraction: 0.4)), layer: 9)
  builder.draw(
    .line(LineDraw(x0: 10, y0: 150, x1: 310, y1: 170, color: .white.withAlpha(160))), layer: 9)
  builder.draw(
    .rect(RectDraw(x: 100, y: 60, width: 60, height: 70, color: .white, isFilled: false)), layer: 9)
  builder.drawOverlay(
    .text(TextDraw("Golden 1/1 ok!", x: 20, y: 20, size: 64, color: .white)), layer: 0)
  builder.drawOverlay(
    .rect(RectDraw(x: 900, y: 600, width: 300, height: 80, color: right.withAlpha(128))), layer: 0)
  return builder.frame(tick: 0, worldWidth: 320, worldHeight: 180, background: .background)
}

let goldenFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("Golden/scene-320x180.png")

@Suite("Golden images")
struct GoldenImageTests {
  @Test("the reference scene renders exactly like the committed, hand-checked PNG")
  func scene() throws {
    let sprites = try SpriteLibrary.load(from: shippedSprites, sprites: gameSprites)
    var backend = HeadlessBackend(width: 320, height: 180, sprites: sprites)
    backend.render(goldenScene())
    if ProcessInfo.processInfo.environment["SANDBOX_UPDATE_GOLDEN"] == "1" {
      try AtomicFile.write(PNG.encode(backend.image), to: goldenFile)
      Issue.record("wrote \(goldenFile.path); look at it, then run again without the variable")
      return
    }
    let reference = try PNG.decode(try Data(contentsOf: goldenFile))
    #expect(reference.width == 320 && reference.height == 180)
    let differing = zip(reference.pixels, backend.image.pixels).filter { $0 != $1 }.count
    #expect(differing == 0, "\(differing) bytes differ from \(goldenFile.lastPathComponent)")
  }

  @Test("a world interpolated as it is drawn gives the interpolated frame's pixels")
  func interpolatedDrawing() throws {
    let sprites = try SpriteLibrary.load(from: shippedSprites, sprites: gameSprites)
    var random = SystemRandomNumberGenerator()
    func frame(tick: UInt64, shift: Float) -> Frame {
      var builder = FrameBuilder()
      for index in 1...400 where (index + Int(tick)) % 17 != 0 {
        let entity = AnyEntityID(rawValue: UInt64(index))
        let x = Float(index % 40) * 8 + shift + Float.random(in: -1...1, using: &random)
        let y = Float(index / 40) * 18 + 4
        builder.draw(
          .sprite(
            SpriteDraw(
              sprite: SpriteID(index % 2 == 0 ? "zap" : "laser"), x: x, y: y,
              width: index % 3 == 0 ? 3 : 12, height: index % 3 == 0 ? 3 : 12,
              rotation: index % 2 == 0 ? 0 : shift / 10, entity: entity,
              dot: Color(red: 200, green: 40, blue: 40))),
          layer: 2)
        builder.draw(
          .healthBar(
            HealthBarDraw(x: x, y: y - 8, width: 12, height: 2, fraction: 0.5, entity: entity)),
          layer: 9)
      }
      return builder.frame(tick: tick, worldWidth: 320, worldHeight: 180, background: .background)
    }
    let previous = frame(tick: 1, shift: 0)
    let next = frame(tick: 2, shift: 5)
    var walked = HeadlessBackend(width: 320, height: 180, sprites: sprites)
    var made = HeadlessBackend(width: 320, height: 180, sprites: sprites)
    for alpha: Float in [0, 0.37, 1] {
      walked.render(next, interpolatingFrom: previous, alpha: alpha)
      made.render(previous.interpolated(toward: next, alpha: alpha))
      #expect(walked.image == made.image, "alpha \(alpha)")
    }
    // Something moved: the halfway picture is neither end's.
    var ends = HeadlessBackend(width: 320, height: 180, sprites: sprites)
    ends.render(next)
    walked.render(next, interpolatingFrom: previous, alpha: 0.37)
    #expect(walked.image != ends.image)
  }

  @Test("rendering the same frame twice gives the same pixels")
  func deterministic() throws {
    let sprites = try SpriteLibrary.load(from: shippedSprites, sprites: gameSprites)
    var first = HeadlessBackend(width: 320, height: 180, sprites: sprites)
    var second = HeadlessBackend(width: 320, height: 180, sprites: sprites)
    first.render(goldenScene())
    second.render(Frame(tick: 0, worldWidth: 10, worldHeight: 10, world: []))
    second.render(goldenScene())
    #expect(first.image == second.image)
  }
}
