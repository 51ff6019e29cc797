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

  @Test("interpolating moves shared entities part of the way and takes the rest from next")
  func interpolation() {
    let previous = Frame(
      tick: 1, worldWidth: 100, worldHeight: 100,
      world: [sprite(1, x: 0, y: 10), sprite(2, x: 50, y: 50)])
    let next = Frame(
      tick: 2, worldWidth: 100, worldHeight: 100,
      world: [sprite(1, x: 10, y: 30), sprite(3, x: 70, y: 70)])
    let middle = previous.interpolated(toward: next, alpha: 0.25)
    #expect(middle.tick == 2)
    #expect(middle.world.count == 2)
    guard case .sprite(let moved) = middle.world[0].shape,
      case .sprite(let newcomer) = middle.world[1].shape
    else {
      Issue.record("expected two sprites")
      return
    }
    #expect(moved.x == 2.5)
    #expect(moved.y == 15)
    #expect(newcomer.x == 70 && newcomer.y == 70)
    #expect(previous.interpolated(toward: next, alpha: 1) == next)
    #expect(previous.interpolated(toward: next, alpha: 7) == next)
  }

  @Test("the world interpolated as it is walked is the interpolated frame's world")
  func interpolatedWalk() {
    var random = SystemRandomNumberGenerator()
    let previous = Frame(
      tick: 1, worldWidth: 100, worldHeight: 100,
      world: (1...300).map { sprite($0, x: Float($0 % 100), y: Float($0 / 3)) })
    // Some entities gone, some new, the rest moved and turned; one without an identity.
    let next = Frame(
      tick: 2, worldWidth: 100, worldHeight: 100,
      world: (20...340).map {
        sprite(
          $0 == 77 ? 0 : $0, x: Float($0 % 100) + Float.random(in: -2...2, using: &random),
          y: Float($0 / 3) + 1, rotation: Float.random(in: -3...3, using: &random))
      })
    for alpha: Float in [-1, 0, 0.25, 0.5, 0.999, 1, 7] {
      var walked: [DrawCommand] = []
      previous.forEachWorldCommand(interpolatedToward: next, alpha: alpha) { walked.append($0) }
      #expect(walked == previous.interpolated(toward: next, alpha: alpha).world, "alpha \(alpha)")
    }
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

  @Test(
    "interpolation finds each entity's sprite and bar however the commands moved",
    arguments: [UInt64(1), 1_000_003])  // identities dense, and far apart
  func interpolationMatchesByIdentity(spacing: UInt64) {
    func bar(_ entity: UInt64, x: Float) -> DrawCommand {
      DrawCommand(
        .healthBar(
          HealthBarDraw(
            x: x, y: 0, width: 10, height: 2, fraction: 0.5,
            entity: AnyEntityID(rawValue: entity * spacing))), layer: 90)
    }
    func entitySprite(_ entity: UInt64, x: Float) -> DrawCommand {
      sprite(entity * spacing, x: x, y: 0)
    }
    // Entities 1...300; the next frame drops every seventh, adds 301...320, swaps neighbours
    // here and there, and moves everything 10 to the right.
    var generator = SystemRandomNumberGenerator()
    let before = (1...300).map { UInt64($0) }
    var after = before.filter { $0 % 7 != 0 } + (301...320).map { UInt64($0) }
    for index in stride(from: 0, to: after.count - 1, by: 9) {
      after.swapAt(index, index + Int.random(in: 0...1, using: &generator))
    }
    let previous = Frame(
      tick: 1, worldWidth: 100, worldHeight: 100,
      world: before.map { entitySprite($0, x: Float($0)) }
        + before.map { bar($0, x: Float($0)) })
    let next = Frame(
      tick: 2, worldWidth: 100, worldHeight: 100,
      world: after.map { entitySprite($0, x: Float($0) + 10) }
        + after.map { bar($0, x: Float($0) + 10) })
    let middle = previous.interpolated(toward: next, alpha: 0.5)
    #expect(middle.world.count == next.world.count)
    for (shown, target) in zip(middle.world, next.world) {
      switch (shown.shape, target.shape) {
      case (.sprite(let sprite), .sprite(let goal)):
        let id = goal.entity!.rawValue / spacing
        #expect(sprite.x == (id > 300 ? goal.x : goal.x - 5), "sprite of #\(id)")
      case (.healthBar(let bar), .healthBar(let goal)):
        let id = goal.entity!.rawValue / spacing
        #expect(bar.x == (id > 300 ? goal.x : goal.x - 5), "bar of #\(id)")
      default:
        Issue.record("commands changed kind")
      }
    }
  }

  @Test("rotation interpolates the short way round")
  func rotationWraps() {
    let previous = Frame(
      tick: 1, worldWidth: 100, worldHeight: 100, world: [sprite(1, x: 0, y: 0, rotation: 3)])
    let next = Frame(
      tick: 2, worldWidth: 100, worldHeight: 100, world: [sprite(1, x: 0, y: 0, rotation: -3)])
    guard case .sprite(let halfway) = previous.interpolated(toward: next, alpha: 0.5).world[0].shape
    else {
      Issue.record("expected a sprite")
      return
    }
    // From 3 to -3 radians the short way passes through pi, not through 0.
    #expect(abs(halfway.rotation - (3 + (2 * Float.pi - 6) / 2)) < 1e-5)
  }

  @Test("spriteIDs lists every sprite once, and the font when there is text")
  func spriteIDs() {
    let frame = Frame(
      tick: 0, worldWidth: 1, worldHeight: 1, background: .background,
      world: [sprite(1, x: 0, y: 0), sprite(2, x: 0, y: 0)],
      overlay: [DrawCommand(.text(TextDraw("hi", x: 0, y: 0)), layer: 0)])
    #expect(frame.spriteIDs == [.background, .font, SpriteID("zap")])
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
