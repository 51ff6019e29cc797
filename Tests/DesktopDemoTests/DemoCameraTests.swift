import Foundation
import Frames
import MonsterWars
import Testing
import TraitSandbox

@testable import DesktopDemo

@Suite("Demo camera")
struct DemoCameraTests {
  @Test("zooming, panning and Home move the camera, which stays inside the arena")
  func zoomPanFit() throws {
    var state = DemoState(scenario: try duel(), seed: 1, autoplay: true)
    #expect(state.camera == nil)
    state.handle(.pan(x: 0.25, y: 0))
    #expect(state.camera == nil)
    state.handle(.zoom(by: 2))
    #expect(state.camera == Camera(centreX: 640, centreY: 360, zoom: 2))
    state.handle(.pan(x: 0.25, y: 0))
    #expect(state.camera == Camera(centreX: 800, centreY: 360, zoom: 2))
    // Far past the right edge: the centre stops where the view meets the edge.
    for _ in 0..<10 { state.handle(.pan(x: 0.25, y: 0)) }
    #expect(state.camera == Camera(centreX: 960, centreY: 360, zoom: 2))
    state.handle(.pan(x: -0.25, y: 0))
    #expect(state.camera?.centreX == 800)
    state.handle(.zoom(by: 0.25))
    #expect(state.camera == nil)
    state.handle(.zoom(by: 1000))
    #expect(state.camera?.zoom == Camera.maximumZoom)
    state.handle(.fitArena)
    #expect(state.camera == nil)
  }

  @Test("a window moving its camera at once ends where the demo's state ends, key for key")
  func cameraAtOnce() throws {
    var state = DemoState(scenario: try duel(), seed: 1, autoplay: true)
    let arena = state.match.world.arenaSize
    var shown: Camera? = nil
    let actions: [DemoAction] = [
      .pan(x: 0.25, y: 0), .zoom(by: 1.5), .pan(x: 0.25, y: -0.25), .zoom(by: 4),
      .pan(x: -0.25, y: 0), .zoom(by: 0.5), .fitArena, .zoom(by: 2), .pan(x: 9, y: 9),
    ]
    for action in actions {
      state.handle(action)
      shown = try #require(DemoState.camera(shown, after: action, arena: arena))
      #expect(shown == state.camera, "\(action)")
    }
    #expect(shown != nil)
    // Other actions leave the camera to the state.
    #expect(DemoState.camera(shown, after: .togglePause, arena: arena) == nil)
  }

  @Test("the decorated frame carries the camera, and following keeps the selection centred")
  func follow() throws {
    var state = DemoState(scenario: try duel(), seed: 1, autoplay: true)
    state.advance(steps: 120)
    let frame = state.match.makeFrame()
    let instances = frame.instances
    let aimed = try #require(
      instances.sprites.indices.first {
        instances.entity(at: $0) != nil && instances.sprites[$0].width < 60
      })
    let sprite = instances.sprites[aimed]
    state.handle(.select(worldX: sprite.x, worldY: sprite.y), frame: frame)
    // The topmost sprite under the point is selected, which may be a neighbour of the one aimed at.
    let selected = try #require(state.selection)
    let target = instances.sprites[try #require(instances.index(of: selected))]
    state.handle(.toggleFollow)
    let following = state.isFollowing
    #expect(following)
    let shown = state.decorate(frame, now: 0, statistics: .init())
    #expect(shown.camera == Camera(centreX: target.x, centreY: target.y, zoom: 4))
    state.handle(.pan(x: 0.25, y: 0))
    let stillFollowing = state.isFollowing
    #expect(stillFollowing == false)
  }

  @Test("when the followed monster dies the camera stays where it was and a banner says so")
  func followedDies() throws {
    var state = DemoState(scenario: try duel(), seed: 1, autoplay: true)
    state.advance(steps: 300)
    var frame = state.match.makeFrame()
    let quirk = try #require(state.match.world.entities(of: QuirkMonster.self).first)
    let id = quirk.id.erased
    state.handle(.select(worldX: quirk.position.x, worldY: quirk.position.y), frame: frame)
    state.selection = id
    state.handle(.toggleFollow, at: 0, frame: frame)
    #expect(state.isFollowing && state.notice?.text == "following the QuirkMonster")
    let start = try #require(state.camera)
    var last = start
    var tick = 0
    while state.match.world.contains(id) && tick < 36_000 {
      state.advance(steps: 10)
      tick += 10
      frame = state.match.makeFrame()
      last = try #require(state.camera)
      state.followSelection(in: frame, at: Double(tick) / 60)
    }
    #expect(!state.match.world.contains(id), "the quirk dies in the duel")
    #expect(!state.isFollowing && state.selection == nil)
    #expect(
      state.notice?.text == "the QuirkMonster you followed is gone: the camera stays where it was")
    // Where the quirk was last drawn, not back where following began.
    let camera = try #require(state.camera)
    #expect(camera == last && camera != start)
  }

  @Test("a click maps to the world point under it through the camera")
  func viewport() {
    var frame = Frame(tick: 0, worldWidth: 1280, worldHeight: 720)
    let whole = Viewport(world: frame, width: 1280, height: 720)
    #expect(whole.worldPoint(x: 640, y: 360) == (640.5, 360.5))
    frame.camera = Camera(centreX: 320, centreY: 180, zoom: 2)
    let zoomed = Viewport(world: frame, width: 1280, height: 720)
    // The top left quarter of the world fills the output, at twice the size.
    #expect(zoomed.worldPoint(x: 0, y: 0) == (0.25, 0.25))
    #expect(zoomed.worldPoint(x: 1279, y: 719) == (639.75, 359.75))
    #expect(zoomed.outputX(320) == 640)
  }

  @Test("the camera keys do not clash with speed")
  func keys() {
    #expect(DesktopDemo.action(for: .character("]"), roster: .standard) == .zoom(by: 1.5))
    #expect(DesktopDemo.action(for: .character("["), roster: .standard) == .zoom(by: 1 / 1.5))
    #expect(DesktopDemo.action(for: .left, roster: .standard) == .pan(x: -0.25, y: 0))
    #expect(DesktopDemo.action(for: .down, roster: .standard) == .pan(x: 0, y: 0.25))
    #expect(DesktopDemo.action(for: .home, roster: .standard) == .fitArena)
    #expect(DesktopDemo.action(for: .character("f"), roster: .standard) == .toggleFollow)
    #expect(DesktopDemo.action(for: .character("+"), roster: .standard) == .faster)
  }
}

@Suite("Demo minimap")
struct DemoMinimapTests {
  private func rects(_ frame: Frame) -> [RectDraw] {
    frame.overlay.compactMap { command in
      if case .rect(let rect) = command.shape { rect } else { nil }
    }
  }

  @Test("zoomed in, the overlay shows both sides in the minimap and the view's frame")
  func minimap() throws {
    let battle = try Scenario.load(contentsOf: scenarios.appendingPathComponent("battle.json"))
    var state = DemoState(scenario: battle, seed: 1, autoplay: true, swarmCount: 400)
    let frame = state.match.makeFrame()
    #expect(!rects(state.decorate(frame, now: 0, statistics: .init())).contains { !$0.isFilled })
    state.handle(.zoom(by: 4))
    let overlay = rects(state.decorate(frame, now: 0, statistics: .init()))
    let cellWidth = Minimap.width / Float(Minimap.columns)
    let cells = overlay.filter { $0.height == Minimap.height / Float(Minimap.rows) }
    #expect(cells.contains { $0.color == Side.left.color })
    #expect(cells.contains { $0.color == Side.right.color })
    // Left cells on the minimap's left half, right ones on its right half.
    let minimap = try #require(
      state.decoration(now: 0, statistics: .init(), canvas: frame.overlayCanvas).minimap)
    let middle = minimap.x + Minimap.width / 2
    #expect(cells.filter { $0.color == Side.left.color }.allSatisfy { $0.x + $0.width < middle })
    #expect(cells.filter { $0.color == Side.right.color }.allSatisfy { $0.x > middle })
    // Runs of one colour along a row are one rectangle: no two touching ones share a colour.
    #expect(cells.allSatisfy { ($0.width / cellWidth).rounded() * cellWidth == $0.width })
    #expect(cells.contains { $0.width > cellWidth })
    for (row, inRow) in Dictionary(grouping: cells, by: \.y) {
      let sorted = inRow.sorted { $0.x < $1.x }
      for (a, b) in zip(sorted, sorted.dropFirst()) where abs(a.x + a.width - b.x) < 0.01 {
        #expect(a.color != b.color, "row at \(row)")
      }
    }
    let view = try #require(
      overlay.first { !$0.isFilled && $0.color == Color(red: 255, green: 215, blue: 90) })
    // A quarter of the arena's width, centred: the frame is a quarter of the map's arena.
    #expect(abs(view.width - Minimap.width / 4) < 1)
  }
}
