import Testing

@testable import Frames

@Suite("OverlayCanvas: the HUD's canvas for a window's size")
struct OverlayCanvasTests {
  @Test("the canvas keeps text at least 10 pixels tall and scales up past 720p")
  func canvas() {
    #expect(OverlayCanvas.fitting(width: 1280, height: 720) == .standard)
    #expect(OverlayCanvas.fitting(width: 2560, height: 1440) == .standard)
    #expect(OverlayCanvas.scale(width: 2560, height: 1440) == 2)
    // A small window gets a smaller canvas instead of smaller text.
    let small = OverlayCanvas.fitting(width: 640, height: 360)
    #expect(small.width == 768 && small.height == 432)
    #expect(OverlayCanvas.scale(width: 640, height: 360) * 12 == 10)
    // Another shape gets a canvas of its shape: no letterbox around the HUD.
    #expect(
      OverlayCanvas.fitting(width: 1280, height: 800) == OverlayCanvas(width: 1280, height: 800))
  }
}
