import Frames
import Testing

private func sprite(_ entity: UInt64, x: Float, y: Float, rotation: Float = 0) -> DrawCommand {
  DrawCommand(
    .sprite(
      SpriteDraw(
        sprite: SpriteID("zap"), x: x, y: y, width: 10, height: 10, rotation: rotation,
        entity: entity == 0 ? nil : AnyEntityID(rawValue: entity))),
    layer: 2)
}

@Suite("Frame")
struct FrameTests {
  @Test("commands are sorted by layer, keeping list order within a layer")
  func layerOrder() {
    let commands = [
      DrawCommand(.line(LineDraw(x0: 0, y0: 0, x1: 1, y1: 1, color: .white)), layer: 3),
      DrawCommand(.rect(RectDraw(x: 1, y: 0, width: 1, height: 1, color: .white)), layer: 1),
      DrawCommand(.rect(RectDraw(x: 2, y: 0, width: 1, height: 1, color: .white)), layer: 3),
      DrawCommand(.rect(RectDraw(x: 3, y: 0, width: 1, height: 1, color: .white)), layer: 1),
    ]
    let frame = Frame(tick: 1, worldWidth: 10, worldHeight: 10, world: commands)
    #expect(frame.world.map(\.layer) == [1, 1, 3, 3])
    #expect(frame.world[0] == commands[1])
    #expect(frame.world[1] == commands[3])
    #expect(frame.world[2] == commands[0])
    #expect(frame.world[3] == commands[2])
  }

  @Test("sorting by layer is stable for a few layers and for many")
  func layerOrderAtScale() {
    var random = SystemRandomNumberGenerator()
    for layerCount in [3, 40] {
      let commands = (0..<2_000).map { index in
        DrawCommand(
          .rect(RectDraw(x: Float(index), y: 0, width: 1, height: 1, color: .white)),
          layer: Int.random(in: 0..<layerCount, using: &random) * 7 - 20)
      }
      let expected = commands.enumerated()
        .sorted { ($0.element.layer, $0.offset) < ($1.element.layer, $1.offset) }
        .map(\.element)
      #expect(Frame(tick: 0, worldWidth: 1, worldHeight: 1, world: commands).world == expected)
    }
  }

  @Test("instances and commands are drawn by layer: a kind's sprites, its bars, then commands")
  func worldRunOrder() {
    var instances = FrameInstances()
    let one = [SpriteInstance(kind: 0, x: 1, y: 1, width: 4, height: 4)]
    instances.appendKind(
      sprite: SpriteID("castle"), layer: 1, instances: one, entities: [nil],
      bars: [(0, HealthBarDraw(x: 1, y: 0, width: 4, height: 1, fraction: 0.5))])
    instances.appendKind(
      sprite: SpriteID("zap"), layer: 2, healthBarLayer: 1, instances: one + one,
      entities: [nil, nil],
      bars: [(1, HealthBarDraw(x: 1, y: 0, width: 4, height: 1, fraction: 0.5))])
    instances.appendKind(sprite: SpriteID("quirk"), layer: 1, instances: [], entities: [])
    let rect = DrawCommand(
      .rect(RectDraw(x: 0, y: 0, width: 1, height: 1, color: .white)), layer: 1)
    let high = DrawCommand(
      .rect(RectDraw(x: 0, y: 0, width: 1, height: 1, color: .white)), layer: 95)
    let frame = Frame(
      tick: 0, worldWidth: 10, worldHeight: 10, instances: instances,
      world: [high, rect, rect])
    #expect(
      frame.worldRuns == [
        .sprites(kind: 0), .healthBars(kind: 1), .commands(0..<2), .sprites(kind: 1),
        .healthBars(kind: 0), .commands(2..<3),
      ])
  }

  @Test("spriteIDs lists every sprite once, and the font when there is text")
  func spriteIDs() {
    var instances = FrameInstances()
    instances.appendKind(
      sprite: SpriteID("munch"), layer: 2,
      instances: [SpriteInstance(kind: 0, x: 0, y: 0, width: 1, height: 1)], entities: [nil])
    let frame = Frame(
      tick: 0, worldWidth: 1, worldHeight: 1, background: .background, instances: instances,
      world: [sprite(1, x: 0, y: 0), sprite(2, x: 0, y: 0)],
      overlay: [DrawCommand(.text(TextDraw("hi", x: 0, y: 0)), layer: 0)])
    #expect(frame.spriteIDs == [.background, .font, SpriteID("munch"), SpriteID("zap")])
  }

  @Test("the viewport scales uniformly and centres the content")
  func viewport() {
    let wide = Viewport(contentWidth: 1280, contentHeight: 720, width: 640, height: 480)
    #expect(wide.scale == 0.5)
    #expect(wide.offsetX == 0)
    #expect(wide.offsetY == 60)
    let tall = Viewport(contentWidth: 100, contentHeight: 100, width: 300, height: 200)
    #expect(tall.scale == 2)
    #expect(tall.offsetX == 50)
    #expect(tall.offsetY == 0)
  }
}

@Suite("HUD view models")
struct HUDTests {
  struct Plain: HUDLabel {
    var text: String
  }

  struct Warning: HUDLabel {
    var text: String
    var textColor: Color { Color(red: 255, green: 0, blue: 0) }
    var fontSize: Float { 24 }
    var shadowColor: Color? { nil }
  }

  @Test("a label without overrides gets the default style: white, 16, shadowed")
  func defaults() {
    var builder = FrameBuilder()
    Plain(text: "ab").draw(into: &builder, x: 10, y: 20)
    #expect(builder.overlay.count == 2)
    #expect(
      builder.overlay[1].shape
        == .text(TextDraw("ab", x: 10, y: 20, size: 16, color: .white)))
    #expect(
      builder.overlay[0].shape
        == .text(
          TextDraw(
            "ab", x: 12, y: 22, size: 16, color: Color(red: 0, green: 0, blue: 0, alpha: 180))))
    #expect(Plain(text: "abc").width == 48)
  }

  @Test("a label's own style replaces the defaults")
  func overrides() {
    var builder = FrameBuilder()
    Warning(text: "x").draw(into: &builder, x: 0, y: 0)
    #expect(builder.overlay.count == 1)
    #expect(
      builder.overlay[0].shape
        == .text(TextDraw("x", x: 0, y: 0, size: 24, color: Color(red: 255, green: 0, blue: 0))))
  }

  @Test("health bar colours go from green through yellow to red")
  func healthColours() {
    #expect(
      HealthBarDraw(x: 0, y: 0, width: 1, height: 1, fraction: 1).fillColor
        == Color(red: 70, green: 200, blue: 70))
    #expect(
      HealthBarDraw(x: 0, y: 0, width: 1, height: 1, fraction: 0.5).fillColor
        == Color(red: 230, green: 200, blue: 40))
    #expect(
      HealthBarDraw(x: 0, y: 0, width: 1, height: 1, fraction: 0).fillColor
        == Color(red: 220, green: 50, blue: 40))
    #expect(HealthBarDraw(x: 0, y: 0, width: 1, height: 1, fraction: 3).fraction == 1)
  }
}
