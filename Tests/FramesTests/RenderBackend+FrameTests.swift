import Frames
import Testing

/// A backend that draws nothing and records the primitives the frame walk calls.
private struct RecordingBackend: RenderBackend {
  /// One primitive call.
  enum Call: Equatable {
    case begin(Color)
    case sprite(SpriteID, TexelRect?, SpritePlacement)
    case fill(x: Float, y: Float, width: Float, height: Float, Color)
    case line(x0: Float, y0: Float, x1: Float, y1: Float, Color)
    case end
  }

  typealias Failure = Never

  let width: Int
  let height: Int
  /// The sprites it can draw.
  var sprites: Set<SpriteID>
  private(set) var calls: [Call] = []

  init(width: Int = 640, height: Int = 360, sprites: Set<SpriteID>) {
    self.width = width
    self.height = height
    self.sprites = sprites
  }

  func hasSprite(_ sprite: SpriteID) -> Bool { sprites.contains(sprite) }

  mutating func beginFrame(clearingTo color: Color) { calls.append(.begin(color)) }

  mutating func drawSprite(_ sprite: SpriteID, source: TexelRect?, placement: SpritePlacement) {
    calls.append(.sprite(sprite, source, placement))
  }

  mutating func fillRect(x: Float, y: Float, width: Float, height: Float, color: Color) {
    calls.append(.fill(x: x, y: y, width: width, height: height, color))
  }

  mutating func drawLine(x0: Float, y0: Float, x1: Float, y1: Float, color: Color) {
    calls.append(.line(x0: x0, y0: y0, x1: x1, y1: y1, color))
  }

  mutating func endFrame() { calls.append(.end) }

  /// The calls between `begin` and `end` of rendering `frame`.
  static func drawing(
    world: [DrawCommand.Shape] = [], overlay: [DrawCommand.Shape] = [],
    sprites: Set<SpriteID> = [SpriteID("zap"), .font]
  ) -> [Call] {
    var backend = RecordingBackend(sprites: sprites)
    backend.render(
      Frame(
        tick: 0, worldWidth: 320, worldHeight: 360,
        world: world.map { DrawCommand($0, layer: 0) },
        overlay: overlay.map { DrawCommand($0, layer: 0) }))
    return Array(backend.calls.dropFirst().dropLast())
  }
}

// The output is 640x360. The 320x360 world fits at scale 1 with bars of 160 pixels left and
// right; the 1280x720 overlay fits at scale 0.5 with no bars.

@Suite("The frame walk every backend shares")
struct RenderBackendFrameTests {
  @Test("a frame is the letterbox, the background, world commands, the overlay, then the end")
  func order() {
    var backend = RecordingBackend(sprites: [.background, SpriteID("zap")])
    let tint = Color(red: 255, green: 125, blue: 105)
    backend.render(
      Frame(
        tick: 0, worldWidth: 320, worldHeight: 360, background: .background,
        world: [
          DrawCommand(.line(LineDraw(x0: 0, y0: 0, x1: 320, y1: 10, color: .white)), layer: 2),
          DrawCommand(
            .sprite(
              SpriteDraw(
                sprite: SpriteID("zap"), x: 10, y: 20, width: 8, height: 6, rotation: 0.5,
                isMirrored: true, tint: tint)),
            layer: 1),
        ],
        overlay: [
          DrawCommand(.rect(RectDraw(x: 100, y: 100, width: 20, height: 10, color: tint)), layer: 0)
        ]))
    #expect(
      backend.calls == [
        .begin(RecordingBackend.letterboxColor),
        .sprite(
          .background, nil, SpritePlacement(centreX: 320, centreY: 180, width: 320, height: 360)),
        .sprite(
          SpriteID("zap"), nil,
          SpritePlacement(
            centreX: 170, centreY: 20, width: 8, height: 6, rotation: 0.5, isMirrored: true,
            tint: tint)),
        .line(x0: 160, y0: 0, x1: 480, y1: 10, .white),
        .fill(x: 50, y: 50, width: 10, height: 5, tint),
        .end,
      ])
  }

  @Test("the letterbox is dark grey-blue and a missing sprite magenta, for every backend")
  func sharedColors() {
    #expect(RecordingBackend.letterboxColor == Color(red: 18, green: 20, blue: 26))
    #expect(RecordingBackend.missingSpriteColor == Color(red: 255, green: 0, blue: 255))
  }

  @Test("a health bar becomes a dark frame one pixel larger and a fill in proportion to health")
  func healthBar() {
    let bar = HealthBarDraw(x: 100, y: 50, width: 20, height: 4, fraction: 0.25)
    #expect(
      RecordingBackend.drawing(world: [.healthBar(bar)]) == [
        .fill(x: 249, y: 47, width: 22, height: 6, HealthBarDraw.frameColor),
        .fill(x: 250, y: 48, width: 5, height: 4, bar.fillColor),
      ])
  }

  @Test("a health bar is at least two pixels each way however small it is drawn")
  func tinyHealthBar() {
    let bar = HealthBarDraw(x: 100, y: 50, width: 1, height: 0.5, fraction: 1)
    let calls = RecordingBackend.drawing(world: [.healthBar(bar)])
    #expect(calls.count == 2)
    #expect(calls.last == .fill(x: 259.5, y: 49.75, width: 2, height: 2, bar.fillColor))
  }

  @Test("far out, a sprite with a dot colour becomes a square of it, at least two pixels across")
  func dots() {
    let dot = Color(red: 10, green: 20, blue: 200)
    let zap = SpriteID("zap")
    let small = SpriteDraw(sprite: zap, x: 100, y: 50, width: 5.5, height: 3, dot: dot)
    #expect(
      RecordingBackend.drawing(world: [.sprite(small)]) == [
        .fill(x: 258.5, y: 48.5, width: 3, height: 3, dot)
      ])
    let tiny = SpriteDraw(sprite: zap, x: 10, y: 20, width: 1, height: 0.5, dot: dot)
    #expect(
      RecordingBackend.drawing(world: [.sprite(tiny)]) == [
        .fill(x: 169, y: 19, width: 2, height: 2, dot)
      ])
    // At the threshold, or without a dot colour, the sprite is drawn.
    let readable = SpriteDraw(sprite: zap, x: 100, y: 50, width: 6, height: 2, dot: dot)
    let plain = SpriteDraw(sprite: zap, x: 100, y: 50, width: 2, height: 2)
    for sprite in [readable, plain] {
      let calls = RecordingBackend.drawing(world: [.sprite(sprite)])
      #expect(calls.count == 1)
      guard case .sprite(let id, nil, _) = calls.first else {
        Issue.record("expected the sprite, got \(calls)")
        continue
      }
      #expect(id == zap)
    }
  }

  @Test("an entity's health bar narrower than eight pixels is left out; others are drawn")
  func smallEntityBars() {
    let entity = AnyEntityID(rawValue: 7)
    let narrow = HealthBarDraw(
      x: 100, y: 50, width: 7.9, height: 3, fraction: 0.5, entity: entity)
    let wide = HealthBarDraw(x: 100, y: 50, width: 8, height: 3, fraction: 0.5, entity: entity)
    let anonymous = HealthBarDraw(x: 100, y: 50, width: 1, height: 3, fraction: 0.5)
    #expect(RecordingBackend.drawing(world: [.healthBar(narrow)]).isEmpty)
    #expect(RecordingBackend.drawing(world: [.healthBar(wide)]).count == 2)
    #expect(RecordingBackend.drawing(world: [.healthBar(anonymous)]).count == 2)
  }

  @Test("text becomes one font cell per character, with spaces skipped and a box for the rest")
  func text() {
    let color = Color(red: 255, green: 220, blue: 90)
    let calls = RecordingBackend.drawing(
      overlay: [.text(TextDraw("A b~\u{E9}", x: 20, y: 40, size: 16, color: color))])
    // At scale 0.5 the text starts at (10, 20) in cells of 8 pixels.
    func glyph(_ column: Int, _ row: Int, at index: Float) -> RecordingBackend.Call {
      .sprite(
        .font, TexelRect(x: column * 8, y: row * 8, width: 8, height: 8),
        SpritePlacement(
          centreX: 10 + (index + 0.5) * 8, centreY: 24, width: 8, height: 8, tint: color))
    }
    #expect(
      calls == [
        glyph(1, 2, at: 0),  // "A" is 65, glyph 33.
        glyph(2, 4, at: 2),  // "b" is 98, glyph 66.
        glyph(14, 5, at: 3),  // "~" is 126, glyph 94.
        glyph(15, 5, at: 4),  // "é" is outside ASCII: the box, glyph 95.
      ])
  }

  @Test("text without a font is a solid block the size of the text")
  func textWithoutFont() {
    let calls = RecordingBackend.drawing(
      overlay: [.text(TextDraw("A b", x: 20, y: 40, size: 16, color: .white))],
      sprites: [])
    #expect(calls == [.fill(x: 10, y: 20, width: 24, height: 8, .white)])
  }

  @Test("text of no size, or of a size that is not finite, draws nothing")
  func degenerateText() {
    #expect(
      RecordingBackend.drawing(overlay: [
        .text(TextDraw("A", x: 0, y: 0, size: 0)), .text(TextDraw("A", x: 0, y: 0, size: .nan)),
      ]).isEmpty)
  }

  @Test("a sprite the backend lacks becomes an unturned box of the missing-sprite colour")
  func missingSprite() {
    let ghost = SpriteDraw(
      sprite: SpriteID("ghost"), x: 100, y: 100, width: 10, height: 6, rotation: 0.5)
    #expect(
      RecordingBackend.drawing(world: [.sprite(ghost)]) == [
        .fill(x: 255, y: 97, width: 10, height: 6, RecordingBackend.missingSpriteColor)
      ])
  }

  @Test("a missing background becomes a box over the whole world")
  func missingBackground() {
    var backend = RecordingBackend(sprites: [])
    backend.render(Frame(tick: 0, worldWidth: 320, worldHeight: 360, background: .background))
    #expect(
      backend.calls == [
        .begin(RecordingBackend.letterboxColor),
        .fill(x: 160, y: 0, width: 320, height: 360, RecordingBackend.missingSpriteColor),
        .end,
      ])
  }

  @Test("by default an outlined rect becomes fills of its border, none overlapping")
  func outline() {
    let calls = RecordingBackend.drawing(world: [
      .rect(RectDraw(x: 10, y: 10, width: 4, height: 3, color: .white, isFilled: false))
    ])
    #expect(
      calls == [
        .fill(x: 170, y: 10, width: 4, height: 1, .white),
        .fill(x: 170, y: 12, width: 4, height: 1, .white),
        .fill(x: 170, y: 11, width: 1, height: 1, .white),
        .fill(x: 173, y: 11, width: 1, height: 1, .white),
      ])
  }
}
