import Foundation
import Frames
import Gameplay
import Imaging
import SDLBackend
import Testing
import TraitSandbox

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
    // A game that cannot keep up: what was asked, and the speed its clock runs at.
    for _ in 0..<4 { press(&view, .keyDown(.character("+"))) }
    view.behindSpeed = 0.4
    #expect(texts(view.shown(world)).first == "x2 asked, x0.4: the game is behind  H: keys")
  }

  @Test("over the network the clock is both players': no pause, no speed, the help says so")
  mutating func sharedClock() {
    var view = GameView(controlsTime: false, clickHelp: "plant there")
    let taken = view.handle(.keyDown(.space), worldWidth: 640, worldHeight: 360)
    press(&view, .keyDown(.character("+")))
    #expect(!taken && !view.isPaused && view.speed == 1)
    press(&view, .keyDown(.character("?")))
    let shown = texts(view.shown(world))
    #expect(shown.contains("Click        plant there"))
    #expect(!shown.contains { $0.hasPrefix("Space") })
  }

  @Test("a game's keys give its inputs in the window, and the help lists them")
  mutating func gameKeys() {
    var view = GameView(controlsTime: true, keys: Drift.keys)
    let game = Drift(seed: 1, settings: GameSettings(Drift.settings))
    let inputs = GameWindow<Drift>.take(
      [.keyDown(.character("u")), .keyDown(.character("x")), .keyDown(.character("u"))],
      view: &view, game: game, shown: world, width: 640, height: 360, seat: 1)
    #expect(inputs == [100, 100])
    // Before there is a game (a match over the network not yet begun), no input.
    let early = GameWindow<Drift>.take(
      [.keyDown(.character("u"))], view: &view, game: nil, shown: world, width: 640,
      height: 360, seat: 0)
    #expect(early.isEmpty)
    press(&view, .keyDown(.character("h")))
    #expect(texts(view.shown(world)).contains("U            up by 100"))
    #expect(GameKey.isAllowed("u") && GameKey.isAllowed("7"))
    #expect(!GameKey.isAllowed("t") && !GameKey.isAllowed("h") && !GameKey.isAllowed("U"))
    #expect(!GameKey.isAllowed("+") && !GameKey.isAllowed("é"))
  }

  @Test("a player who watches gives no inputs by click or key, and the help lists no game keys")
  func watching() throws {
    let start = Drift(seed: 1, settings: GameSettings(Drift.settings))
    var play = GamePlay(try Recorder(start), tickLimit: nil, replaying: nil)
    var watched = play
    watched.seat = nil
    for index in [0, 1] {
      let events: [InputEvent] = [.keyDown(.character("u")), .mouseDown(x: 100, y: 100)]
      if index == 0 { play.take(events, width: 1280, height: 720) }
      if index == 1 { watched.take(events, width: 1280, height: 720) }
    }
    #expect(play.step(1) == 1 && watched.step(1) == 1)
    // U adds 100 for the player's seat; the watcher's U gives nothing.
    #expect(play.recorder.game.value == start.value + 100 + 2)
    #expect(watched.recorder.game.value == start.value + 2)
    #expect(play.view.helpLines.contains { $0.hasPrefix("U ") || $0.hasPrefix("u ") })
    #expect(!watched.view.helpLines.contains { $0.hasPrefix("U ") || $0.hasPrefix("u ") })
    #expect(watched.view.helpLines.contains("Click        nothing: you are watching"))
  }

  @Test("] and [ zoom around the view's centre, arrows move it inside the world, Home resets")
  mutating func camera() throws {
    var view = GameView(controlsTime: true)
    press(&view, .keyDown(.character("]")), .keyDown(.character("]")))
    var camera = try #require(view.camera)
    #expect(camera.zoom == 4 && camera.centreX == 320 && camera.centreY == 180)
    #expect(view.shown(world).camera == camera)
    let rects = { (frame: Frame) in
      frame.overlay.count { if case .rect = $0.shape { true } else { false } }
    }
    var whole = GameView(controlsTime: true)
    // Zoomed in, the minimap's box and the view's outline join the overlay.
    #expect(rects(view.shown(world)) == rects(whole.shown(world)) + 2)
    for _ in 0..<20 { press(&view, .keyDown(.right), .keyDown(.up)) }
    camera = try #require(view.camera)
    // A quarter of the world's width and height is shown, against its right and top edges.
    #expect(camera.centreX == 640 - 80 && camera.centreY == 45)
    press(&view, .keyDown(.character("[")), .keyDown(.character("[")))
    #expect(view.camera == nil)
    press(&view, .keyDown(.character("]")), .keyDown(.home))
    #expect(view.camera == nil && view.shown(world).camera == nil)
  }

  @Test("the wheel zooms toward the pointer: the world point under it stays under it")
  func wheelTowardPointer() throws {
    var view = GameView(controlsTime: true)
    let (width, height) = (1280, 720)
    for (x, y, steps) in [(200, 150, 1), (900, 500, 1), (1000, 100, 1), (640, 360, -1)] {
      var placed = world
      placed.camera = view.camera
      let before = Viewport(world: placed, width: width, height: height).worldPoint(x: x, y: y)
      _ = GameWindow<Drift>.take(
        [.wheel(steps: steps, x: x, y: y)], view: &view, game: nil, shown: world,
        width: width, height: height, seat: 0)
      placed.camera = view.camera
      let after = Viewport(world: placed, width: width, height: height).worldPoint(x: x, y: y)
      #expect(abs(after.x - before.x) < 0.01 && abs(after.y - before.y) < 0.01, "\(x), \(y)")
    }
    #expect(try #require(view.camera).zoom == 4)
  }

  @Test("zoomed in, a click or a drag on the minimap centres the view there")
  mutating func minimapClick() throws {
    var view = GameView(controlsTime: true)
    press(&view, .keyDown(.character("]")), .keyDown(.character("]")))
    // The minimap's middle shows the world's middle; its top left quarter the world's.
    view.canvas = .fitting(width: 1280, height: 720)
    _ = view.shown(world)
    let minimap = try #require(view.minimap)
    let (left, top) = (minimap.x, minimap.y)
    _ = GameWindow<Drift>.take(
      [.mouseDown(x: Int(left + Minimap.width / 4), y: Int(top + Minimap.height / 4))],
      view: &view, game: nil, shown: world, width: 1280, height: 720, seat: 0)
    var camera = try #require(view.camera)
    #expect(abs(camera.centreX - 160) < 3 && abs(camera.centreY - 90) < 3)
    _ = GameWindow<Drift>.take(
      [.mouseDragged(x: Int(left + Minimap.width - 1), y: Int(top + Minimap.height - 1))],
      view: &view, game: nil, shown: world, width: 1280, height: 720, seat: 0)
    camera = try #require(view.camera)
    // As far toward the bottom right as the view goes: a quarter of the world inside it.
    #expect(camera.centreX == 640 - 80 && camera.centreY == 360 - 45 && camera.zoom == 4)
  }

  @Test("at every window size the panels lie apart on the canvas, text at least 10 pixels")
  func layout() {
    let inspection = EntityInspection(Stone(), traits: ["LyingTrait"])
    let figures = (1...12).map { "figure \($0): \($0 * 7) ms" }
    for (width, height) in [(640, 360), (1280, 720), (2560, 1440)] {
      var view = GameView(controlsTime: true, keys: Drift.keys)
      _ = GameWindow<Drift>.take(
        [
          .keyDown(.character("]")), .keyDown(.character("]")), .keyDown(.f1),
          .keyDown(.character("h")),
        ], view: &view, game: nil, shown: world, width: width, height: height, seat: 0)
      let frame = view.shown(world, inspection: inspection, figures: figures, banner: "a notice")
      let canvas = frame.overlayCanvas
      #expect(canvas == .fitting(width: width, height: height))
      // The bands and panels: the dark rectangles the text lies on.
      let panels = frame.overlay.compactMap { command -> OverlayRect? in
        guard case .rect(let rect) = command.shape, rect.isFilled, rect.color.alpha >= 200
        else { return nil }
        return OverlayRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
      }.filter { $0.width > 40 && $0.height > 20 }
      let texts = frame.overlay.compactMap {
        if case .text(let t) = $0.shape { t.text } else { nil }
      }
      #expect(texts.contains("Esc          quit"), "\(width)x\(height): the help is drawn")
      #expect(texts.contains("a notice") && texts.contains("figure 12: 84 ms"))
      #expect(panels.count >= 5, "\(width)x\(height): \(panels)")
      // The help goes over the others only where there is no room beside them.
      let apart = width >= 1280 ? panels : panels.filter { $0.height < 300 }
      for (i, a) in apart.enumerated() {
        for b in apart[(i + 1)...] {
          #expect(!a.overlaps(b), "\(width)x\(height): \(a) overlaps \(b)")
        }
      }
      for a in panels {
        #expect(a.x >= 0 && a.right <= canvas.width && a.y >= 0 && a.bottom <= canvas.height)
      }
      let scale = OverlayCanvas.scale(width: width, height: height)
      for command in frame.overlay {
        guard case .text(let text) = command.shape else { continue }
        #expect(text.size * scale >= OverlayCanvas.minimumTextPixels, "\(text.text)")
      }
    }
  }

  @Test("the view's panels stay off the game's own HUD bands, but go over a backdrop")
  mutating func gameBands() {
    var view = GameView(controlsTime: true, keys: Drift.keys)
    press(&view, .keyDown(.character("h")))
    let canvas = view.canvas
    // A game's status bar along the top, and a tint over all of it.
    let bar = RectDraw(x: 0, y: 0, width: canvas.width, height: 40, color: .black)
    let tint = RectDraw(
      x: 0, y: 0, width: canvas.width, height: canvas.height,
      color: Color(red: 0, green: 0, blue: 80, alpha: 40))
    var game = world
    game.overlay = [DrawCommand(.rect(tint), layer: 1), DrawCommand(.rect(bar), layer: 2)]
    let shown = view.shown(game)
    let bands = shown.overlay.dropFirst(2).compactMap { command -> RectDraw? in
      if case .rect(let rect) = command.shape, rect.isFilled { rect } else { nil }
    }
    // The status line and the help, both under the bar.
    #expect(bands.count >= 2)
    for band in bands { #expect(band.y >= 40, "\(band)") }
    // Without the bar they start at the top.
    game.overlay = [DrawCommand(.rect(tint), layer: 1)]
    let top = view.shown(game).overlay.dropFirst().compactMap { command -> Float? in
      if case .rect(let rect) = command.shape, rect.isFilled { rect.y } else { nil }
    }
    #expect(top.min().map { $0 < 40 } == true)
  }

  @Test("the player's own lines show; the panels stay off what the game keeps in sight")
  mutating func player() {
    var view = GameView(controlsTime: true, keys: Drift.keys)
    press(&view, .keyDown(.character("h")))
    // The world's top left quarter, twice as large on the canvas.
    let kept = OverlayRect(x: 0, y: 0, width: 640, height: 360)
    func bands(_ frame: Frame) -> [OverlayRect] {
      frame.overlay.compactMap { command -> OverlayRect? in
        guard case .rect(let rect) = command.shape, rect.isFilled else { return nil }
        return OverlayRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
      }
    }
    #expect(view.canvas.width == 2 * world.worldWidth)
    // Without it, the status line and the help start at the top left.
    #expect(bands(view.shown(world)).contains { $0.overlaps(kept) })
    let shown = view.shown(
      world, player: ["You: left (blue)", "Orders: none"],
      keptInSight: [WorldArea(x: 0, y: 0, width: 320, height: 180)])
    #expect(texts(shown).contains("You: left (blue)") && texts(shown).contains("Orders: none"))
    #expect(!bands(shown).isEmpty)
    for band in bands(shown) { #expect(!band.overlaps(kept), "\(band)") }
    // Zoomed in on the far corner, the area is off the canvas and keeps nothing clear.
    press(&view, .keyDown(.character("]")), .keyDown(.character("]")))
    for _ in 0..<20 { press(&view, .keyDown(.right), .keyDown(.down)) }
    let far = view.shown(world, keptInSight: [WorldArea(x: 0, y: 0, width: 320, height: 180)])
    #expect(bands(far).contains { $0.overlaps(kept) })
  }

  @Test("F follows the selection; when it is gone the camera stays where it was, and says so")
  mutating func follow() throws {
    let stone = AnyEntityID(rawValue: 7)
    func frame(stoneAt x: Float?) -> Frame {
      var builder = FrameBuilder()
      if let x {
        builder.draw(
          .sprite(
            SpriteDraw(
              sprite: SpriteID("stone"), x: x, y: 100, width: 20, height: 20, entity: stone)
          ), layer: 10)
      }
      return builder.frame(tick: 0, worldWidth: 640, worldHeight: 360)
    }
    var view = GameView(controlsTime: true)
    press(&view, .keyDown(.character("f")))
    #expect(!view.isFollowing && view.notice == "nothing to follow: right-click something first")
    _ = GameWindow<Drift>.take(
      [.rightMouseDown(x: 200, y: 200), .keyDown(.character("f"))], view: &view, game: nil,
      shown: frame(stoneAt: 100), width: 1280, height: 720, seat: 0)
    #expect(view.selection == stone && view.isFollowing)
    let inspection = EntityInspection(Stone(), traits: [])
    _ = view.shown(frame(stoneAt: 300), inspection: inspection)
    let followed = try #require(view.camera)
    #expect(followed.centreX == 300 && followed.centreY == 100 && followed.zoom == 4)
    #expect(
      texts(view.shown(frame(stoneAt: 300), inspection: inspection))
        .contains("following  zoom x4  H: keys"))
    // Gone: no longer drawn, and the game has nothing to inspect.
    let shown = view.shown(frame(stoneAt: nil), inspection: nil)
    #expect(!view.isFollowing && view.selection == nil && view.camera == followed)
    #expect(texts(shown).contains("the Stone you followed is gone: the camera stays where it was"))
    #expect(!GameKey.isAllowed("f"))
    // A game whose click gives no input (Drift's) lets the click inspect what is there, and
    // a click on nothing lets go of it.
    var clicked = GameView(controlsTime: true)
    let drift = Drift(seed: 1, settings: GameSettings(Drift.settings))
    let given = GameWindow<Drift>.take(
      [.mouseDown(x: 200, y: 200)], view: &clicked, game: drift, shown: frame(stoneAt: 100),
      width: 1280, height: 720, seat: 0)
    #expect(given.isEmpty && clicked.selection == stone)
    _ = GameWindow<Drift>.take(
      [.mouseDown(x: 900, y: 600)], view: &clicked, game: drift, shown: frame(stoneAt: 100),
      width: 1280, height: 720, seat: 0)
    #expect(clicked.selection == nil)
  }

  @Test("following an entity drawn between two ticks, the camera centres where it is drawn")
  mutating func followBetweenTicks() throws {
    let bird = AnyEntityID(rawValue: 3)
    func frame(birdAt x: Float) -> Frame {
      var instances = FrameInstances()
      instances.appendKind(
        sprite: SpriteID("bird"), layer: 2,
        instances: [SpriteInstance(kind: 0, x: x, y: 180, width: 10, height: 10, rotation: 0)],
        entities: [bird])
      return Frame(tick: 1, worldWidth: 640, worldHeight: 360, instances: instances)
    }
    var view = GameView(controlsTime: true)
    _ = GameWindow<Drift>.take(
      [.rightMouseDown(x: 600, y: 360), .keyDown(.character("f"))], view: &view, game: nil,
      shown: frame(birdAt: 300), width: 1280, height: 720, seat: 0)
    #expect(view.selection == bird && view.isFollowing)
    // The bird moved from 300 to 340 in the last tick; a quarter of the way, it is drawn at 310.
    let earlier = frame(birdAt: 300)
    let later = frame(birdAt: 340)
    let pairing = InstancePairing(from: earlier.instances, to: later.instances)
    _ = view.shown(later, pairedWith: pairing, alpha: 0.25)
    #expect(try #require(view.camera).centreX == 310)
    _ = view.shown(later, pairedWith: pairing, alpha: 1)
    #expect(try #require(view.camera).centreX == 340)
    _ = view.shown(later)
    #expect(try #require(view.camera).centreX == 340)
  }

  @Test("the past's line, wider than a small window, is broken into lines that all show")
  mutating func longBanner() {
    let banner =
      "the past: 12 s ago (playing)  Left/Right 1 s, Up/Down 10 s, Space play, click the bar:"
      + " seek, Enter go back to it, T close"
    var view = GameView(controlsTime: true)
    _ = GameWindow<Drift>.take(
      [.keyDown(.character("]")), .keyDown(.f1)], view: &view, game: nil, shown: world,
      width: 640, height: 360, seat: 0)
    let shown = texts(
      view.shown(world, figures: ["a tick: 1.00 ms"], banner: banner, progress: 0.5))
    let words = banner.split(separator: " ").map(String.init)
    let drawn = shown.flatMap { $0.split(separator: " ").map(String.init) }
    #expect(words.allSatisfy(drawn.contains), "\(shown)")
    #expect(view.bar != nil && view.minimap != nil)
  }

  @Test("the help names every key the window binds, and each game key")
  func helpNamesEveryKey() {
    let named: [Key] =
      [.space, .escape, .f1, .enter, .backspace, .left, .right, .up, .down, .home]
      + (33...126).map { .character(Character(Unicode.Scalar(UInt8($0)))) }
    var view = GameView(controlsTime: true, keys: Drift.keys)
    view.restartHelp = "start again"
    let labels = Set(
      view.helpLines.flatMap { $0.prefix(13).split(separator: " ").map(String.init) })
    func label(of key: Key) -> String {
      switch key {
      case .space: "Space"
      case .escape: "Esc"
      case .f1: "F1"
      case .home: "Home"
      case .left, .right, .up, .down: "Arrows"
      // `=` is `+` without shift.
      case .character("="): "+"
      case .character(let character): String(character).uppercased()
      default: "?"
      }
    }
    for key in named {
      var probe = view
      // Bound by the view itself, or by the window: T for the timeline, R to start again,
      // Esc to quit.
      let isBound =
        probe.handle(.keyDown(key), worldWidth: 640, worldHeight: 360)
        || key == .character("t") || key == .character("r") || key == .escape
      if isBound { #expect(labels.contains(label(of: key)), "\(key) is bound but not in the help") }
    }
    for key in Drift.keys { #expect(labels.contains(String(key.key).uppercased())) }
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

/// A stone that lies where it was put: something to inspect.
struct Stone: GameObject {
  var id = EntityID<Self>.unassigned
  var position = Vector2(3, 4)
  var faction = Faction(0)
}

@Suite("GameShell: the window's inspector")
struct GameInspectorTests {
  @Test("the inspected entity's type, traits and fields are drawn in the panel")
  func panel() {
    let frame = Frame(tick: 0, worldWidth: 640, worldHeight: 360)
    var view = GameView(controlsTime: true)
    let inspection = EntityInspection(Stone(), traits: ["LyingTrait"])
    let texts = view.shown(frame, inspection: inspection).overlay.compactMap {
      if case .text(let text) = $0.shape { text.text } else { nil }
    }
    #expect(texts.contains { $0.hasPrefix("Stone ") })
    #expect(texts.contains("LyingTrait") && texts.contains("position: (3.00, 4.00)"))
    #expect(
      view.shown(frame).overlay.count < view.shown(frame, inspection: inspection).overlay.count)
  }
}

@Suite("GameShell: the window's figures")
struct WindowFiguresTests {
  @Test("F1 shows the medians of what ticks and frames took, and the game's own lines")
  func figures() {
    var figures = WindowFigures()
    for seconds in [0.002, 0.001, 0.009] { figures.tick(seconds) }
    for _ in 0..<3 { figures.frame(1.0 / 60) }
    let lines = figures.lines(tick: 42, ticksPerSecond: 30, speed: 2, more: ["hawks: 4"])
    #expect(
      lines == [
        "tick 42, 60 a second", "a tick: 2.00 ms", "a frame: 16.67 ms (60 fps)", "hawks: 4",
      ])
    let world = Frame(tick: 0, worldWidth: 640, worldHeight: 360)
    var view = GameView(controlsTime: true)
    let texts = { (frame: Frame) in
      frame.overlay.compactMap { if case .text(let text) = $0.shape { text.text } else { nil } }
    }
    #expect(!texts(view.shown(world, figures: lines)).contains("a tick: 2.00 ms"))
    _ = view.handle(.keyDown(.f1), worldWidth: 640, worldHeight: 360)
    let shown = texts(view.shown(world, figures: lines))
    #expect(lines.allSatisfy(shown.contains))
  }

  @Test("a window's summary: where its frames spent their time, and the frame-time percentiles")
  func summary() {
    var figures = WindowFigures()
    #expect(figures.summary.isEmpty)
    // The first frame has none before it; then 16 frames 1/60 s apart and 4 of 50 ms.
    figures.frame(0.001)
    for _ in 0..<16 { figures.frame(1.0 / 60) }
    for _ in 0..<4 { figures.frame(0.05) }
    figures.frameParts(draw: 0.004, present: 0.002, ticks: 0.006, ticksRun: 2)
    figures.frameParts(draw: 0.002, present: 0.002, ticks: 0, ticksRun: 0)
    // 20 frames in 16/60 + 4 * 0.05 = 0.4667 s: 42.86 a second.
    #expect(
      figures.summary == [
        "frame rate: 42.9 frames a second",
        "frame time: draw 3.0 ms, present 2.0 ms, ticks 3.0 ms a frame (2 ticks of 3.00 ms)",
        // Read to the upper edge of a frame's 0.1 ms bucket: 16.67 ms in 16.6-16.7, 50 ms in
        // 50.0-50.1.
        "frame times: p50 16.7 ms, p95 50.1 ms, p99 50.1 ms (20 between frames)",
      ])
    // The GPU path's calls, split by whether a frame sent a new tick's instances.
    let sent = OpenGLBackend.FrameCost(
      uploadedBytes: 4096, uploadSeconds: 0.0005, callSeconds: 0.0015)
    let drawnAgain = OpenGLBackend.FrameCost(callSeconds: 0.0004)
    for cost in [sent, sent, drawnAgain] { figures.gpuCalls.record(cost) }
    #expect(
      figures.summary[2]
        == "GPU path on the main thread, OpenGL calls before each swap: 2.00 ms a frame with a "
        + "new tick's instances (0.50 ms of it sending them; 2 frames), 0.40 ms without (1 "
        + "frames)")
  }

  @Test("F1's graph has a bar a frame: drawing and presenting stacked, the ticks below")
  func graph() {
    var figures = WindowFigures()
    figures.frameParts(draw: 0.010, present: 0.005, ticks: 0.020)
    figures.frameParts(draw: 0.004, present: 0.001, ticks: 0)
    let world = Frame(tick: 0, worldWidth: 640, worldHeight: 360)
    var view = GameView(controlsTime: true)
    _ = view.handle(.keyDown(.f1), worldWidth: 640, worldHeight: 360)
    let frame = view.shown(
      world, figures: ["a tick: 1.00 ms"], graph: figures.graph(framesPerSecond: 60))
    func bars(_ color: Color) -> [Float] {
      frame.overlay.compactMap { command in
        guard case .rect(let rect) = command.shape, rect.color == color, rect.width == 1 else {
          return nil
        }
        return rect.height
      }
    }
    // 40 ms is a graph's full height: 10 ms a quarter of it, 5 ms an eighth.
    let height = FrameTimeGraph.height
    #expect(bars(FrameTimeGraph.draw) == [height / 4, height / 10])
    #expect(bars(FrameTimeGraph.present) == [height / 8, height / 40])
    #expect(bars(FrameTimeGraph.simulation) == [height / 2])
    let texts = frame.overlay.compactMap {
      if case .text(let text) = $0.shape { text.text } else { nil }
    }
    #expect(texts.contains("draw+present ms") && texts.contains("a tick: 1.00 ms"))
  }

  @Test("a game on a World shows what each of its systems took in the last tick")
  func systemTimes() {
    var world = World(seed: 1, fixedDeltaTime: 1 / 30, arenaSize: Vector2(100, 100))
    #expect(world.lastTickTimes.isEmpty)
    world.measuresSystemTimes = true
    world.step()
    let names = world.lastTickTimes.map(\.name)
    #expect(names == world.systems.map(\.name) + ["despawns", "spawns", "spatialSort"])
    #expect(FiguresPanel.timeLines([("movement", 0.001_523)]) == ["  movement 1.52 ms"])
  }
}
