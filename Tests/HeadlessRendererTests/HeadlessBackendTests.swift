import Frames
import HeadlessRenderer
import Imaging
import Testing

/// A 4x4 sprite whose columns are red, green, blue, white; the last row is half transparent.
func stripes() -> Image {
  var image = Image(width: 4, height: 4)
  let colours = [
    RGBA(r: 255, g: 0, b: 0), RGBA(r: 0, g: 255, b: 0), RGBA(r: 0, g: 0, b: 255),
    RGBA(r: 255, g: 255, b: 255),
  ]
  for y in 0..<4 {
    for x in 0..<4 {
      var colour = colours[x]
      if y == 3 { colour.a = 128 }
      image[x: x, y: y] = colour
    }
  }
  return image
}

/// A font sheet whose every glyph is a solid 8x8 block, except space which is empty.
func blockFont() -> Image {
  var image = Image(width: 128, height: 48)
  for glyph in 1..<96 {
    for y in 0..<8 {
      for x in 0..<8 {
        image[x: glyph % 16 * 8 + x, y: glyph / 16 * 8 + y] = .white
      }
    }
  }
  return image
}

func library() throws -> SpriteLibrary {
  try SpriteLibrary(images: [SpriteID("stripes"): stripes(), .font: blockFont()])
}

/// Renders world commands on a black 1:1 world of the output's size.
func render(
  _ shapes: [DrawCommand.Shape], width: Int = 16, height: Int = 16,
  overlay: [DrawCommand.Shape] = []
) throws -> Image {
  var backend = HeadlessBackend(width: width, height: height, sprites: try library())
  backend.render(
    Frame(
      tick: 0, worldWidth: Float(width), worldHeight: Float(height),
      world: [
        DrawCommand(
          .rect(
            RectDraw(
              x: 0, y: 0, width: Float(width), height: Float(height), color: .black)), layer: -1)
      ]
        + shapes.map { DrawCommand($0, layer: 0) },
      overlay: overlay.map { DrawCommand($0, layer: 0) }))
  return backend.image
}

func stripesAt(x: Float, y: Float, size: Float = 4, mirrored: Bool = false, tint: Color = .white)
  -> DrawCommand.Shape
{
  .sprite(
    SpriteDraw(
      sprite: SpriteID("stripes"), x: x, y: y, width: size, height: size, isMirrored: mirrored,
      tint: tint))
}

let red = RGBA(r: 255, g: 0, b: 0)
let green = RGBA(r: 0, g: 255, b: 0)
let blue = RGBA(r: 0, g: 0, b: 255)
let white = RGBA.white
let black = RGBA.black

@Suite("Headless rasterizer")
struct HeadlessBackendTests {
  @Test("a sprite at 1:1 lands pixel for pixel, its half-transparent row blended")
  func exactBlit() throws {
    let image = try render([stripesAt(x: 6, y: 6)])
    #expect(image[x: 4, y: 4] == red)
    #expect(image[x: 5, y: 4] == green)
    #expect(image[x: 6, y: 6] == blue)
    #expect(image[x: 7, y: 6] == white)
    // Alpha 128 over black: (255 * 128 + 0 * 127 + 127) / 255 = 128.
    #expect(image[x: 4, y: 7] == RGBA(r: 128, g: 0, b: 0))
    #expect(image[x: 7, y: 7] == RGBA(r: 128, g: 128, b: 128))
    #expect(image[x: 3, y: 4] == black)
    #expect(image[x: 8, y: 4] == black)
    #expect(image[x: 4, y: 8] == black)
  }

  @Test("alpha blending over a coloured pixel rounds per channel")
  func blendArithmetic() throws {
    let background = DrawCommand.Shape.rect(
      RectDraw(x: 0, y: 0, width: 16, height: 16, color: Color(red: 100, green: 200, blue: 40)))
    let veil = DrawCommand.Shape.rect(
      RectDraw(
        x: 0, y: 0, width: 16, height: 16,
        color: Color(red: 200, green: 10, blue: 255, alpha: 64)))
    let image = try render([background, veil])
    // (200*64 + 100*191 + 127) / 255 = 125; (10*64 + 200*191 + 127)/255 = 152;
    // (255*64 + 40*191 + 127) / 255 = 94.
    #expect(image[x: 3, y: 3] == RGBA(r: 125, g: 152, b: 94))
  }

  @Test("a tint multiplies colours and alpha")
  func tint() throws {
    let image = try render([
      stripesAt(x: 6, y: 6, tint: Color(red: 255, green: 128, blue: 0, alpha: 255))
    ])
    #expect(image[x: 7, y: 4] == RGBA(r: 255, g: 128, b: 0))
    let faded = try render([stripesAt(x: 6, y: 6, tint: Color.white.withAlpha(51))])
    // White at alpha 51 over black: (255 * 51 + 127) / 255 = 51.
    #expect(faded[x: 7, y: 4] == RGBA(r: 51, g: 51, b: 51))
  }

  @Test("scaling up repeats texels (nearest neighbour); mirroring reverses columns")
  func scaling() throws {
    let image = try render([stripesAt(x: 8, y: 8, size: 8)])
    #expect(image[x: 4, y: 4] == red)
    #expect(image[x: 5, y: 5] == red)
    #expect(image[x: 6, y: 4] == green)
    #expect(image[x: 11, y: 4] == white)
    let mirrored = try render([stripesAt(x: 8, y: 8, size: 8, mirrored: true)])
    #expect(mirrored[x: 4, y: 4] == white)
    #expect(mirrored[x: 11, y: 4] == red)
    let shrunk = try render([stripesAt(x: 8, y: 8, size: 2)])
    // Pixel centres 7.5 and 8.5 sample texels 1 (green) and 3 (white).
    #expect(shrunk[x: 7, y: 7] == green)
    #expect(shrunk[x: 8, y: 7] == white)
  }

  @Test(
    "sprites clip at every edge",
    arguments: [
      (Float(0), Float(8), [(0, 6, blue), (1, 6, white)]),  // left: red and green cut off
      (Float(16), Float(8), [(14, 6, red), (15, 6, green)]),  // right
      (Float(8), Float(0), [(6, 0, red), (6, 1, RGBA(r: 128, g: 0, b: 0))]),  // top: last rows
      (Float(8), Float(16), [(6, 14, red), (6, 15, red)]),  // bottom
    ] as [(Float, Float, [(Int, Int, RGBA)])])
  func clipping(x: Float, y: Float, expected: [(Int, Int, RGBA)]) throws {
    let image = try render([stripesAt(x: x, y: y)])
    for (px, py, colour) in expected {
      #expect(image[x: px, y: py] == colour, "pixel \(px),\(py)")
    }
  }

  @Test("sprites, rects, lines and text fully off screen draw nothing and do not crash")
  func offScreen() throws {
    let empty = try render([])
    let shapes: [DrawCommand.Shape] = [
      stripesAt(x: -100, y: 8), stripesAt(x: 8, y: 1e9), stripesAt(x: .nan, y: 8),
      stripesAt(x: 8, y: 8, size: .infinity),
      .rect(RectDraw(x: 20, y: 20, width: 5, height: 5, color: .white)),
      .rect(RectDraw(x: -1e30, y: -1e30, width: 5, height: 5, color: .white, isFilled: false)),
      .line(LineDraw(x0: -50, y0: -50, x1: -10, y1: 100, color: .white)),
      .line(LineDraw(x0: .nan, y0: 0, x1: 3, y1: 3, color: .white)),
      .text(TextDraw("off", x: 100, y: 100, size: 8)),
      .healthBar(HealthBarDraw(x: -100, y: -100, width: 10, height: 2, fraction: 0.5)),
    ]
    #expect(try render(shapes) == empty)
  }

  @Test("a line is drawn pixel for pixel and clipped")
  func lines() throws {
    let image = try render([.line(LineDraw(x0: -4.5, y0: 2.5, x1: 20.5, y1: 2.5, color: .white))])
    for x in 0..<16 { #expect(image[x: x, y: 2] == white) }
    #expect(image[x: 3, y: 3] == black)
    let diagonal = try render([.line(LineDraw(x0: 0.5, y0: 0.5, x1: 5.5, y1: 5.5, color: .white))])
    for step in 0...5 { #expect(diagonal[x: step, y: step] == white) }
    #expect(diagonal[x: 6, y: 6] == black)
    #expect(diagonal[x: 1, y: 0] == black)
  }

  @Test("outlined rects draw their border only")
  func outline() throws {
    let image = try render([
      .rect(RectDraw(x: 2, y: 2, width: 5, height: 4, color: .white, isFilled: false))
    ])
    #expect(image[x: 2, y: 2] == white)
    #expect(image[x: 6, y: 5] == white)
    #expect(image[x: 4, y: 2] == white)
    #expect(image[x: 2, y: 4] == white)
    #expect(image[x: 4, y: 4] == black)
    #expect(image[x: 7, y: 2] == black)
  }

  @Test("text draws one glyph cell per character, scaled, skipping spaces")
  func text() throws {
    let image = try render(
      [], width: 64, height: 36,
      overlay: [.text(TextDraw("A B", x: 0, y: 0, size: 40, color: .white))])
    // The overlay canvas is 1280x720; at 64x36 the scale is 1/20, so each glyph is 2x2 px.
    #expect(image[x: 0, y: 0] == white)
    #expect(image[x: 1, y: 1] == white)
    #expect(image[x: 2, y: 0] == black)
    #expect(image[x: 3, y: 1] == black)
    #expect(image[x: 4, y: 0] == white)
    #expect(image[x: 0, y: 2] == black)
  }

  @Test("a quarter turn rotates the sprite clockwise")
  func rotation() throws {
    let image = try render([
      .sprite(
        SpriteDraw(
          sprite: SpriteID("stripes"), x: 8, y: 8, width: 4, height: 4, rotation: .pi / 2))
    ])
    // Turned clockwise, the leftmost (red) column becomes the top row, and the sprite's
    // half-transparent bottom row becomes the left column.
    for x in 7..<10 { #expect(image[x: x, y: 6] == red, "pixel \(x),6") }
    for x in 7..<10 { #expect(image[x: x, y: 9] == white, "pixel \(x),9") }
    #expect(image[x: 6, y: 6] == RGBA(r: 128, g: 0, b: 0))
    #expect(image[x: 6, y: 9] == RGBA(r: 128, g: 128, b: 128))
  }

  @Test("an unknown sprite draws as a magenta box instead of failing")
  func unknownSprite() throws {
    let image = try render([
      .sprite(SpriteDraw(sprite: SpriteID("ghost"), x: 8, y: 8, width: 2, height: 2))
    ])
    #expect(image[x: 7, y: 7] == RGBA(r: 255, g: 0, b: 255))
  }

  @Test("a part of a sprite is stretched over the placement, and mirrored within itself")
  func spritePart() throws {
    let part = TexelRect(x: 1, y: 0, width: 2, height: 2)  // Green, then blue.
    for (isMirrored, left, right) in [(false, green, blue), (true, blue, green)] {
      var backend = HeadlessBackend(width: 8, height: 8, sprites: try library())
      backend.beginFrame(clearingTo: .black)
      backend.drawSprite(
        SpriteID("stripes"), source: part,
        placement: SpritePlacement(
          centreX: 4, centreY: 4, width: 4, height: 2, isMirrored: isMirrored))
      let image = backend.image
      #expect(image[x: 2, y: 3] == left && image[x: 3, y: 4] == left, "mirrored: \(isMirrored)")
      #expect(image[x: 4, y: 3] == right && image[x: 5, y: 4] == right, "mirrored: \(isMirrored)")
      #expect(image[x: 1, y: 3] == black && image[x: 6, y: 3] == black)
    }
  }

  @Test("a part reaching outside the sprite, or an unknown sprite, draws nothing")
  func badSpritePart() throws {
    var backend = HeadlessBackend(width: 8, height: 8, sprites: try library())
    backend.beginFrame(clearingTo: .black)
    let placement = SpritePlacement(centreX: 4, centreY: 4, width: 8, height: 8)
    for part in [
      TexelRect(x: 3, y: 0, width: 2, height: 2), TexelRect(x: -1, y: 0, width: 2, height: 2),
      TexelRect(x: 0, y: 0, width: 0, height: 2),
    ] {
      backend.drawSprite(SpriteID("stripes"), source: part, placement: placement)
    }
    backend.drawSprite(SpriteID("ghost"), source: nil, placement: placement)
    #expect(backend.image.pixels == Image(width: 8, height: 8, fill: .black).pixels)
  }

  @Test("frames after the first reuse the backdrop and still match a fresh backend's pictures")
  func backdropReuse() throws {
    var background = Image(width: 3, height: 2)
    for y in 0..<2 {
      for x in 0..<3 { background[x: x, y: y] = RGBA(r: UInt8(x * 90), g: UInt8(y * 200), b: 40) }
    }
    let sprites = try SpriteLibrary(images: [
      .background: background, SpriteID("stripes"): stripes(),
    ])
    func frame(_ x: Float, camera: Camera? = nil, worldWidth: Float = 32) -> Frame {
      var frame = Frame(
        tick: 0, worldWidth: worldWidth, worldHeight: 16, background: .background,
        world: [
          DrawCommand(
            .sprite(SpriteDraw(sprite: SpriteID("stripes"), x: x, y: 8, width: 4, height: 4)),
            layer: 0)
        ])
      frame.camera = camera
      return frame
    }
    // The backdrop is kept from the second frame sharing it, and reused from the third.
    let zoomed = Camera(centreX: 8, centreY: 8, zoom: 2)
    let frames = [
      frame(4), frame(20), frame(12), frame(2), frame(20, camera: zoomed),
      frame(12, camera: zoomed), frame(3, camera: zoomed), frame(12), frame(12, worldWidth: 48),
      frame(6),
    ]
    var reused = HeadlessBackend(width: 40, height: 24, sprites: sprites)
    for shown in frames {
      reused.render(shown)
      var fresh = HeadlessBackend(width: 40, height: 24, sprites: sprites)
      fresh.render(shown)
      #expect(reused.image == fresh.image)
      #expect(reused.withPixelBytes { Array($0) } == fresh.image.pixels)
    }
  }
}

@Suite("Drawing a frame in bands on several threads")
struct BandedDrawingTests {
  /// A battle-like frame over several bands: thousands of instances of three kinds, small
  /// ones drawn as dots, turned and mirrored ones, bars, world commands between the layers
  /// and an overlay, seen through a camera that cuts some off at the edges.
  static func scene(tick: UInt64, shift: Float, camera: Camera?) -> Frame {
    // A fixed sequence, so every run draws the same scene.
    var state: UInt64 = 7
    func next(in range: ClosedRange<Float>) -> Float {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return range.lowerBound + Float(state >> 40) / Float(1 << 24)
        * (range.upperBound - range.lowerBound)
    }
    var instances = FrameInstances()
    for (kind, name) in ["castle", "quirk", "laser"].enumerated() {
      let count = kind == 0 ? 2 : 3_000
      let entities = (0..<count).map { UInt64(kind * 10_000 + $0 + 1) }
        .filter { ($0 + tick) % 13 != 0 }
      let placed = entities.map { entity in
        SpriteInstance(
          kind: 0, x: next(in: -20...660) + shift,
          y: next(in: -20...380), width: kind == 0 ? 60 : Float(entity % 9 + 2),
          height: kind == 2 ? 3 : kind == 0 ? 80 : Float(entity % 9 + 2),
          rotation: kind == 2 ? next(in: -3...3) + shift / 10 : 0,
          isMirrored: entity % 2 == 0,
          tint: entity % 2 == 0
            ? Color(red: 120, green: 175, blue: 255)
            : Color(red: 255, green: 125, blue: 105, alpha: 200),
          healthFraction: Float(entity % 5) / 4)
      }
      instances.appendKind(
        sprite: SpriteID(name), layer: kind + 1, healthBarLayer: 90, showsDot: kind != 0,
        instances: placed, entities: entities.map { AnyEntityID(rawValue: $0) },
        bars: placed.indices.filter { $0 % 3 == 0 }.map { place in
          let owner = placed[place]
          return (
            place,
            HealthBarDraw(
              x: owner.x, y: owner.y - 9, width: 14, height: 3, fraction: Float(place % 7) / 7)
          )
        })
    }
    var frame = Frame(
      tick: tick, worldWidth: 640, worldHeight: 360, background: .background,
      instances: instances,
      world: [
        DrawCommand(
          .rect(RectDraw(x: 100, y: 100, width: 300, height: 100, color: .white.withAlpha(90))),
          layer: 2),
        DrawCommand(.line(LineDraw(x0: 0, y0: 0, x1: 640, y1: 360, color: .white)), layer: 95),
      ],
      overlay: [DrawCommand(.text(TextDraw("bands", x: 20, y: 20, size: 48)), layer: 0)])
    frame.camera = camera
    return frame
  }

  @Test(
    "every thread count draws the same pixels, between ticks too",
    arguments: [nil, Camera(centreX: 300, centreY: 200, zoom: 3)])
  func sameForAnyThreadCount(camera: Camera?) throws {
    let sprites = try SpriteLibrary.load(from: shippedSprites, sprites: gameSprites)
    let earlier = Self.scene(tick: 1, shift: 0, camera: camera)
    let later = Self.scene(tick: 2, shift: 4, camera: camera)
    #expect(later.instances.count > HeadlessBackend.bandedInstanceCount)
    var pictures: [Image] = []
    for threads in [1, 2, 3, 8] {
      var backend = HeadlessBackend(width: 320, height: 180, sprites: sprites)
      backend.threads = threads
      backend.render(earlier)
      var frame: [Image] = [backend.image]
      for alpha: Float in [0.3, 1] {
        backend.render(later, interpolatingFrom: earlier, alpha: alpha)
        frame.append(backend.image)
      }
      pictures.append(contentsOf: frame)
      if threads == 1 {
        // One band: what any backend's shared walk draws, primitive by primitive.
        var walked = HeadlessBackend(width: 320, height: 180, sprites: sprites)
        walked.threads = 1
        walked.drawFrame(
          later, pairedWith: InstancePairing(from: earlier.instances, to: later.instances),
          alpha: 0.3)
        let same = walked.image == frame[1]
        #expect(same, "one band, and the shared walk")
      }
    }
    // Compared as Booleans: a failure names the picture, not its million bytes.
    for (index, picture) in pictures.enumerated() {
      let same = picture == pictures[index % 3]
      #expect(same, "picture \(index % 3) on \([1, 2, 3, 8][index / 3]) threads")
    }
    let moved = pictures[1] != pictures[2]
    #expect(moved, "the picture between the ticks is neither end's")
  }
}
