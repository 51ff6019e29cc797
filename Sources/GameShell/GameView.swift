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
  var selection: AnyEntityID? {
    didSet { if selection != oldValue { inspectorScroll = 0 } }
  }
  /// Whether the figures panel (F1) shows what the game's ticks and frames cost.
  private(set) var showsFigures = false
  /// The settings file the window reloads, as the command line named it, if it does.
  var settingsFile: String?
  /// What R does, as the help says it; `nil` where it does nothing (a guest's side of a match
  /// over the network, or a game that restarts only by itself there).
  var restartHelp: String?
  /// Whether the camera keeps the selection in the middle of the view (F).
  private(set) var isFollowing = false
  /// The type of the entity followed, for the notice when it is gone.
  private var followedName: String?
  /// A short notice, shown for `noticeFrames` frames yet.
  private(set) var notice: String?
  /// The frames the notice shows for yet.
  private var noticeFrames = 0
  /// Whether the window may pause and change speed: not in a match over the network, whose
  /// clock both players share.
  let controlsTime: Bool
  /// What a click does, as the help says it.
  var clickHelp: String
  /// The game's keys, as the help lists them.
  var keys: [GameKey]
  /// The canvas the overlay is laid out on: the window's (`OverlayCanvas.fitting`).
  var canvas = OverlayCanvas.standard
  /// The first of the inspector's rows shown: the wheel over the inspector scrolls.
  private(set) var inspectorScroll = 0
  /// The speed the game's clock ran at, as the window measured it, while that is below the
  /// speed asked for because the game cannot keep up; `nil` while it keeps up.
  var behindSpeed: Double?
  /// Where the last frame shown put the minimap, if it showed one.
  private(set) var minimap: OverlayRect?
  /// Where the last frame shown put the inspector, if it showed one.
  private(set) var inspector: OverlayRect?
  /// The most the inspector's rows scrolled in the last frame shown.
  private(set) var inspectorScrollLimit = 0
  /// Where the last frame shown put the timeline's bar, if it showed one: a click seeks.
  private(set) var bar: OverlayRect?

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
    case .keyDown(.character("f")): toggleFollow(width: width, height: height, focus: focus)
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

  /// Starts or stops following the selection, zoomed in on it; says what to do with nothing
  /// selected.
  private mutating func toggleFollow(width: Float, height: Float, focus: (x: Float, y: Float)?) {
    guard selection != nil else {
      isFollowing = false
      say("nothing to follow: right-click something first")
      return
    }
    isFollowing.toggle()
    if isFollowing, let focus {
      let zoom = camera?.zoom ?? 4
      camera = Camera(centreX: focus.x, centreY: focus.y, zoom: zoom)
      look(at: focus, width: width, height: height)
    }
    say(isFollowing ? "following the selection" : "camera free")
  }

  /// Shows the world through `camera` (`--zoom` and `--center`), or whole for `nil`.
  mutating func look(through camera: Camera?) {
    self.camera = camera
  }

  /// Drops the selection and stops following it: for a game started again, whose entities are
  /// others.
  mutating func forgetSelection() {
    selection = nil
    isFollowing = false
    followedName = nil
  }

  /// Shows `text` for three seconds of frames.
  mutating func say(_ text: String) {
    notice = text
    noticeFrames = 180
  }

  /// Keeps the camera on the entity followed, where `frame` draws it; when it is gone, stops,
  /// closes the inspector and says so: the camera stays where it was.
  private mutating func follow(
    in frame: Frame, selected: (x: Float, y: Float)?, inspection: EntityInspection?
  ) {
    guard isFollowing, selection != nil else { return }
    if let inspection { followedName = inspection.typeName }
    if let selected {
      look(at: selected, width: frame.worldWidth, height: frame.worldHeight)
      return
    }
    guard inspection == nil else { return }
    isFollowing = false
    self.selection = nil
    say("the \(followedName ?? "entity") you followed is gone: the camera stays where it was")
  }

  /// Scrolls the inspector's rows `rows` down (up when negative), not above the first nor
  /// past where the last shows at the bottom, as the last frame shown laid it out.
  mutating func scrollInspector(by rows: Int) {
    inspectorScroll = max(min(inspectorScroll + rows, inspectorScrollLimit), 0)
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

  /// `frame` as the window shows it, its overlay laid out on `canvas` by one pass (`HUDLayout`):
  /// through the camera, with the status line (paused, the speed, the key for help) at the top
  /// left, the minimap of the whole world while zoomed in, the inspector's panel of `inspection`
  /// (scrolled by the wheel over it), the `banner`, F1's `figures` and its `graph` of the last
  /// frames' times along the bottom, the `player`'s own lines under the status line, and the help;
  /// none over another nor over what the game keeps in sight (`keptInSight`, through the camera).
  /// Notes where the minimap and the inspector went, for the clicks and the wheel over them. The
  /// frame is drawn `alpha` of the way from the frame `pairing` pairs it with, if any, and the
  /// camera follows the selection where it is drawn.
  mutating func shown(
    _ frame: Frame, pairedWith pairing: InstancePairing? = nil, alpha: Float = 1,
    inspection: EntityInspection? = nil, figures: [String] = [], graph: FrameTimeGraph? = nil,
    banner: String? = nil, progress: Float? = nil, player: [String] = [],
    keptInSight: [WorldArea] = []
  ) -> Frame {
    // Where the selection is drawn, found once for the camera and the minimap.
    let selected = selection.flatMap { frame.place(of: $0, pairedWith: pairing, alpha: alpha) }
      .map { ($0.x, $0.y) }
    follow(in: frame, selected: selected, inspection: inspection)
    var shown = frame
    shown.camera = camera ?? frame.camera
    var builder = FrameBuilder(canvas: canvas)
    var layout = HUDLayout(
      canvas: canvas, keepClear: Self.onCanvas(keptInSight, of: shown, canvas: canvas))
    for rect in Self.hudBands(of: frame, on: canvas) { layout.reserve(rect) }
    let status = statusLine
    if let rect = layout.place(
      width: Float(status.count) * 16 + 12, height: 28, near: [.topLeft, .top])
    {
      builder.drawOverlay(band(rect), layer: Self.panelLayer)
      builder.drawOverlay(text(status, x: rect.x + 6, y: rect.y + 6), layer: Self.panelLayer + 1)
    }
    if !player.isEmpty {
      drawLines(player, size: 12, layout: &layout, near: [.topLeft, .top], into: &builder)
    }
    bar = nil
    if let progress,
      let rect = layout.place(width: canvas.width - 16, height: 20, near: [.bottom])
    {
      drawBar(progress, in: rect, into: &builder)
      bar = rect
    }
    if let banner {
      drawLines([banner], size: 12, layout: &layout, near: [.bottomLeft, .bottom], into: &builder)
    }
    placeMinimap(
      of: frame, selected: selection == nil ? nil : selected, layout: &layout, into: &builder)
    if let notice {
      drawLines([notice], size: 16, layout: &layout, near: [.top, .centre], into: &builder)
      noticeFrames -= 1
      if noticeFrames <= 0 { self.notice = nil }
    }
    placeInspector(inspection, layout: &layout, into: &builder)
    if showsFigures && !figures.isEmpty {
      FiguresPanel(lines: figures, graph: graph).draw(
        layout: &layout, near: [.bottomLeft, .left], into: &builder)
    }
    if showsHelp { drawHelp(layout: &layout, into: &builder) }
    var made = Frame(
      tick: shown.tick, worldWidth: shown.worldWidth, worldHeight: shown.worldHeight,
      background: shown.background, instances: shown.instances, world: shown.world,
      overlay: frame.overlay + builder.overlay
    ).withCamera(shown.camera)
    made.overlayCanvas = canvas
    return made
  }

  /// Draws the help where `layout` places it, or over the other panels where there is no room
  /// beside them, until it is closed.
  private func drawHelp(layout: inout HUDLayout, into builder: inout FrameBuilder) {
    let places: [HUDLayout.Place] = [.topLeft, .left, .centre]
    var modal = HUDLayout(canvas: canvas)
    if !drawLines(helpLines, size: 16, indent: 13, layout: &layout, near: places, into: &builder) {
      drawLines(
        helpLines, size: 16, indent: 13, layout: &modal, near: places,
        layer: Self.panelLayer + 10, into: &builder)
    }
  }

  /// Draws the minimap of `frame` where `layout` places it, while the view is zoomed in, and
  /// notes where.
  private mutating func placeMinimap(
    of frame: Frame, selected: (x: Float, y: Float)?, layout: inout HUDLayout,
    into builder: inout FrameBuilder
  ) {
    minimap = nil
    if let camera,
      let rect = layout.place(
        width: Minimap.width, height: Minimap.height, near: [.bottomRight, .bottomLeft])
    {
      Minimap.draw(frame, camera: camera, selected: selected, at: (rect.x, rect.y), into: &builder)
      minimap = rect
    }
  }

  /// Draws the inspector's panel of `inspection` where `layout` places it, scrolled, and notes
  /// where and how far it scrolls.
  private mutating func placeInspector(
    _ inspection: EntityInspection?, layout: inout HUDLayout, into builder: inout FrameBuilder
  ) {
    inspector = nil
    if let inspection {
      let placed = InspectorPanel.place(
        inspection.inspectorRows, layout: &layout, scroll: inspectorScroll, into: &builder)
      (inspector, inspectorScrollLimit) = (placed.rect, placed.scrollLimit)
    }
  }

  /// Draws the timeline's bar filling `rect`: a track, and where the past shown stands on it,
  /// `progress` of the way along.
  private func drawBar(_ progress: Float, in rect: OverlayRect, into builder: inout FrameBuilder) {
    builder.drawOverlay(band(rect), layer: Self.panelLayer)
    let track = OverlayRect(x: rect.x + 8, y: rect.y + 8, width: rect.width - 16, height: 4)
    builder.drawOverlay(
      .rect(
        RectDraw(
          x: track.x, y: track.y, width: track.width, height: track.height,
          color: Color(red: 120, green: 120, blue: 120))), layer: Self.panelLayer + 1)
    builder.drawOverlay(
      .rect(
        RectDraw(
          x: track.x + track.width * min(max(progress, 0), 1) - 2, y: rect.y + 2, width: 4,
          height: rect.height - 4, color: Color(red: 255, green: 215, blue: 90))),
      layer: Self.panelLayer + 2)
  }

  /// The fraction of the way along the timeline's bar at overlay x `x`.
  func barFraction(atX x: Float) -> Float? {
    guard let bar else { return nil }
    return min(max((x - bar.x - 8) / max(bar.width - 16, 1), 0), 1)
  }

  /// Draws `lines` at `size` on one band where `layout` places them near the first of
  /// `places` with room, at a smaller size (down to the smallest) where they do not fit, each
  /// broken to the canvas's width with its continuations `indent` characters in; returns
  /// whether they found room.
  @discardableResult
  private func drawLines(
    _ given: [String], size: Float, indent: Int = 2, layout: inout HUDLayout,
    near places: [HUDLayout.Place], layer: Int = panelLayer, into builder: inout FrameBuilder
  ) -> Bool {
    for size in Set([size, 14, OverlayCanvas.smallestTextSize]).sorted(by: >) {
      let room = Int((canvas.width - 2 * layout.margin - 24) / size)
      let pad = String(repeating: " ", count: indent)
      // A line too long keeps its first `indent` characters (the help's key column) and
      // breaks the rest under them.
      let lines = given.flatMap { line -> [String] in
        guard line.count > room else { return [line] }
        let head = String(line.prefix(indent))
        return TextLines.wrapped(String(line.dropFirst(indent)), width: max(room - indent, 8))
          .enumerated().map { ($0.offset == 0 ? head : pad) + $0.element }
      }
      let step = size + size / 4
      let width = Float(lines.map(\.count).max() ?? 0) * size + 24
      guard
        let rect = layout.place(width: width, height: Float(lines.count) * step + 16, near: places)
      else { continue }
      builder.drawOverlay(band(rect), layer: layer)
      for (index, line) in lines.enumerated() {
        builder.drawOverlay(
          text(line, x: rect.x + 12, y: rect.y + 8 + Float(index) * step, size: size),
          layer: layer + 1)
      }
      return true
    }
    return false
  }

  /// The layer of the view's bands, over the game's overlay, the minimap and the inspector;
  /// the help, when it goes over them, ten above.
  static let panelLayer = 1_000

  /// A dark, half-transparent band filling `rect`, that text reads over whatever is under it.
  private func band(_ rect: OverlayRect) -> DrawCommand.Shape {
    .rect(
      RectDraw(rect, color: Color(red: 16, green: 18, blue: 24, alpha: 200)))
  }

  /// A line of the view's text.
  private func text(_ line: String, x: Float, y: Float, size: Float = 16) -> DrawCommand.Shape {
    .text(TextDraw(line, x: x, y: y, size: size))
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
