import Frames
import Testing

@testable import SDLBackend

@Suite("Windows: choosing the renderer and mapping the mouse")
struct RendererChoiceTests {
  static let llvmpipe = OpenGLProbe.Implementation(
    renderer: "llvmpipe (LLVM 15.0.6, 256 bits)", vendor: "Mesa")
  static let radeon = OpenGLProbe.Implementation(
    renderer: "AMD Radeon RX 6600 (radeonsi, navi23, LLVM 15.0.6, DRM 3.49)", vendor: "AMD")

  @Test("Mesa's and the platforms' software rasterizers are software; a GPU's name is not")
  func softwareNames() {
    for name in [
      "llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Mesa DRI Intel swrast",
      "Software Rasterizer", "Apple Software Renderer", "GDI Generic",
    ] {
      #expect(OpenGLProbe.Implementation(renderer: name, vendor: "").isSoftware, "\(name)")
    }
    #expect(!Self.radeon.isSoftware)
    #expect(
      !OpenGLProbe.Implementation(renderer: "NVIDIA GeForce RTX 3060/PCIe/SSE2", vendor: "")
        .isSoftware)
  }

  @Test("auto times both paths on a hardware GPU and takes the software path on a software one")
  func auto() {
    let hardware = RendererChoice.auto.decision(openGL: Self.radeon, openGLFailure: nil)
    #expect(hardware.setup == .openGL(timed: true))
    #expect(
      hardware.reason
        == "timing the GPU path on \(Self.radeon.renderer) and the software path for "
        + "\(RendererTrial.framesTimed) frames each, to keep the faster")
    let software = RendererChoice.auto.decision(openGL: Self.llvmpipe, openGLFailure: nil)
    #expect(software.setup == .software && !software.usesGPU)
    #expect(
      software.reason
        == "because OpenGL here is llvmpipe (LLVM 15.0.6, 256 bits), a software rasterizer, "
        + "slower than the software path (--renderer gpu takes it anyway)")
    // A GPU without OpenGL 3.3 core: SDL's accelerated renderer, timed against the software
    // path.
    var old = Self.radeon
    old.coreProfileProblem = "SDL_GL_CreateContext: GLXBadFBConfig"
    let legacy = RendererChoice.auto.decision(openGL: old, openGLFailure: nil)
    #expect(legacy.setup == .accelerated(timed: true))
    #expect(
      legacy.reason.hasSuffix(
        "because OpenGL 3.3 core is missing here (SDL_GL_CreateContext: GLXBadFBConfig)"))
    // No OpenGL at all: the platform's accelerated renderer may be Direct3D or Metal, so auto
    // tries it (the demo falls back when SDL has none).
    let none = RendererChoice.auto.decision(openGL: nil, openGLFailure: "no GLX visual")
    #expect(none.setup == .accelerated(timed: true))
    #expect(none.reason.hasSuffix("because OpenGL is missing here (no GLX visual)"))
  }

  @Test("gpu and software are taken as asked, whatever the display's OpenGL is")
  func explicit() {
    for openGL in [Self.llvmpipe, Self.radeon] {
      #expect(
        RendererChoice.gpu.decision(openGL: openGL, openGLFailure: nil).setup
          == .openGL(timed: false))
      #expect(
        RendererChoice.software.decision(openGL: openGL, openGLFailure: nil).setup == .software)
    }
    #expect(
      RendererChoice.gpu.decision(openGL: Self.llvmpipe, openGLFailure: nil).reason
        == "as asked; OpenGL here is llvmpipe (LLVM 15.0.6, 256 bits), a software rasterizer")
    // Without OpenGL 3.3 core, SDL's accelerated renderer is the GPU path.
    let none = RendererChoice.gpu.decision(openGL: nil, openGLFailure: "no GLX visual")
    #expect(none.setup == .accelerated(timed: false))
    #expect(none.reason == "as asked, because OpenGL is missing here (no GLX visual)")
  }

  @Test("a trial times each way after it settles, switches once, and keeps the faster")
  func trial() {
    for (first, second, kept) in [(0.004, 0.009, 0), (0.012, 0.002, 1)] {
      var trial = RendererTrial()
      var steps: [RendererTrial.Step] = []
      // Frames that settle the way are left out, however slow.
      for _ in 0..<RendererTrial.framesSkipped { steps.append(trial.record(seconds: 5)) }
      for _ in 0..<RendererTrial.framesTimed { steps.append(trial.record(seconds: first)) }
      #expect(steps.last == .switchTo(1))
      #expect(trial.current == 1)
      for _ in 0..<(RendererTrial.framesSkipped + RendererTrial.framesTimed) {
        steps.append(trial.record(seconds: second))
      }
      #expect(steps.last == .decided(kept))
      #expect(steps.dropLast().filter { $0 != .keep } == [.switchTo(1)])
      #expect(trial.chosen == kept && trial.current == kept)
      #expect(trial.medianCost(of: 0) == first && trial.medianCost(of: 1) == second)
      // After the decision, frames change nothing.
      #expect(trial.record(seconds: 100) == .keep && trial.chosen == kept)
    }
  }

  @Test("a click on a drawable twice the window's size lands on the same world point")
  func highDensityMouse() {
    let frame = Frame(tick: 0, worldWidth: 1600, worldHeight: 900)
    let window = (width: 640, height: 360)
    for (x, y) in [(0, 0), (10, 20), (320, 180), (639, 359)] {
      let single = Window.pixel(x: x, y: y, windowSize: window, pixelSize: window)
      #expect(single == (x, y))
      let double = Window.pixel(
        x: x, y: y, windowSize: window, pixelSize: (window.width * 2, window.height * 2))
      #expect(double == (2 * x + 1, 2 * y + 1))
      // A screen unit of this window is 2.5 world units wide: the point lands inside the unit
      // clicked, as it does on a screen of ordinary density.
      let units = (x: Float(x) * 2.5, y: Float(y) * 2.5)
      for point in [
        Viewport(world: frame, width: 640, height: 360).worldPoint(x: x, y: y),
        Viewport(world: frame, width: 1280, height: 720).worldPoint(x: double.x, y: double.y),
      ] {
        #expect(point.x >= units.x && point.x < units.x + 2.5, "\(point)")
        #expect(point.y >= units.y && point.y < units.y + 2.5, "\(point)")
      }
    }
    // Mouse events move to the drawable's pixels; the others stay as they are.
    let sizes = (window: (640, 360), pixels: (1280, 720))
    for (event, expected) in [
      (InputEvent.mouseDown(x: 10, y: 20), InputEvent.mouseDown(x: 21, y: 41)),
      (.mouseDragged(x: 0, y: 359), .mouseDragged(x: 1, y: 719)),
      (.rightMouseDown(x: 320, y: 180), .rightMouseDown(x: 641, y: 361)),
      (.wheel(steps: -2, x: 5, y: 6), .wheel(steps: -2, x: 11, y: 13)),
      (.keyDown(.f1), .keyDown(.f1)),
      (.resized(width: 640, height: 360), .resized(width: 640, height: 360)),
    ] {
      #expect(event.inPixels(windowSize: sizes.window, pixelSize: sizes.pixels) == expected)
    }
    // A window reporting no size yet (minimised) leaves the point as it is.
    #expect(
      Window.pixel(x: 5, y: 7, windowSize: (0, 0), pixelSize: (1280, 720)) == (5, 7))
  }
}
