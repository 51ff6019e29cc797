import Foundation
import Frames
import MonsterWars
import Testing
import TraitSandbox

@testable import DesktopDemo

let scenarios = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Assets/scenarios")

func duel() throws -> Scenario {
  try Scenario.load(contentsOf: scenarios.appendingPathComponent("duel.json"))
}

extension UnitKind {
  /// The standard roster's kinds, by name.
  static let quirk = QuirkMonster.kind
  static let zap = ZapMonster.kind
  static let munch = MunchMonster.kind
}

func overlayTexts(_ frame: Frame) -> [String] {
  frame.overlay.compactMap { command in
    if case .text(let text) = command.shape { text.text } else { nil }
  }
}

@Suite("Demo state")
struct DemoStateTests {
  @Test("the player's keys buy units for the left castle, which the AI does not play")
  func buying() throws {
    var state = DemoState(scenario: try duel(), seed: 1, autoplay: false)
    state.handle(.buy(.zap))
    state.handle(.buy(.quirk))
    #expect(state.match.castle(of: .left)?.orders == [.zap, .quirk])
    state.advance(steps: 30)
    // 120 starting coins pay for both (45 + 20) at the first decision.
    #expect(state.match.world.entities(of: ZapMonster.self).filter { $0.side == .left }.count == 1)
    #expect(
      state.match.world.entities(of: QuirkMonster.self).filter { $0.side == .left }.count == 1)
    #expect(state.match.castle(of: .left)?.orders.isEmpty == true)
  }

  @Test("in autoplay the AI plays the left castle and the keys buy nothing")
  func autoplay() throws {
    var state = DemoState(scenario: try duel(), seed: 1, autoplay: true)
    state.handle(.buy(.munch))
    #expect(state.match.castle(of: .left)?.orders.isEmpty == true)
    let reference = Match(scenario: try duel(), seed: 1)
    var headless = reference
    state.advance(steps: 300)
    for _ in 0..<300 { headless.step() }
    #expect(state.match.world.stateHash() == headless.world.stateHash())
  }

  @Test("pause stops the clock's steps; '.' runs exactly one tick while paused")
  func pauseAndStep() throws {
    var state = DemoState(scenario: try duel(), seed: 1, autoplay: true)
    state.handle(.stepOnce)
    #expect(state.pendingSteps == 0)
    state.handle(.togglePause)
    #expect(state.advance(steps: 5) == 0)
    state.handle(.stepOnce)
    state.handle(.stepOnce)
    #expect(state.advance(steps: 5) == 2)
    #expect(state.match.world.tick == 2)
    state.handle(.togglePause)
    #expect(state.advance(steps: 3) == 3)
  }

  @Test("P on a match that is over says so and does not pause; F with nothing selected says why")
  func nothingToPauseOrFollow() throws {
    // A castle of 1 health falls to the first monster that reaches it.
    var weak = try duel()
    weak.castle.health = 1
    var state = DemoState(scenario: weak, seed: 1, autoplay: true)
    state.handle(.toggleFollow, at: 1)
    #expect(!state.isFollowing && state.camera == nil)
    #expect(state.notice?.text == "nothing to follow: click a monster or a castle first")
    var ticks = 0
    while !state.match.isOver && ticks < 20_000 {
      state.advance(steps: 100)
      ticks += 100
    }
    #expect(state.match.isOver)
    state.handle(.togglePause, at: 2)
    #expect(!state.isPaused)
    #expect(state.notice?.text == "the match is over: R restarts, T looks back, Esc quits")
  }

  @Test("the reload error panel breaks its lines between words, a word too long where it must")
  func reloadErrorWrapping() {
    let message =
      "units.zap.health: expected a whole number from 1 to 1000000, found \"lots\" in duel.json"
    let lines = TextLines.wrapped(message, width: 30)
    #expect(
      lines == [
        "units.zap.health: expected a", "whole number from 1 to", "1000000, found \"lots\" in",
        "duel.json",
      ])
    #expect(lines.joined(separator: " ") == message)
    #expect(TextLines.wrapped("abcdefghij klm", width: 4) == ["abcd", "efgh", "ij", "klm"])
    #expect(TextLines.wrapped("", width: 10) == [""])
    // A command line's help keeps a long word whole, on a line of its own.
    #expect(
      TextLines.wrapped("see --a-very-long-option here", width: 8, breaksLongWords: false)
        == ["see", "--a-very-long-option", "here"])
  }

  @Test("speed steps through 0.25x to 8x and stops at the ends")
  func speed() throws {
    var state = DemoState(scenario: try duel(), seed: 1, autoplay: true)
    #expect(state.speed == 1)
    for _ in 0..<10 { state.handle(.faster) }
    #expect(state.speed == 8)
    for _ in 0..<10 { state.handle(.slower) }
    #expect(state.speed == 0.25)
  }

  @Test("restart begins the same match again")
  func restart() throws {
    var state = DemoState(scenario: try duel(), seed: 4, autoplay: true)
    let start = state.match.world.stateHash()
    state.advance(steps: 100)
    state.handle(.restart)
    #expect(state.match.world.tick == 0)
    #expect(state.match.world.stateHash() == start)
  }

  @Test("clicking an entity opens a live inspector listing its traits and components")
  func inspector() throws {
    var state = DemoState(scenario: try duel(), seed: 1, autoplay: true)
    state.advance(steps: 1)
    let frame = state.match.makeFrame()
    let castle = try #require(state.match.castle(of: .left))
    state.handle(
      .select(worldX: castle.position.x + 3, worldY: castle.position.y - 2), frame: frame)
    #expect(state.selection == castle.id.erased)
    let shown = overlayTexts(state.decorate(frame, now: 0, statistics: FrameStatistics()))
    #expect(shown.contains("Castle \(castle.id)"))
    for trait in ["HealthTrait", "SpawnerTrait", "GunTrait", "RenderTrait"] {
      #expect(shown.contains(trait), "missing \(trait)")
    }
    #expect(shown.contains("health"))
    #expect(shown.contains("current: 1500.00"))
    state.handle(.select(worldX: 640, worldY: 40), frame: frame)
    #expect(state.selection == nil)
  }

  @Test("F1 shows fps, tick time, entity count and every system's time")
  func debugOverlay() throws {
    var state = DemoState(scenario: try duel(), seed: 1, autoplay: true)
    state.advance(steps: 10)
    state.handle(.toggleDebugOverlay)
    var statistics = FrameStatistics()
    statistics.framesPerSecond = 59.94
    statistics.frameMilliseconds = 3.5
    let shown = overlayTexts(
      state.decorate(state.match.makeFrame(), now: 0, statistics: statistics))
    #expect(shown.contains("fps 59.9  frame 3.50 ms"))
    #expect(
      shown.contains {
        $0.hasPrefix("tick ") && $0.hasSuffix("entities \(state.match.world.entityCount)")
      })
    for system in Schedule.standard.systems {
      #expect(shown.contains { $0.hasPrefix("  \(system.name) ") && $0.hasSuffix(" ms") })
    }
  }

  @Test("a good reload applies new stats live; a bad one is shown and the last good stats stay")
  func reload() throws {
    var state = DemoState(scenario: try duel(), seed: 1, autoplay: true)
    state.advance(steps: 600)
    var tougher = try duel()
    tougher.castle.health = 3000
    tougher.units[.zap]?.speed = 5
    state.scenarioReloaded(.success(tougher), at: 10)
    #expect(state.match.castle(of: .left)?.health.maximum == 3000)
    #expect(state.match.world.entities(of: ZapMonster.self).allSatisfy { $0.movement.speed == 5 })
    #expect(state.reloadError == nil)
    let error = ScenarioError.invalid(
      path: "duel.json", jsonPath: "$.units.quirk.speed", message: "expected a number from 0")
    state.scenarioReloaded(.failure(error), at: 11)
    #expect(state.reloadError == error.description)
    #expect(state.match.castle(of: .left)?.health.maximum == 3000)
    let shown = overlayTexts(state.decorate(state.match.makeFrame(), now: 11, statistics: .init()))
    #expect(shown.contains("Scenario reload failed; keeping the last good stats:"))
    #expect(shown.contains { $0.contains("$.units.quirk.speed") })
    state.handle(.restart)
    #expect(state.match.castle(of: .left)?.health.maximum == 3000)
  }

  @Test("the keys map onto the documented actions")
  func keys() {
    #expect(DesktopDemo.action(for: .character("1"), roster: .standard) == .buy(.quirk))
    #expect(DesktopDemo.action(for: .character("2"), roster: .standard) == .buy(.zap))
    #expect(DesktopDemo.action(for: .character("3"), roster: .standard) == .buy(.munch))
    #expect(DesktopDemo.action(for: .character("p"), roster: .standard) == .togglePause)
    #expect(DesktopDemo.action(for: .space, roster: .standard) == .togglePause)
    #expect(DesktopDemo.action(for: .character("."), roster: .standard) == .stepOnce)
    #expect(DesktopDemo.action(for: .character("+"), roster: .standard) == .faster)
    #expect(DesktopDemo.action(for: .character("-"), roster: .standard) == .slower)
    #expect(DesktopDemo.action(for: .character("r"), roster: .standard) == .restart)
    #expect(DesktopDemo.action(for: .escape, roster: .standard) == .quit)
    #expect(DesktopDemo.action(for: .f1, roster: .standard) == .toggleDebugOverlay)
    #expect(DesktopDemo.action(for: .backspace, roster: .standard) == .cancelOrder)
    #expect(DesktopDemo.action(for: .character("x"), roster: .standard) == nil)
  }

  @Test("the scenario watcher reloads when the file changes, and reports a broken file")
  func watcher() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("watched-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    let text = try String(
      contentsOf: scenarios.appendingPathComponent("duel.json"), encoding: .utf8)
    try text.write(to: file, atomically: true, encoding: .utf8)
    var watcher = ScenarioWatcher(file: file, roster: .standard)
    #expect(watcher.poll() == nil)
    try text.replacingOccurrences(of: "\"health\": 1500", with: "\"health\": 2500")
      .write(to: file, atomically: true, encoding: .utf8)
    guard case .success(let reloaded) = watcher.poll() else {
      Issue.record("expected a reload")
      return
    }
    #expect(reloaded.castle.health == 2500)
    try "{ broken".write(to: file, atomically: true, encoding: .utf8)
    guard case .failure = watcher.poll() else {
      Issue.record("expected a failure")
      return
    }
    #expect(watcher.poll() == nil)
  }

  @Test("the watcher ignores a file saved again unchanged and reports one replaced by a FIFO")
  func watcherUnchangedAndFIFO() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("watched-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("duel.json")
    let text = try String(
      contentsOf: scenarios.appendingPathComponent("duel.json"), encoding: .utf8)
    try text.write(to: file, atomically: true, encoding: .utf8)
    var watcher = ScenarioWatcher(file: file, roster: .standard)
    // A new file (a new inode) with the same bytes: read, compared, not reloaded.
    try text.write(to: file, atomically: true, encoding: .utf8)
    #expect(watcher.poll() == nil)
    // Replaced by a FIFO that nobody writes to: reported at once, not waited on.
    try FileManager.default.removeItem(at: file)
    #expect(mkfifo(file.path, 0o600) == 0)
    guard case .failure(let error) = watcher.poll() else {
      Issue.record("expected a failure")
      return
    }
    #expect(error.description.hasSuffix("is a FIFO (named pipe), not a file"))
    #expect(watcher.poll() == nil)
  }
}
