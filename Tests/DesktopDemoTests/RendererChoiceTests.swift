import Frames
import SDLBackend
import Testing

@testable import DesktopDemo

@Suite("Demo: choosing the renderer and mapping the mouse")
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

  @Test("auto takes the GPU for a hardware OpenGL and the software path for a software one")
  func auto() {
    let hardware = RendererChoice.auto.decision(openGL: Self.radeon, openGLFailure: nil)
    #expect(hardware.usesGPU)
    #expect(hardware.reason == "because OpenGL here is \(Self.radeon.renderer)")
    let software = RendererChoice.auto.decision(openGL: Self.llvmpipe, openGLFailure: nil)
    #expect(!software.usesGPU)
    #expect(
      software.reason
        == "because OpenGL here is llvmpipe (LLVM 15.0.6, 256 bits), a software rasterizer, "
        + "slower than the software path (--renderer gpu takes it anyway)")
    // No OpenGL at all: the platform's accelerated renderer may be Direct3D or Metal, so auto
    // tries it (the demo falls back when SDL has none).
    let none = RendererChoice.auto.decision(openGL: nil, openGLFailure: "no GLX visual")
    #expect(none.usesGPU)
    #expect(none.reason.hasSuffix("which is missing here (no GLX visual)"))
  }

  @Test("gpu and software are taken as asked, whatever the display's OpenGL is")
  func explicit() {
    for openGL in [Self.llvmpipe, Self.radeon] {
      #expect(RendererChoice.gpu.decision(openGL: openGL, openGLFailure: nil).usesGPU)
      #expect(!RendererChoice.software.decision(openGL: openGL, openGLFailure: nil).usesGPU)
    }
    #expect(
      RendererChoice.gpu.decision(openGL: Self.llvmpipe, openGLFailure: nil).reason
        == "as asked; OpenGL here is llvmpipe (LLVM 15.0.6, 256 bits), a software rasterizer")
  }

  @Test("a click on a drawable twice the window's size lands on the same world point")
  func highDensityMouse() {
    let frame = Frame(tick: 0, worldWidth: 1600, worldHeight: 900)
    let window = (width: 640, height: 360)
    for (x, y) in [(0, 0), (10, 20), (320, 180), (639, 359)] {
      let single = DesktopDemo.pixel(x: x, y: y, windowSize: window, pixelSize: window)
      #expect(single == (x, y))
      let double = DesktopDemo.pixel(
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
    // A window reporting no size yet (minimised) leaves the point as it is.
    #expect(
      DesktopDemo.pixel(x: 5, y: 7, windowSize: (0, 0), pixelSize: (1280, 720)) == (5, 7))
  }
}
