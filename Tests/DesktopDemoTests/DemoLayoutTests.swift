import Foundation
import Frames
import HeadlessRenderer
import Imaging
import MonsterWars
import SDLBackend
import Testing
import TraitSandbox

@testable import DesktopDemo

/// The drawable sizes the layout is held to: a small window, 720p, 1080p, 1440p, and a
/// high-density drawable twice a 1280 x 720 window's size.
private let drawables = [(640, 360), (1280, 720), (1920, 1080), (2560, 1440)]

/// A duel of the player against the computer, a second in, with a few monsters out.
private func playing() throws -> DemoState {
  var state = DemoState(scenario: try duel(), seed: 3, autoplay: false)
  state.handle(.buy(.zap))
  state.handle(.buy(.quirk))
  state.advance(steps: 600)
  return state
}

/// The HUD as the window shows `state` on a drawable of `width` x `height`: the match's frame
/// made for that canvas, decorated.
private func shown(_ state: DemoState, width: Int, height: Int, now: Double = 0)
  -> (frame: Frame, decoration: Decoration)
{
  let canvas = OverlayCanvas.fitting(width: width, height: height)
  var frame = state.shownMatch.makeFrame(
    speed: state.speed, isPaused: state.isPaused, canvas: canvas)
  let decoration = state.decoration(now: now, statistics: .init(), canvas: canvas)
  frame = decoration.apply(to: frame)
  return (frame, decoration)
}

/// The player's castle on the canvas, as `frame` draws it: the rectangle no panel may cover.
private func castle(of state: DemoState, in frame: Frame) throws -> OverlayRect? {
  let castle = try #require(state.match.castle(of: state.playerSide))
  guard let place = frame.place(of: castle.id.erased) else { return nil }
  let canvas = frame.overlayCanvas
  let view = Viewport(world: frame, width: Int(canvas.width), height: Int(canvas.height))
  return OverlayRect(
    x: view.outputX(place.x - place.width / 2), y: view.outputY(place.y - place.height / 2),
    width: place.width * view.scale, height: place.height * view.scale)
}

/// The overlay's text commands.
private func texts(_ frame: Frame) -> [TextDraw] {
  frame.overlay.compactMap { if case .text(let text) = $0.shape { text } else { nil } }
}

@Suite("Demo: one layout for every window size")
struct DemoLayoutTests {
  /// Checks that no two pieces the layout placed overlap, that none covers the player's
  /// castle, and that every text line is on the canvas and at least the minimum height.
  private func check(
    _ state: DemoState, _ what: String, helpMayCover: Bool = false
  ) throws {
    for (width, height) in drawables {
      // The help has 20 and more lines: under 720 lines of pixels it may not fit beside the
      // other panels, and goes over them (never over the castle).
      let helpMayCover = helpMayCover && height < 720
      let (frame, decoration) = shown(state, width: width, height: height)
      let label = "\(what) at \(width)x\(height)"
      let panels = decoration.panels
      for (i, a) in panels.enumerated() {
        for b in panels[(i + 1)...] {
          #expect(!a.overlaps(b), "\(label): \(a) overlaps \(b)")
        }
      }
      if let castle = try castle(of: state, in: frame) {
        for panel in panels + [decoration.help].compactMap({ $0 }) {
          #expect(!panel.overlaps(castle), "\(label): \(panel) covers the castle \(castle)")
        }
      }
      if let help = decoration.help, !helpMayCover {
        #expect(panels.contains(help), "\(label): the help found no room of its own")
      }
      let scale = OverlayCanvas.scale(width: width, height: height)
      let canvas = frame.overlayCanvas
      for text in texts(frame) {
        #expect(
          text.size * scale >= OverlayCanvas.minimumTextPixels,
          "\(label): '\(text.text)' is \(text.size * scale) pixels tall")
        let right = text.x + Float(text.text.unicodeScalars.count) * text.size
        #expect(
          text.x >= 0 && right <= canvas.width + 2 && text.y >= 0
            && text.y + text.size <= canvas.height + 2,
          "\(label): '\(text.text)' leaves the canvas (\(text.x)...\(right), \(text.y))")
      }
    }
  }

  @Test("playing: the side, orders, hints and a notice")
  func plain() throws {
    var state = try playing()
    state.handle(.buy(.munch), at: 0)
    try check(state, "playing")
  }

  @Test("F1's figures and the inspector of the player's castle, whole arena in view")
  func figuresAndInspector() throws {
    var state = try playing()
    let castle = try #require(state.match.castle(of: .left))
    state.handle(
      .select(worldX: castle.position.x, worldY: castle.position.y),
      frame: state.match.makeFrame())
    #expect(state.selection == castle.id.erased)
    state.handle(.toggleDebugOverlay)
    try check(state, "F1 and inspector")
  }

  @Test("zoomed in: the minimap, the inspector of a monster and F1")
  func zoomed() throws {
    var state = try playing()
    let frame = state.match.makeFrame()
    let monster = try #require(state.match.world.entities(of: ZapMonster.self).first)
    state.handle(.select(worldX: monster.position.x, worldY: monster.position.y), frame: frame)
    state.handle(.toggleDebugOverlay)
    state.handle(.zoom(by: 3), frame: frame)
    let (_, decoration) = shown(state, width: 1280, height: 720)
    #expect(decoration.minimap != nil && decoration.inspector != nil)
    try check(state, "zoomed")
  }

  @Test("the timeline's bar, the reload error and the help")
  func timelineAndHelp() throws {
    var state = try playing()
    state.handle(.toggleTimeline)
    state.handle(.scrub(seconds: -5))
    try check(state, "timeline")
    state.handle(.toggleTimeline)
    state.scenarioReloaded(
      .failure(
        .invalid(
          path: "duel.json", jsonPath: "$.units.zap.health",
          message: "expected a number above 0, not -5")),
      at: 0)
    state.handle(.toggleHelp)
    // On a small canvas the help may go over other panels, never over the castle.
    try check(state, "help and reload error", helpMayCover: true)
    let (_, decoration) = shown(state, width: 1920, height: 1080)
    let help = try #require(decoration.help)
    #expect(decoration.panels.contains(help), "at 1080p the help has room of its own")
  }

  @Test("a battle's armies under the HUD")
  func battle() throws {
    let battle = try Scenario.load(contentsOf: scenarios.appendingPathComponent("battle.json"))
    var state = DemoState(scenario: battle, seed: 1, autoplay: false, swarmCount: 2_000)
    state.advance(steps: 120)
    state.handle(.toggleDebugOverlay)
    try check(state, "battle")
  }

  @Test("on a drawable twice the window, a click in window units lands where the panel is drawn")
  func doubleDensityClicks() throws {
    var state = try playing()
    state.handle(.zoom(by: 3))
    let (frame, decoration) = shown(state, width: 2560, height: 1440)
    let minimap = try #require(decoration.minimap)
    // Two drawable pixels an overlay unit, two a window unit: the minimap's middle, in window
    // units of a 1280 x 720 window.
    let scale = OverlayCanvas.scale(width: 2560, height: 1440)
    let window = (
      x: Int((minimap.x + minimap.width / 2) * scale / 2),
      y: Int((minimap.y + minimap.height / 2) * scale / 2)
    )
    let pixel = Window.pixel(
      x: window.x, y: window.y, windowSize: (1280, 720), pixelSize: (2560, 1440))
    let point = DesktopDemo.overlayPoint(pixel, frame: frame, size: (2560, 1440))
    #expect(minimap.contains(x: point.x, y: point.y))
    #expect(abs(point.x - (minimap.x + minimap.width / 2)) <= 1)
  }

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

  @Test("every HUD label reads against the pixels under it: WCAG AA contrast, 4.5 to 1")
  func contrast() throws {
    let sprites = try SpriteLibrary.load(
      from: scenarios.deletingLastPathComponent().appendingPathComponent("sprites"),
      sprites: Roster.standard.spriteIDs)
    var state = try playing()
    state.handle(.buy(.munch), at: 0)
    state.handle(.toggleDebugOverlay)
    for (width, height) in [(640, 360), (1280, 720)] {
      let (frame, _) = shown(state, width: width, height: height)
      var backend = HeadlessBackend(width: width, height: height, sprites: sprites)
      var bare = frame
      bare.overlay = frame.overlay.filter { if case .text = $0.shape { false } else { true } }
      backend.render(bare)
      let under = backend.image
      let view = Viewport(
        contentWidth: frame.overlayCanvas.width, contentHeight: frame.overlayCanvas.height,
        width: width, height: height)
      // Shadows are translucent; the labels themselves are opaque.
      for text in texts(frame) where text.color.alpha == 255 {
        let x0 = max(Int(view.outputX(text.x)), 0)
        let y0 = max(Int(view.outputY(text.y)), 0)
        let x1 = min(Int(view.outputX(text.x + Float(text.text.count) * text.size)), width)
        let y1 = min(Int(view.outputY(text.y + text.size)), height)
        var ratios: [Double] = []
        for y in y0..<max(y1, y0) {
          for x in x0..<max(x1, x0) {
            let pixel = under[x: x, y: y]
            ratios.append(
              Self.contrast(
                Self.luminance(text.color.red, text.color.green, text.color.blue),
                Self.luminance(pixel.r, pixel.g, pixel.b)))
          }
        }
        guard !ratios.isEmpty else { continue }
        // Nine pixels in ten under the label: a stray bright pixel of a sprite may pass.
        let tenth = ratios.sorted()[ratios.count / 10]
        #expect(tenth >= 4.5, "'\(text.text)' at \(width)x\(height): \(tenth) to 1")
      }
    }
  }

  /// WCAG's relative luminance of an sRGB colour.
  static func luminance(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
    func linear(_ channel: UInt8) -> Double {
      let c = Double(channel) / 255
      return c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
  }

  /// WCAG's contrast ratio of two luminances, 1 to 21.
  static func contrast(_ a: Double, _ b: Double) -> Double {
    (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }
}
