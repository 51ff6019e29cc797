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
      let kept = (1...400).filter { ($0 + Int(tick)) % 17 != 0 }
      var instances = FrameInstances()
      for (name, parity) in [("zap", 0), ("laser", 1)] {
        let chosen = kept.filter { $0 % 2 == parity }
        let placed = chosen.map { index in
          SpriteInstance(
            kind: 0, x: Float(index % 40) * 8 + shift + Float.random(in: -1...1, using: &random),
            y: Float(index / 40) * 18 + 4, width: index % 3 == 0 ? 3 : 12,
            height: index % 3 == 0 ? 3 : 12, rotation: parity == 1 ? shift / 10 : 0,
            tint: Color(red: 200, green: 40, blue: 40), healthFraction: 0.5)
        }
        instances.appendKind(
          sprite: SpriteID(name), layer: 2, healthBarLayer: 9, instances: placed,
          entities: chosen.map { AnyEntityID(rawValue: UInt64($0)) },
          bars: placed.indices.map { place in
            let owner = placed[place]
            return (
              place,
              HealthBarDraw(x: owner.x, y: owner.y - 8, width: 12, height: 2, fraction: 0.5)
            )
          })
      }
      return Frame(
        tick: tick, worldWidth: 320, worldHeight: 180, background: .background,
        instances: instances)
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

  @Test("frames over one background restore only what was drawn on, and say what changed")
  func tiledRestore() throws {
    let sprites = try SpriteLibrary.load(from: shippedSprites, sprites: gameSprites)
    var random = SystemRandomNumberGenerator()
    var kept = HeadlessBackend(width: 640, height: 360, sprites: sprites)
    var before = kept.image
    var partialFrames = 0
    for tick in 0..<12 {
      var builder = FrameBuilder()
      // A few sprites, some translucent and turned, a line and a dot, somewhere new each time;
      // every fourth frame draws nothing at all.
      for _ in 0..<(tick % 4 == 3 ? 0 : 3) {
        builder.draw(
          .sprite(
            SpriteDraw(
              sprite: SpriteID("zap"), x: Float.random(in: -10...650, using: &random),
              y: Float.random(in: -10...370, using: &random), width: 29, height: 29,
              rotation: Float.random(in: -1...1, using: &random),
              tint: Color(red: 255, green: 255, blue: 255, alpha: 180))),
          layer: 2)
      }
      if tick % 2 == 0 {
        builder.draw(
          .line(LineDraw(x0: 0, y0: Float(tick * 15), x1: 639, y1: 90, color: .white)), layer: 3)
      }
      builder.drawOverlay(
        .text(TextDraw("tick \(tick)", x: 20, y: 20, size: 32, color: .white)), layer: 0)
      let frame = builder.frame(
        tick: UInt64(tick), worldWidth: 640, worldHeight: 360, background: .background)
      kept.render(frame)
      var fresh = HeadlessBackend(width: 640, height: 360, sprites: sprites)
      fresh.render(frame)
      #expect(kept.image == fresh.image, "frame \(tick)")
      // Outside the changed rectangles the picture is the one before.
      var changed = [Bool](repeating: false, count: 640 * 360)
      kept.forEachChangedRectangle { x, y, width, height in
        for row in y..<(y + height) {
          for column in x..<(x + width) { changed[row * 640 + column] = true }
        }
      }
      let now = kept.image
      var unchangedDiffering = 0
      for index in changed.indices where !changed[index] {
        let byte = index * 4
        if now.pixels[byte..<(byte + 4)] != before.pixels[byte..<(byte + 4)] {
          unchangedDiffering += 1
        }
      }
      #expect(unchangedDiffering == 0, "frame \(tick)")
      // Past the first two frames (the background is kept from the second), little changes.
      if tick >= 2 && changed.filter({ $0 }).count * 2 < changed.count { partialFrames += 1 }
      before = now
    }
    #expect(partialFrames >= 5)
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
