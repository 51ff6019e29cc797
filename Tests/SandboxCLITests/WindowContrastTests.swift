import Foundation
import Frames
import Gameplay
import HeadlessRenderer
import Imaging
import MonsterWars
import SDLBackend
import Testing
import TraitSandbox

@testable import GameShell
@testable import SandboxCLI

@Suite("MonsterWars in a window: every label reads")
struct WindowContrastTests {
  /// The window's picture of a duel a few seconds in, with the player's orders waiting, F1's
  /// figures open and the player's castle inspected, on a drawable of `width` x `height`.
  func shown(width: Int, height: Int) throws -> Frame {
    let settings = try duelSettings()
    var game = MonsterWarsGame(seed: 3, settings: settings)
    game.letPeoplePlay(seats: [0])
    var play = GamePlay(try Recorder(game), tickLimit: nil, replaying: nil)
    play.take(
      [.keyDown(.character("2")), .keyDown(.character("1")), .keyDown(.character("3"))],
      width: width, height: height)
    _ = play.step(300)
    // The player's castle stands at (80, 360) of the 1280 x 720 arena, the whole arena in view.
    let scale = Float(width) / 1280
    play.take(
      [.mouseDown(x: Int(80 * scale), y: Int(360 * scale)), .keyDown(.f1)], width: width,
      height: height)
    #expect(play.view.selection != nil && play.view.showsFigures)
    return play.frame(alpha: 1).frame
  }

  @Test("every label reads against the pixels under it: WCAG AA contrast, 4.5 to 1")
  func contrast() throws {
    let sprites = try BuiltInFont.sprites(of: MonsterWarsGame.self, in: .current)
    for (width, height) in [(640, 360), (1280, 720)] {
      let frame = try shown(width: width, height: height)
      var backend = HeadlessBackend(width: width, height: height, sprites: sprites)
      var bare = frame
      bare.overlay = frame.overlay.filter { if case .text = $0.shape { false } else { true } }
      backend.render(bare)
      let under = backend.image
      let view = Viewport(
        contentWidth: frame.overlayCanvas.width, contentHeight: frame.overlayCanvas.height,
        width: width, height: height)
      let texts = frame.overlay.compactMap {
        if case .text(let text) = $0.shape { text } else { nil }
      }
      #expect(texts.contains { $0.text == "You: left (blue)" })
      // Shadows are translucent; the labels themselves are opaque.
      for text in texts where text.color.alpha == 255 {
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
