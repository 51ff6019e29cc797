import Frames
import SDLBackend
import TraitSandbox

/// What the player of a game's window changes besides the game: pause and single steps, the
/// speed, the camera, and the help that lists the keys. Pure state, shown as an overlay on the
/// game's frame.
struct GameView: Equatable {
  /// The speeds `+` and `-` step through, in times the game's own rate.
  static let speeds: [Double] = [0.125, 0.25, 0.5, 1, 2, 4, 8]

  /// Whether no tick runs but the single steps asked for.
  private(set) var isPaused = false
  /// Single ticks asked for while paused, not yet run.
  var stepsWanted = 0
  /// The speed's place in `speeds`.
  private(set) var speedIndex = 3
  /// The part of the world shown; `nil` for all of it.
  private(set) var camera: Camera?
  /// Whether the help lists the keys.
  private(set) var showsHelp = false
  /// The entity the inspector shows, which a right-click picked.
  var selection: AnyEntityID?
  /// Whether the figures panel (F1) shows what the game's ticks and frames cost.
  private(set) var showsFigures = false
  /// Whether the window may pause and change speed: not in a match over the network, whose
  /// clock both players share.
  let controlsTime: Bool
  /// What a click does, as the help says it.
  let clickHelp: String
  /// The game's keys, as the help lists them.
  let keys: [GameKey]

  /// A view of the whole world at the game's own speed.
  init(controlsTime: Bool, clickHelp: String = "your seat's input there", keys: [GameKey] = []) {
    self.controlsTime = controlsTime
    self.clickHelp = clickHelp
    self.keys = keys
  }

  /// The speed, in times the game's own rate.
  var speed: Double { Self.speeds[speedIndex] }

  /// Takes a key, for a world of `width` x `height` where the keys zoom toward `focus` (the
  /// selection) or else the view's centre; returns whether it was the view's (a click, the
  /// wheel, Esc and the window closing are not: the window places them).
  mutating func handle(
    _ event: InputEvent, worldWidth width: Float, worldHeight height: Float,
    focus: (x: Float, y: Float)? = nil
  ) -> Bool {
    switch event {
    case .keyDown(.space) where controlsTime: isPaused.toggle()
    case .keyDown(.character(".")) where controlsTime && isPaused: stepsWanted += 1
    case .keyDown(.character("+")), .keyDown(.character("=")):
      guard controlsTime else { return false }
      speedIndex = min(speedIndex + 1, Self.speeds.count - 1)
    case .keyDown(.character("-")):
      guard controlsTime else { return false }
      speedIndex = max(speedIndex - 1, 0)
    case .keyDown(.character("]")): zoom(by: 2, toward: focus, width: width, height: height)
    case .keyDown(.character("[")): zoom(by: 0.5, toward: focus, width: width, height: height)
    case .keyDown(.left): pan(-1, 0, width: width, height: height)
    case .keyDown(.right): pan(1, 0, width: width, height: height)
    case .keyDown(.up): pan(0, -1, width: width, height: height)
    case .keyDown(.down): pan(0, 1, width: width, height: height)
    case .keyDown(.home): camera = nil
    case .keyDown(.character("h")), .keyDown(.character("?")): showsHelp.toggle()
    case .keyDown(.f1): showsFigures.toggle()
    default: return false
    }
    return true
  }

  /// Zooms `factor` times closer, keeping the world point `focus` where the view shows it (the
  /// view's centre without one); back to the whole world at 1.
  mutating func zoom(
    by factor: Float, toward focus: (x: Float, y: Float)?, width: Float, height: Float
  ) {
    camera = Camera.zoomed(
      camera, by: factor, toward: focus, worldWidth: width, worldHeight: height)
  }

  /// Centres the view, zoomed in as it is, on the world point `(x, y)`, as far as the world's
  /// edges allow: what a click on the minimap does.
  mutating func look(at point: (x: Float, y: Float), width: Float, height: Float) {
    guard let current = camera else { return }
    let moved = Camera(centreX: point.x, centreY: point.y, zoom: current.zoom)
    let view = moved.view(worldWidth: width, worldHeight: height)
    camera = Camera(
      centreX: view.x + view.width / 2, centreY: view.y + view.height / 2, zoom: current.zoom)
  }

  /// Moves the view a quarter of its size along `(dx, dy)`, staying inside the world.
  private mutating func pan(_ dx: Float, _ dy: Float, width: Float, height: Float) {
    guard let current = camera else { return }
    let view = current.view(worldWidth: width, worldHeight: height)
    let centreX = view.x + view.width / 2 + dx * view.width / 4
    let centreY = view.y + view.height / 2 + dy * view.height / 4
    camera = Camera(
      centreX: min(max(centreX, view.width / 2), width - view.width / 2),
      centreY: min(max(centreY, view.height / 2), height - view.height / 2), zoom: current.zoom)
  }

  /// The keys, a line each, as the help lists them.
  var helpLines: [String] {
    var lines = ["Click      \(clickHelp)", "Right-click  inspect what is there"]
    lines.append("Minimap    click or drag to look there")
    for key in keys {
      lines.append(
        String(key.key).uppercased().padding(toLength: 11, withPad: " ", startingAt: 0) + key.help)
    }
    if controlsTime {
      lines += [
        "Space      pause or go on", ".          one tick, while paused",
        "+ / -      faster / slower (x1/8 to x8)", "T          look back at the past",
      ]
    }
    lines += [
      "Wheel      zoom in / out toward the pointer",
      "] [        zoom in / out toward the selection", "Arrows     move the view, zoomed in",
      "Home       the whole world",
      "F1         what ticks and frames cost", "H  ?       this help", "Esc        quit",
    ]
    return lines
  }

  /// `frame` as the window shows it: through the camera, with the status line (paused, the
  /// speed, the key for help), the help, the inspector's panel of `inspection`, and, zoomed
  /// in, the minimap of the whole world.
  func shown(
    _ frame: Frame, inspection: EntityInspection? = nil, figures: [String] = [],
    banner: String? = nil
  ) -> Frame {
    var shown = frame
    shown.camera = camera ?? frame.camera
    var status: [String] = []
    if isPaused { status.append("paused") }
    if speed != 1 { status.append(speed < 1 ? "x1/\(Int(1 / speed))" : "x\(Int(speed))") }
    if let camera { status.append("zoom x\(Int(camera.zoom))") }
    status.append(showsHelp ? "H: close the help" : "H: keys")
    var overlay = frame.overlay
    var builder = FrameBuilder()
    if let camera {
      let selected = selection.flatMap { frame.place(of: $0) }.map { ($0.x, $0.y) }
      Minimap.draw(frame, camera: camera, selected: selected, into: &builder)
    }
    if let inspection { InspectorPanel.draw(inspection.inspectorRows, into: &builder) }
    overlay += builder.overlay
    let bannerHeight: Float = banner == nil ? 0 : 36
    if let banner {
      overlay.append(
        band(
          x: 8, y: Frame.overlayHeight - 36, width: Float(banner.count) * 12 + 24, height: 28))
      overlay.append(text(banner, x: 20, y: Frame.overlayHeight - 28, size: 12))
    }
    if showsFigures && !figures.isEmpty {
      // Bottom left, clear of the help (top left), the inspector and the minimap (right).
      let top = Frame.overlayHeight - bannerHeight - Float(figures.count) * 20 - 28
      let width = Float(figures.map(\.count).max() ?? 0) * 12 + 24
      overlay.append(band(x: 8, y: top - 10, width: width, height: Float(figures.count) * 20 + 20))
      for (index, line) in figures.enumerated() {
        overlay.append(text(line, x: 20, y: top + Float(index) * 20, size: 12))
      }
    }
    let line = status.joined(separator: "  ")
    overlay.append(band(x: 8, y: 8, width: Float(line.count) * 16 + 12, height: 28))
    overlay.append(text(line, x: 14, y: 14))
    if showsHelp {
      let width = Float(helpLines.map(\.count).max() ?? 0) * 16 + 24
      overlay.append(band(x: 8, y: 44, width: width, height: Float(helpLines.count) * 24 + 20))
      for (index, help) in helpLines.enumerated() {
        overlay.append(text(help, x: 20, y: 54 + Float(index) * 24))
      }
    }
    return Frame(
      tick: shown.tick, worldWidth: shown.worldWidth, worldHeight: shown.worldHeight,
      background: shown.background, instances: shown.instances, world: shown.world,
      overlay: overlay
    ).withCamera(shown.camera)
  }

  /// A dark, half-transparent band that text reads over whatever is under it.
  private func band(x: Float, y: Float, width: Float, height: Float) -> DrawCommand {
    DrawCommand(
      .rect(
        RectDraw(
          x: x, y: y, width: width, height: height,
          color: Color(red: 16, green: 18, blue: 24, alpha: 200))), layer: 1_000)
  }

  /// A line of the view's text.
  private func text(_ line: String, x: Float, y: Float, size: Float = 16) -> DrawCommand {
    DrawCommand(.text(TextDraw(line, x: x, y: y, size: size)), layer: 1_001)
  }
}

extension Frame {
  /// This frame with `camera`.
  fileprivate func withCamera(_ camera: Camera?) -> Frame {
    var frame = self
    frame.camera = camera
    return frame
  }
}
