import Foundation
import Frames
import Imaging
import MonsterWars
import SDLBackend
import TraitSandbox

/// The playable MonsterWars window.
public enum DesktopDemo {
  /// The frame rate the loop draws at; the simulation keeps its own fixed rate regardless.
  public static let targetFramesPerSecond = 60.0

  /// Fails fast, before touching SDL, when no display is available.
  public static func checkDisplay(environment: [String: String]) throws(DemoError) {
    if let problem = SDLSession.displayProblem(environment: environment) {
      throw DemoError(
        message: "\(problem). The demo needs a display; for a headless run use "
          + "'sandbox run', or run the demo under a virtual display: "
          + "xvfb-run -a sandbox demo",
        kind: .missingDisplay)
    }
  }

  /// "1/2/3 buy Quirk/Zap/Munch": the buy keys of `roster`, for help texts.
  public static func buyKeySummary(for roster: Roster) -> String {
    BuyKeys.summary(for: roster)
  }

  /// Opens the window and plays until the player quits or `frameLimit` frames are drawn.
  public static func run(_ configuration: DemoConfiguration) throws(DemoError) -> DemoSummary {
    do {
      return try play(configuration)
    } catch let error as DemoError {
      throw error
    } catch let error as AtomicFileError {
      throw DemoError(message: error.description, kind: .unwritableFile)
    } catch {
      throw DemoError(message: "\(error)", kind: .other)
    }
  }

  /// Refuses a windowless driver that nobody asked for: a display that is set but cannot be
  /// reached would otherwise leave the player with no window and no word why.
  static func checkDriver(_ driver: String, requested: String?) throws(DemoError) {
    if let problem = SDLSession.windowlessDriverProblem(driver, requested: requested) {
      throw DemoError(message: problem, kind: .missingDisplay)
    }
  }

  private static func play(_ configuration: DemoConfiguration) throws -> DemoSummary {
    let session: SDLSession
    do {
      session = try SDLSession(videoDriver: configuration.videoDriver)
    } catch {
      throw DemoError(
        message: "no display available: \(error). The demo needs a display that is running and "
          + "reachable", kind: .missingDisplay)
    }
    try checkDriver(session.videoDriver, requested: configuration.videoDriver)
    let paths: DrawingPaths
    do {
      paths = try DrawingPaths.make(
        session: session,
        request: DrawingPaths.Request(
          title: "TraitSandbox: MonsterWars", width: configuration.width,
          height: configuration.height, sprites: configuration.sprites,
          choice: configuration.renderer, announce: configuration.announce))
    } catch let error as RendererUnavailable {
      throw DemoError(message: error.description, kind: .other)
    }
    let loop = DemoLoop(configuration: configuration, session: session, paths: paths)
    while try loop.runFrame() {}
    if let recordTo = configuration.recordTo {
      try AtomicFile.write(try loop.recording.bytes(), to: recordTo)
    }
    return loop.summary
  }

  /// The demo action an input event asks for, if any, on `frame` as the window shows it (its
  /// camera and canvas) with the panels `decoration` laid out.
  static func action(
    for event: InputEvent, backend: any WindowRenderer, frame: Frame,
    decoration: Decoration? = nil, roster: Roster, isTimelineOpen: Bool = false
  ) -> DemoAction? {
    let size = (width: backend.width, height: backend.height)
    switch event {
    case .quit: return .quit
    case .resized: return nil
    case .mouseDown(let x, let y), .mouseDragged(let x, let y):
      let pixel = Window.pixel(x: x, y: y, windowSize: backend.window.size, pixelSize: size)
      let onOverlay = overlayPoint(pixel, frame: frame, size: size)
      if isTimelineOpen, let bar = decoration?.timelineBar,
        bar.insetBy(-6).contains(x: onOverlay.x, y: onOverlay.y)
      {
        return .seekTimeline(fraction: TimelineView.fraction(atX: onOverlay.x, bar: bar))
      }
      if !isTimelineOpen, let bar = decoration?.replayBar,
        bar.contains(x: onOverlay.x, y: onOverlay.y)
      {
        // The bar is drawn 6 units in from where it takes clicks.
        let drawn = bar.insetBy(6)
        return .seekReplay(fraction: TimelineView.fraction(atX: onOverlay.x, bar: drawn))
      }
      if frame.camera != nil, let minimap = decoration?.minimap,
        let point = Minimap.worldPoint(
          overlayX: onOverlay.x, overlayY: onOverlay.y, origin: (minimap.x, minimap.y),
          worldWidth: frame.worldWidth, worldHeight: frame.worldHeight)
      {
        return .lookAt(worldX: point.x, worldY: point.y)
      }
      guard case .mouseDown = event else { return nil }
      let point = Viewport(world: frame, width: size.width, height: size.height)
        .worldPoint(x: pixel.x, y: pixel.y)
      return .select(worldX: point.x, worldY: point.y)
    case .wheel(let steps, let x, let y):
      let pixel = Window.pixel(x: x, y: y, windowSize: backend.window.size, pixelSize: size)
      let onOverlay = overlayPoint(pixel, frame: frame, size: size)
      if decoration?.inspector?.contains(x: onOverlay.x, y: onOverlay.y) == true {
        return .scrollInspector(rows: -3 * steps, limit: decoration?.inspectorScrollLimit ?? .max)
      }
      let point = Viewport(world: frame, width: size.width, height: size.height)
        .worldPoint(x: pixel.x, y: pixel.y)
      return .zoomToward(by: Float(pow(1.25, Double(steps))), worldX: point.x, worldY: point.y)
    case .rightMouseDown:
      return .cancelOrder
    case .keyDown(let key):
      return action(for: key, roster: roster, isTimelineOpen: isTimelineOpen)
    }
  }

  /// The point of `frame`'s overlay canvas under `pixel` of a drawable of `size`.
  static func overlayPoint(
    _ pixel: (x: Int, y: Int), frame: Frame, size: (width: Int, height: Int)
  ) -> (x: Float, y: Float) {
    Viewport(
      contentWidth: frame.overlayCanvas.width, contentHeight: frame.overlayCanvas.height,
      width: size.width, height: size.height
    ).worldPoint(x: pixel.x, y: pixel.y)
  }

  /// The demo action a key asks for, if any; digits buy the roster's kinds in order. While
  /// the timeline is open, the arrows move along it, Space plays the past, Enter plays on from the
  /// tick shown and Esc closes it.
  static func action(for key: Key, roster: Roster, isTimelineOpen: Bool = false) -> DemoAction? {
    if isTimelineOpen {
      switch key {
      case .left: return .scrub(seconds: -1)
      case .right: return .scrub(seconds: 1)
      case .up: return .scrub(seconds: -10)
      case .down: return .scrub(seconds: 10)
      case .space: return .toggleWatching
      case .enter: return .playFromHere
      case .escape: return .toggleTimeline
      default: break
      }
    }
    switch key {
    case .escape: return .quit
    case .space: return .togglePause
    case .f1: return .toggleDebugOverlay
    case .backspace: return .cancelOrder
    case .left: return .pan(x: -0.25, y: 0)
    case .right: return .pan(x: 0.25, y: 0)
    case .up: return .pan(x: 0, y: -0.25)
    case .down: return .pan(x: 0, y: 0.25)
    case .home: return .fitArena
    case .character(let character):
      if let kind = BuyKeys.kind(for: character, in: roster) { return .buy(kind) }
      switch character {
      case "p": return .togglePause
      case ".": return .stepOnce
      case "+", "=": return .faster
      case "-": return .slower
      case "r": return .restart
      case "]": return .zoom(by: 1.5)
      case "[": return .zoom(by: 1 / 1.5)
      case "f": return .toggleFollow
      case "t": return .toggleTimeline
      case "h", "?": return .toggleHelp
      default: return nil
      }
    case .enter, .other: return nil
    }
  }
}
