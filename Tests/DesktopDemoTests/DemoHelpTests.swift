import Frames
import MonsterWars
import SDLBackend
import Testing
import TraitSandbox

@testable import DesktopDemo

@Suite("Demo: the help and the camera that follows the pointer")
struct DemoHelpTests {
  /// Every key the window reports: the named ones and every printable character.
  static let allKeys: [Key] =
    [.space, .escape, .f1, .enter, .backspace, .left, .right, .up, .down, .home]
    + (33...126).map { .character(Character(Unicode.Scalar(UInt8($0)))) }

  @Test("the help lists every key the input map binds, playing and in the timeline")
  func listsEveryBoundKey() throws {
    var state = DemoState(scenario: try duel(), seed: 1, autoplay: false)
    state.advance(steps: 120)
    let roster = state.scenario.roster
    let playing = DemoHelp(state)
    for key in Self.allKeys where DesktopDemo.action(for: key, roster: roster) != nil {
      #expect(playing.lists(key), "\(key) is bound but not in the help")
    }
    // And names no key that does nothing.
    for entry in playing.entries {
      for key in entry.keys {
        #expect(DesktopDemo.action(for: key, roster: roster) != nil, "\(key) does nothing")
      }
    }
    state.handle(.toggleTimeline)
    let timeline = DemoHelp(state)
    #expect(timeline.title.contains("timeline"))
    for key in Self.allKeys {
      guard let action = DesktopDemo.action(for: key, roster: roster, isTimelineOpen: true)
      else { continue }
      // Orders, restarts and single steps are refused while the timeline is open.
      switch action {
      case .buy, .cancelOrder, .restart, .stepOnce:
        #expect(!timeline.lists(key), "\(key) is refused in the timeline")
      default:
        #expect(timeline.lists(key), "\(key) (\(action)) is not in the timeline's help")
      }
    }
    #expect(!timeline.entries.contains { $0.label == "Arrows" })
  }

  @Test("each mode's help says what it is and leaves out what the mode refuses")
  func modes() throws {
    let watching = DemoHelp(DemoState(scenario: try duel(), seed: 1, autoplay: true))
    #expect(watching.title == "Help: watching the computer play both castles")
    #expect(!watching.lists(.character("1")) && !watching.lists(.backspace))
    #expect(watching.lists(.space) && watching.lists(.character("r")))
    let guest = DemoHelp(DemoState(netplay: try duel(), side: .right, swarmCount: nil))
    #expect(guest.title.hasPrefix("Help: over the network (right"))
    #expect(guest.lists(.character("1")) && !guest.lists(.space) && !guest.lists(.character("r")))
    let host = DemoHelp(DemoState(netplay: try duel(), side: .left, swarmCount: nil))
    #expect(host.lists(.character("r")) && !host.lists(.character("+")))
  }

  @Test("H shows the help over the frame and H or ? hides it; the keys map to it")
  func toggles() throws {
    #expect(DesktopDemo.action(for: .character("h"), roster: .standard) == .toggleHelp)
    #expect(DesktopDemo.action(for: .character("?"), roster: .standard) == .toggleHelp)
    var state = DemoState(scenario: try duel(), seed: 1, autoplay: false)
    let frame = state.match.makeFrame()
    #expect(
      !overlayTexts(state.decorate(frame, now: 0, statistics: .init())).contains {
        $0.hasPrefix("Help:")
      })
    state.handle(.toggleHelp)
    let texts = overlayTexts(state.decorate(frame, now: 0, statistics: .init()))
    #expect(texts.contains("Help: playing left (blue)"))
    #expect(texts.contains("Backspace") && texts.contains("cancel the newest order not yet paid"))
    state.handle(.toggleHelp)
    #expect(
      !overlayTexts(state.decorate(frame, now: 0, statistics: .init())).contains {
        $0.hasPrefix("Help:")
      })
  }

  @Test("paused, the timeline's past still plays when asked, with Space or P")
  func timelinePlaysWhilePaused() throws {
    var state = DemoState(scenario: try duel(), seed: 2, autoplay: true)
    state.advance(steps: 1200)
    state.handle(.togglePause)
    state.handle(.toggleTimeline)
    state.handle(.scrub(seconds: -10))
    let from = state.shownMatch.world.tick
    #expect(!state.clockRuns)
    state.handle(.togglePause)
    #expect(state.timelineView?.isWatching == true && state.isPaused && state.clockRuns)
    state.advance(steps: 30)
    #expect(state.shownMatch.world.tick == from + 30)
    #expect(state.match.world.tick == 1200)
    state.handle(.toggleWatching)
    state.advance(steps: 30)
    #expect(state.shownMatch.world.tick == from + 30)
    state.handle(.toggleTimeline)
    #expect(state.isPaused && state.match.world.tick == 1200)
  }

  @Test("the wheel keeps the world point under the pointer; the keys keep the selection")
  func zoomTowardPoints() throws {
    var state = DemoState(scenario: try duel(), seed: 1, autoplay: true)
    let arena = state.match.world.arenaSize
    let (width, height) = (1920, 1080)
    var frame = Frame(tick: 0, worldWidth: arena.x, worldHeight: arena.y)
    for (x, y, factor) in [(300, 200, 1.25), (1500, 900, 1.5625), (1800, 100, 2), (960, 540, 0.8)] {
      frame.camera = state.camera
      let before = Viewport(world: frame, width: width, height: height).worldPoint(x: x, y: y)
      state.handle(.zoomToward(by: Float(factor), worldX: before.x, worldY: before.y))
      frame.camera = state.camera
      let after = Viewport(world: frame, width: width, height: height).worldPoint(x: x, y: y)
      #expect(abs(after.x - before.x) < 0.05 && abs(after.y - before.y) < 0.05, "\(x), \(y)")
    }
    // With a castle inspected, ] keeps it where it is on screen.
    state.handle(.fitArena)
    state.advance(steps: 10)
    let shown = state.match.makeFrame()
    let castle = try #require(state.match.castle(of: .left))
    state.handle(.select(worldX: castle.position.x, worldY: castle.position.y), frame: shown)
    #expect(state.selection != nil)
    frame.camera = nil
    let at = Viewport(world: frame, width: width, height: height)
    let screen = (at.outputX(castle.position.x), at.outputY(castle.position.y))
    state.handle(.zoom(by: 1.5), frame: shown)
    frame.camera = state.camera
    let zoomed = Viewport(world: frame, width: width, height: height)
    #expect(abs(zoomed.outputX(castle.position.x) - screen.0) < 0.5)
    #expect(abs(zoomed.outputY(castle.position.y) - screen.1) < 0.5)
  }

  @Test("in a battle's large arena, among thousands of monsters, the castles stay in sight")
  func minimapBattleCastles() throws {
    let battle = try Scenario.load(contentsOf: scenarios.appendingPathComponent("battle.json"))
    var state = DemoState(scenario: battle, seed: 1, autoplay: true, swarmCount: 4_000)
    let frame = state.match.makeFrame()
    state.handle(.zoom(by: 4))
    let outlines = state.decorate(frame, now: 0, statistics: .init()).overlay.compactMap {
      command -> RectDraw? in
      guard case .rect(let rect) = command.shape, !rect.isFilled, rect.color == .white else {
        return nil
      }
      return rect
    }
    // Two castles, outlined, at least the least size a landmark is drawn.
    #expect(outlines.count == 2)
    #expect(outlines.allSatisfy { $0.width >= Minimap.landmarkMinimumSize + 2 })
  }

  @Test("the inspector names sides as the game does and scrolls with the wheel over it")
  func inspectorNamesAndScrolls() throws {
    var state = DemoState(scenario: try duel(), seed: 1, autoplay: false)
    state.advance(steps: 10)
    let frame = state.match.makeFrame()
    let castle = try #require(state.match.castle(of: .left))
    state.handle(.select(worldX: castle.position.x, worldY: castle.position.y), frame: frame)
    var texts = overlayTexts(state.decorate(frame, now: 0, statistics: .init()))
    #expect(texts.contains("faction: left (blue) (0)"))
    // A castle has more rows than 720 lines hold: the last line says how many are below.
    let below = try #require(texts.first { $0.hasPrefix("v ") })
    #expect(below.hasSuffix(" more: the wheel scrolls"))
    #expect(texts.contains { $0.hasPrefix("Castle #") })
    state.handle(.scrollInspector(rows: 3))
    texts = overlayTexts(state.decorate(frame, now: 0, statistics: .init()))
    #expect(texts.contains("^ 3 more: the wheel scrolls"))
    #expect(!texts.contains { $0.hasPrefix("Castle #") })
    // The wheel scrolls no further than where the last row shows at the bottom.
    let limit = state.decoration(now: 0, statistics: .init()).inspectorScrollLimit
    #expect(limit > 3)
    state.handle(.scrollInspector(rows: 1_000, limit: limit))
    #expect(state.inspectorScroll == limit)
    texts = overlayTexts(state.decorate(frame, now: 0, statistics: .init()))
    #expect(
      !texts.contains { $0.hasPrefix("v ") } && texts.contains("^ \(limit) more: the wheel scrolls")
    )
    state.handle(.scrollInspector(rows: -3, limit: limit))
    #expect(state.inspectorScroll == limit - 3)
    // Another selection starts at its top.
    let right = try #require(state.match.castle(of: .right))
    state.handle(.select(worldX: right.position.x, worldY: right.position.y), frame: frame)
    #expect(state.inspectorScroll == 0)
    texts = overlayTexts(state.decorate(frame, now: 0, statistics: .init()))
    #expect(texts.contains("faction: right (red) (1)"))
  }

  @Test("zoomed in, the minimap shows both castles at their size and moves the view")
  func minimapCastlesAndClicks() throws {
    var state = DemoState(scenario: try duel(), seed: 1, autoplay: true)
    state.advance(steps: 10)
    let frame = state.match.makeFrame()
    state.handle(.zoom(by: 4))
    let rects = state.decorate(frame, now: 0, statistics: .init()).overlay.compactMap {
      command -> RectDraw? in if case .rect(let rect) = command.shape { rect } else { nil }
    }
    let cell = Minimap.width / Float(Minimap.columns)
    let minimap = try #require(
      state.decoration(now: 0, statistics: .init(), canvas: frame.overlayCanvas).minimap)
    let left = minimap.x
    for side in Side.allCases {
      let boxes = rects.filter { $0.isFilled && $0.color == side.color && $0.height > 2 * cell }
      #expect(boxes.count == 1, "\(side) castle on the minimap: \(boxes)")
      let middle = left + Minimap.width / 2
      #expect(boxes.allSatisfy { side == .left ? $0.x < middle : $0.x > middle })
    }
    let arena = state.match.world.arenaSize
    state.handle(.lookAt(worldX: arena.x * 0.75, worldY: arena.y / 2))
    let camera = try #require(state.camera)
    #expect(camera.zoom == 4 && camera.centreX == arena.x * 0.75 && camera.centreY == arena.y / 2)
    // Zoomed out, there is no minimap to look through.
    state.handle(.fitArena)
    state.handle(.lookAt(worldX: 10, worldY: 10))
    #expect(state.camera == nil)
  }
}
