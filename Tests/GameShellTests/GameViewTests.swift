import Foundation
import Frames
import Imaging
import SDLBackend
import Testing

@testable import GameShell

@Suite("GameShell: the window's view")
struct GameViewTests {
  let world = Frame(tick: 3, worldWidth: 640, worldHeight: 360)

  /// The texts of `frame`'s overlay.
  func texts(_ frame: Frame) -> [String] {
    frame.overlay.compactMap { if case .text(let text) = $0.shape { text.text } else { nil } }
  }

  mutating func press(_ view: inout GameView, _ events: InputEvent...) {
    for event in events { _ = view.handle(event, worldWidth: 640, worldHeight: 360) }
  }

  @Test("Space pauses, a full stop steps while paused, + and - change the speed within bounds")
  mutating func time() {
    var view = GameView(controlsTime: true)
    press(&view, .keyDown(.character(".")))
    #expect(view.stepsWanted == 0 && !view.isPaused)
    press(&view, .keyDown(.space), .keyDown(.character(".")), .keyDown(.character(".")))
    #expect(view.isPaused && view.stepsWanted == 2)
    #expect(texts(view.shown(world)).first == "paused  H: keys")
    press(&view, .keyDown(.space), .keyDown(.character("+")), .keyDown(.character("=")))
    #expect(!view.isPaused && view.speed == 4)
    for _ in 0..<10 { press(&view, .keyDown(.character("+"))) }
    #expect(view.speed == 8)
    for _ in 0..<10 { press(&view, .keyDown(.character("-"))) }
    #expect(view.speed == 0.125 && texts(view.shown(world)).first == "x1/8  H: keys")
  }

  @Test("over the network the clock is both players': no pause, no speed, the help says so")
  mutating func sharedClock() {
    var view = GameView(controlsTime: false, clickHelp: "plant there")
    let taken = view.handle(.keyDown(.space), worldWidth: 640, worldHeight: 360)
    press(&view, .keyDown(.character("+")))
    #expect(!taken && !view.isPaused && view.speed == 1)
    press(&view, .keyDown(.f1))
    let shown = texts(view.shown(world))
    #expect(shown.contains("Click      plant there"))
    #expect(!shown.contains { $0.hasPrefix("Space") })
  }

  @Test("the wheel zooms around the view's centre, arrows move it inside the world, Home resets")
  mutating func camera() throws {
    var view = GameView(controlsTime: true)
    press(&view, .wheel(steps: 1), .wheel(steps: 1))
    var camera = try #require(view.camera)
    #expect(camera.zoom == 4 && camera.centreX == 320 && camera.centreY == 180)
    #expect(view.shown(world).camera == camera)
    // Zoomed in, the minimap's box and the view's outline join the overlay.
    let rects = { (frame: Frame) in
      frame.overlay.count { if case .rect = $0.shape { true } else { false } }
    }
    #expect(rects(view.shown(world)) == rects(GameView(controlsTime: true).shown(world)) + 2)
    for _ in 0..<20 { press(&view, .keyDown(.right), .keyDown(.up)) }
    camera = try #require(view.camera)
    // A quarter of the world's width and height is shown, against its right and top edges.
    #expect(camera.centreX == 640 - 80 && camera.centreY == 45)
    press(&view, .wheel(steps: -1), .wheel(steps: -1))
    #expect(view.camera == nil)
    press(&view, .keyDown(.character("]")), .keyDown(.home))
    #expect(view.camera == nil && view.shown(world).camera == nil)
  }

  @Test("the help lists every key on a band; a click is not the view's")
  mutating func help() {
    var view = GameView(controlsTime: true)
    let click = view.handle(.mouseDown(x: 5, y: 5), worldWidth: 640, worldHeight: 360)
    #expect(!click)
    press(&view, .keyDown(.character("h")))
    let shown = view.shown(world)
    #expect(texts(shown).count == 1 + view.helpLines.count)
    #expect(texts(shown).first == "H: close the help")
    let bands = shown.overlay.filter { if case .rect = $0.shape { true } else { false } }
    #expect(bands.count == 2)
    press(&view, .keyDown(.character("?")))
    #expect(texts(view.shown(world)) == ["H: keys"])
  }
}

@Suite("GameShell: the built-in font")
struct BuiltInFontTests {
  @Test("is the sandbox's font sheet, texel for texel")
  func matchesTheAsset() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Assets/sprites/font.bmp")
    let asset = try BMP.decode([UInt8](try Data(contentsOf: url)))
    let font = BuiltInFont.image
    #expect(font.width == asset.width && font.height == asset.height)
    var differing = 0
    for y in 0..<font.height {
      for x in 0..<font.width where (font[x: x, y: y].a > 0) != (asset[x: x, y: y].a > 0) {
        differing += 1
      }
    }
    #expect(differing == 0)
    #expect(BuiltInFont.glyphs.count == 96 && BuiltInFont.glyphs[0] == 0)
  }
}
