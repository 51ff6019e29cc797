import Foundation
import Frames
import HeadlessRenderer
import Imaging
import SDLBackend
import Testing

/// An OpenGL window for one test: SDL's offscreen video driver (no display needed; Mesa's EGL
/// gives it OpenGL), a hidden window and the GPU renderer.
struct OpenGLFixture {
  let session: SDLSession
  let window: Window
  let backend: OpenGLBackend

  init(width: Int, height: Int) throws {
    session = try SDLSession(videoDriver: "offscreen")
    window = try Window(
      session: session, title: "test", width: width, height: height, hidden: true,
      openGL: true)
    backend = try OpenGLBackend(window: window, sprites: try shippedLibrary())
  }

  /// Renders `frame` (moved `alpha` of the way from the pairing's earlier frame) and reads it
  /// back.
  func image(of frame: Frame, pairedWith pairing: InstancePairing? = nil, alpha: Float = 1)
    throws -> Image
  {
    try backend.render(frame, pairedWith: pairing, alpha: alpha)
    return try backend.screenshot()
  }
}

/// A battle-like frame of instances of every shipped unit sprite: sizes from dots to large
/// sprites, turned and mirrored ones, translucent tints, health bars, a kind without a sprite,
/// and commands between the layers.
func instancedFrame(tick: UInt64, shift: Float, camera: Camera? = nil) -> Frame {
  var state: UInt64 = 99
  func next(_ range: ClosedRange<Float>) -> Float {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return range.lowerBound + Float(state >> 40) / Float(1 << 24)
      * (range.upperBound - range.lowerBound)
  }
  var instances = FrameInstances()
  let kinds = ["castle", "quirk", "zap", "munch", "laser", "cannonball", "unknown"]
  for (kindIndex, name) in kinds.enumerated() {
    let count = kindIndex == 0 ? 2 : 300
    let entities = (0..<count).map { UInt64(kindIndex * 1_000 + $0 + 1) }
      .filter { ($0 + tick) % 11 != 0 }
    let placed = entities.map { entity in
      let size = kindIndex == 0 ? 70 : Float(entity % 23) + 2
      return SpriteInstance(
        kind: 0, x: next(-10...650) + shift, y: next(-10...370), width: size,
        height: kindIndex == 4 ? size / 3 : size,
        rotation: kindIndex == 4 || entity % 7 == 0 ? next(-3...3) + shift / 20 : 0,
        isMirrored: entity % 2 == 0,
        tint: entity % 3 == 0
          ? .white
          : entity % 3 == 1
            ? Color(red: 120, green: 175, blue: 255)
            : Color(red: 255, green: 125, blue: 105, alpha: 200),
        healthFraction: Float(entity % 9) / 8)
    }
    instances.appendKind(
      sprite: SpriteID(name), layer: kindIndex == 0 ? 1 : kindIndex >= 4 ? 3 : 2,
      showsDot: kindIndex != 0, instances: placed,
      entities: entities.map { AnyEntityID(rawValue: $0) },
      bars: placed.indices.filter { $0 % 4 == 0 }.map { place in
        let owner = placed[place]
        return (
          place,
          HealthBarDraw(
            x: owner.x, y: owner.y - 12, width: 18, height: 3, fraction: Float(place % 5) / 4)
        )
      })
  }
  var frame = Frame(
    tick: tick, worldWidth: 640, worldHeight: 360, background: .background,
    instances: instances,
    world: [
      DrawCommand(
        .rect(RectDraw(x: 100, y: 100, width: 200, height: 80, color: .white.withAlpha(90))),
        layer: 2),
      DrawCommand(.line(LineDraw(x0: 0, y0: 0, x1: 640, y1: 360, color: .white)), layer: 95),
    ],
    overlay: [
      DrawCommand(.text(TextDraw("GPU 0123", x: 20, y: 20, size: 48)), layer: 0),
      DrawCommand(
        .rect(RectDraw(x: 900, y: 600, width: 300, height: 80, color: .black.withAlpha(128))),
        layer: 0),
    ])
  frame.camera = camera
  return frame
}

/// The rasterizer's picture of `frame`, moved `alpha` of the way from the pairing's earlier
/// frame.
func headlessImage(
  of frame: Frame, pairedWith pairing: InstancePairing?, alpha: Float, width: Int, height: Int
) throws -> Image {
  var backend = HeadlessBackend(width: width, height: height, sprites: try shippedLibrary())
  backend.render(frame, pairedWith: pairing, alpha: alpha)
  return backend.image
}

extension SDLBackendTests {
  /// The GPU renderer's tests, run one at a time with the other SDL tests.
  @Suite("OpenGL: the instanced GPU renderer")
  struct OpenGLBackendTests {
    @Test(
      "instances, bars, dots and commands look as the rasterizer draws them",
      arguments: [nil, Camera(centreX: 300, centreY: 180, zoom: 4)])
    func sameAsTheRasterizer(camera: Camera?) throws {
      let fixture = try OpenGLFixture(width: 640, height: 360)
      let frame = instancedFrame(tick: 2, shift: 0, camera: camera)
      let difference = Difference(
        try fixture.image(of: frame),
        try headlessImage(of: frame, pairedWith: nil, alpha: 1, width: 640, height: 360))
      // Shapes cover the rasterizer's pixels and sample its texels, and colours are worked out
      // in integers; what differs is the GPU's blending (a level at most) and a float's last
      // bit where it fuses a multiply and an add. Measured with Mesa's llvmpipe: mean 0.033
      // and 0.030, largest difference 2.
      #expect(difference.differingShare < 0.001, "\(difference)")
      #expect(difference.meanPerChannel < 0.1, "\(difference)")
    }

    @Test("between two ticks the GPU moves instances and bars as the rasterizer does")
    func betweenTicks() throws {
      let fixture = try OpenGLFixture(width: 640, height: 360)
      let earlier = instancedFrame(tick: 1, shift: 0)
      let later = instancedFrame(tick: 2, shift: 6)
      let pairing = InstancePairing(from: earlier.instances, to: later.instances)
      // The earlier frame drawn first, as a window does, then the later one between them.
      _ = try fixture.image(of: earlier)
      for alpha: Float in [0.25, 0.5, 1] {
        let difference = Difference(
          try fixture.image(of: later, pairedWith: pairing, alpha: alpha),
          try headlessImage(of: later, pairedWith: pairing, alpha: alpha, width: 640, height: 360))
        #expect(difference.differingShare < 0.002, "alpha \(alpha): \(difference)")
      }
    }

    @Test("a frame drawn again uploads nothing, and the software path shows the rasterizer's world")
    func softwarePath() throws {
      let fixture = try OpenGLFixture(width: 320, height: 180)
      let frame = instancedFrame(tick: 3, shift: 2)
      _ = try fixture.image(of: frame)
      try fixture.backend.render(frame)
      // Only the commands' quads go to the GPU again.
      #expect(fixture.backend.lastFrameCost.uploadedBytes == 0)
      #expect(fixture.backend.lastFrameCost.quadBytes > 0)
      fixture.backend.drawsWorldOnCPU = true
      fixture.backend.rasterizerThreads = 2
      let difference = Difference(
        try fixture.image(of: frame),
        try headlessImage(of: frame, pairedWith: nil, alpha: 1, width: 320, height: 180))
      // The world is the rasterizer's own pixels; only the overlay is drawn by the GPU.
      #expect(difference.differingShare < 0.002, "\(difference)")
    }
  }
}
