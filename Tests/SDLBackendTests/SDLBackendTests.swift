import Foundation
import Frames
import HeadlessRenderer
import Imaging
import Testing

@testable import SDLBackend

/// Every SDL test, run one at a time: SDL's global state is not thread-safe, and tests running
/// in parallel crash it.
@Suite(.serialized)
struct SDLBackendTests {
  @Test func creatingASessionWindowRendererAndBackendWorks() throws {
    let fixture = try Fixture(width: 320, height: 200)
    #expect(fixture.session.videoDriver == "dummy")
    #expect(fixture.renderer.isSoftware)
    #expect(fixture.renderer.name == "software")
    #expect(fixture.renderer.outputSize == (320, 200))
    #expect(fixture.window.pixelSize == (320, 200))
    #expect(fixture.backend.width == 320)
    #expect(fixture.backend.height == 200)
    #expect(SDLBackend.letterboxColor == HeadlessBackend.letterboxColor)
  }

  @Test func aPlaceholderForAMissingSpriteLooksAsTheHeadlessBackendDrawsIt() throws {
    let session = try SDLSession(videoDriver: "dummy")
    let window = try Window(session: session, title: "test", width: 96, height: 48, hidden: true)
    let renderer = try Renderer(window: window, software: true)
    let ghost = SpriteID("ghost")
    let library = try SpriteLibrary.load(from: spritesDirectory, sprites: [ghost, .font])
    #expect(library.placeholders == [ghost])
    let backend = try SDLBackend(renderer: renderer, sprites: library)
    var headless = HeadlessBackend(width: 96, height: 48, sprites: library)
    let placements = [
      SpritePlacement(centreX: 24, centreY: 24, width: 32, height: 32),
      SpritePlacement(
        centreX: 72, centreY: 24, width: 32, height: 32, isMirrored: true,
        tint: Color(red: 240, green: 110, blue: 100)),
    ]
    try backend.beginFrame(clearingTo: .black)
    headless.beginFrame(clearingTo: .black)
    for placement in placements {
      backend.drawSprite(ghost, source: nil, placement: placement)
      headless.drawSprite(ghost, source: nil, placement: placement)
    }
    try backend.endFrame()
    let difference = Difference(try backend.screenshot(), headless.image)
    // Same texels at whole pixels; only SDL's tinting truncates where the headless rounds.
    #expect(difference.largest <= 2, "\(difference)")
    #expect(headless.image[x: 24, y: 24] != RGBA(r: 0, g: 0, b: 0), "the placeholder is drawn")
  }

  @Test func theBackendKeepsItsRendererWindowAndSessionAlive() throws {
    func makeBackend() throws -> SDLBackend {
      let session = try SDLSession(videoDriver: "dummy")
      let window = try Window(
        session: session, title: "test", width: 64, height: 48, hidden: true)
      return try SDLBackend(
        renderer: try Renderer(window: window, software: true), sprites: try shippedLibrary())
    }
    let backend = try makeBackend()
    try backend.render(Frame(tick: 0, worldWidth: 64, worldHeight: 48, background: .background))
    let image = try backend.screenshot()
    #expect(image.width == 64 && image.height == 48)
  }

  // MARK: - Same pixels as the headless backend

  @Test func aRichFrameLooksAlmostTheSameAsTheHeadlessBackends() throws {
    let frame = richFrame()
    let fixture = try Fixture(width: 640, height: 360)
    let difference = Difference(
      try fixture.image(of: frame), try headlessImage(of: frame, width: 640, height: 360))
    // They cannot agree exactly. SDL draws each axis-aligned quad as a blit onto whole pixels
    // (the same pixels the headless backend covers) but steps through the texels from that
    // whole-pixel rectangle, where the headless backend steps from the exact one, so a scaled
    // sprite or background picks a neighbouring texel in some rows and columns. Rotated
    // sprites go through SDL's triangle rasterizer, which works from corners on whole pixels.
    // SDL's blending truncates where the headless backend rounds (at most 2 apart).
    // Measured with SDL 2.26.5: mean 2.28, 3.33% of pixels.
    #expect(difference.meanPerChannel < 3, "\(difference)")
    #expect(difference.differingShare < 0.045, "\(difference)")
  }

  @Test func anExactlyRepresentableFrameLooksTheSameAsTheHeadlessBackends() throws {
    let frame = exactFrame(width: 640, height: 360)
    let fixture = try Fixture(width: 640, height: 360)
    let difference = Difference(
      try fixture.image(of: frame), try headlessImage(of: frame, width: 640, height: 360))
    // Every shape covers the same pixels and samples the same texels. Only SDL's colour
    // arithmetic differs: tinting and blending truncate where the headless backend rounds.
    // Measured with SDL 2.26.5: mean 0.047, largest difference 2.
    #expect(difference.largest <= 2, "\(difference)")
    #expect(difference.meanPerChannel < 0.1, "\(difference)")
  }

  @Test(arguments: [
    SpriteDraw(sprite: .background, x: 300, y: 200, width: 6400, height: 3600),
    SpriteDraw(
      sprite: SpriteID("zap"), x: 300, y: 200, width: 6400, height: 6400, isMirrored: true),
    SpriteDraw(sprite: SpriteID("zap"), x: 300, y: 200, width: 6400, height: 6400, rotation: 0.3),
    SpriteDraw(sprite: .background, x: 300, y: 200, width: 1600, height: 900, rotation: 0.3),
  ])
  func spritesFarLargerThanTheScreenLookAlmostTheSame(_ sprite: SpriteDraw) throws {
    // SDL's software renderer needs such sprites cut into pieces: whole, they would need
    // gigabytes of scratch memory, or overflow its triangle arithmetic and draw garbage.
    let frame = Frame(
      tick: 0, worldWidth: 640, worldHeight: 360, world: [DrawCommand(.sprite(sprite), layer: 0)])
    let fixture = try Fixture(width: 640, height: 360)
    let difference = Difference(
      try fixture.image(of: frame), try headlessImage(of: frame, width: 640, height: 360))
    // Measured: at most mean 1.34 and 0.57%, where texel edges fall a pixel apart.
    #expect(difference.meanPerChannel < 2, "\(difference)")
    #expect(difference.differingShare < 0.01, "\(difference)")
  }

  @Test func aRectangleMillionsOfPixelsWideFillsTheScreen() throws {
    let frame = Frame(
      tick: 0, worldWidth: 640, worldHeight: 360,
      world: [
        DrawCommand(
          .rect(RectDraw(x: -1e7, y: -1e7, width: 2e7, height: 2e7, color: .white)), layer: 0)
      ])
    let image = try Fixture(width: 64, height: 36).image(of: frame)
    #expect(image.pixels.allSatisfy { $0 == 255 })
  }

  // MARK: - Batching

  @Test func fiveThousandSpritesTakeOneGeometryCall() throws {
    var builder = FrameBuilder()
    let names = ["quirk", "zap", "munch", "laser", "cannonball"]
    for index in 0..<5_000 {
      builder.draw(
        .sprite(
          SpriteDraw(
            sprite: SpriteID(names[index % names.count]), x: Float(index * 37 % 640),
            y: Float(index * 53 % 360), width: 24, height: 24,
            rotation: index % 7 == 0 ? 0.5 : 0, isMirrored: index % 2 == 0,
            tint: Color(red: 255, green: 125, blue: 105))),
        layer: 1)
    }
    builder.drawOverlay(.text(TextDraw("5000 sprites", x: 10, y: 10)))
    builder.drawOverlay(.line(LineDraw(x0: 0, y0: 0, x1: 1280, y1: 720, color: .white)))
    let fixture = try Fixture(width: 640, height: 360)
    try fixture.backend.render(
      builder.frame(tick: 0, worldWidth: 640, worldHeight: 360, background: .background))
    #expect(fixture.backend.lastFrameGeometryCalls == 1)
  }

  @Test func anEmptyFrameMakesNoGeometryCalls() throws {
    let fixture = try Fixture(width: 64, height: 64)
    let image = try fixture.image(of: Frame(tick: 0, worldWidth: 10, worldHeight: 10))
    #expect(fixture.backend.lastFrameGeometryCalls == 0)
    #expect(image[x: 5, y: 5] == RGBA(r: 18, g: 20, b: 26))
  }

  // MARK: - Drawing primitives

  @Test func partsOfSpritesMirroredOrNotShowTheHeadlessBackendsTexels() throws {
    let fixture = try Fixture(width: 64, height: 32)
    let library = try shippedLibrary()
    var headless = HeadlessBackend(width: 64, height: 32, sprites: library)
    let parts: [(SpriteID, TexelRect?, SpritePlacement)] = [
      (
        .font, FontSheet.cell(for: "R"),
        SpritePlacement(centreX: 8, centreY: 8, width: 16, height: 16)
      ),
      (
        .font, FontSheet.cell(for: "R"),
        SpritePlacement(centreX: 24, centreY: 8, width: 16, height: 16, isMirrored: true)
      ),
      (
        SpriteID("quirk"), TexelRect(x: 2, y: 3, width: 9, height: 5),
        SpritePlacement(centreX: 44, centreY: 16, width: 18, height: 10, isMirrored: true)
      ),
      (
        SpriteID("zap"), TexelRect(x: 4, y: 0, width: 40, height: 4),
        SpritePlacement(centreX: 32, centreY: 28, width: 8, height: 8)
      ),
    ]
    try fixture.backend.beginFrame(clearingTo: .black)
    headless.beginFrame(clearingTo: .black)
    for (sprite, source, placement) in parts {
      fixture.backend.drawSprite(sprite, source: source, placement: placement)
      headless.drawSprite(sprite, source: source, placement: placement)
    }
    try fixture.backend.endFrame()
    #expect(fixture.backend.lastFrameGeometryCalls == 1)
    let difference = Difference(try fixture.backend.screenshot(), headless.image)
    // Opaque texels at whole multiples of their size; the last part lies outside its sprite.
    #expect(difference.largest == 0, "\(difference)")
  }

  // MARK: - Resizing

  @Test func aRasterizedWorldIsTheHeadlessBackendsPictureUnderSDLsOverlay() throws {
    // The world (letterbox, background, sprites, dots) comes from the pure-Swift rasterizer
    // pixel for pixel; only the overlay is drawn by SDL.
    let fixture = try Fixture(width: 640, height: 360, rasterizesWorld: true)
    var frame = richFrame()
    frame.world.append(
      DrawCommand(
        .sprite(
          SpriteDraw(
            sprite: SpriteID("quirk"), x: 700, y: 300, width: 2, height: 2,
            dot: Color(red: 200, green: 10, blue: 10))), layer: 5))
    for size in [(640, 360), (400, 400)] {
      if size.0 != fixture.backend.width {
        fixture.window.resize(width: size.0, height: size.1)
        _ = fixture.session.pollEvents()
      }
      let shown = try fixture.image(of: frame)
      let expected = try headlessImage(of: frame, width: size.0, height: size.1)
      var worldOnly = frame
      worldOnly.overlay = []
      #expect(
        try fixture.image(of: worldOnly)
          == headlessImage(of: worldOnly, width: size.0, height: size.1))
      // The overlay goes through SDL's quads, as in the rich frame test above.
      let difference = Difference(shown, expected)
      #expect(difference.meanPerChannel < 3, "\(difference)")
      #expect(difference.differingShare < 0.045, "\(difference)")
      #expect(fixture.backend.lastFrameGeometryCalls <= 1)
    }
  }

  @Test func aRasterizedWorldUploadsOnlyWhatChangedAndStillShowsTheWholePicture() throws {
    // Frames over the same background restore and upload only the tiles drawn on: a sprite
    // that moves away must leave no trace in the window.
    let fixture = try Fixture(width: 640, height: 360, rasterizesWorld: true)
    for step in 0..<6 {
      let x = Float(60 + step * 90)
      let frame = Frame(
        tick: UInt64(step), worldWidth: 640, worldHeight: 360, background: .background,
        world: [
          DrawCommand(
            .sprite(SpriteDraw(sprite: SpriteID("munch"), x: x, y: 180, width: 43, height: 43)),
            layer: 2),
          DrawCommand(
            .line(LineDraw(x0: 0, y0: Float(step * 50), x1: 639, y1: 300, color: .white)),
            layer: 3),
        ])
      #expect(
        try fixture.image(of: frame) == headlessImage(of: frame, width: 640, height: 360),
        "frame \(step)")
    }
  }

  @Test func resizingTheWindowChangesTheOutputSizeAndTheLetterbox() throws {
    let fixture = try Fixture(width: 640, height: 360)
    let frame = Frame(tick: 0, worldWidth: 640, worldHeight: 360, background: .background)
    let wide = try fixture.image(of: frame)
    // 16:9 world in a 16:9 output: no bars.
    #expect(wide[x: 320, y: 2] != RGBA(r: 18, g: 20, b: 26))

    fixture.window.resize(width: 400, height: 400)
    #expect(fixture.session.pollEvents().contains(.resized(width: 400, height: 400)))
    #expect(fixture.backend.width == 400)
    #expect(fixture.backend.height == 400)
    let square = try fixture.image(of: frame)
    #expect(square.width == 400 && square.height == 400)
    // Now scaled to 400x225 with bars of 87.5 pixels above and below.
    #expect(square[x: 200, y: 80] == RGBA(r: 18, g: 20, b: 26))
    #expect(square[x: 200, y: 320] == RGBA(r: 18, g: 20, b: 26))
    #expect(square[x: 200, y: 200] != RGBA(r: 18, g: 20, b: 26))
    // The background is stretched by 1.25 from a half-pixel offset, so SDL's texel stepping
    // (see the rich frame test) picks a neighbouring row in places: measured mean 0.81, 4.26%.
    let difference = Difference(square, try headlessImage(of: frame, width: 400, height: 400))
    #expect(difference.meanPerChannel < 1.2, "\(difference)")
    #expect(difference.differingShare < 0.06, "\(difference)")
  }
}
