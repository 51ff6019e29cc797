import Foundation
import Frames
import Gameplay
import SDLBackend
import Testing

@testable import GameShell

/// A test game that takes a restart (0) and a new step (a negative number) as the first
/// seat's inputs: a count from its seed up by its step each tick.
struct Tally: NumberGame {
  static let name = "tally"
  static let overview = "A count."
  static let settings = [GameSetting("step", help: "The step (1 to 9).", range: 1...9, default: 1)]
  let seed: UInt64
  var step: UInt64
  var value: UInt64
  var tick: UInt64 = 0
  var threadCount = 1

  init(seed: UInt64, settings: GameSettings) {
    self.seed = seed
    step = UInt64(settings["step"])
    value = seed
  }

  var seats: [Seat] { [Seat(name: "counter")] }
  var restartInput: Int? { 0 }

  func retuneInput(from old: GameSettings, to new: GameSettings) -> (input: Int, said: String)? {
    (-new["step"], "step \(new["step"]) from the next tick")
  }

  mutating func advance(with inputs: [SeatInput<Int>]) {
    for input in inputs where input.seat == 0 {
      if input.input == 0 {
        (value, tick) = (seed, 0)
      } else if input.input < 0 {
        step = UInt64(-input.input)
      }
    }
    value &+= step
    tick += 1
  }
}

@Suite("GameShell: a window's game starts again (R) or takes new settings as it plays")
struct GameRestartTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("restart-\(UUID().uuidString)")

  func write(_ text: String) throws -> URL {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent("route.txt")
    try Data(text.utf8).write(to: url)
    return url
  }

  @Test("R starts the game again with the seed, the people and the newest settings")
  func restart() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let settings = GameSettings(Drift.settings, values: ["step": 3])
    var play = GamePlay(
      try Recorder(Drift(seed: 7, settings: settings)), tickLimit: nil, replaying: nil)
    for _ in 0..<12 { _ = play.step(1) }
    play.take([.keyDown(.character("+"))], width: 1280, height: 720)
    play.view.selection = AnyEntityID(rawValue: 1)
    #expect(play.recorder.game.tick == 12 && play.recorder.game.value == 7 + 12 * 3)
    var restart = GameRestart<Drift>(
      file: nil, seed: 7, threads: 1, people: [0], current: settings)
    // Other keys restart nothing.
    restart.take([.keyDown(.character("u")), .keyDown(.space)], frame: 15, &play)
    #expect(play.recorder.game.tick == 12)
    restart.take([.keyDown(.character("r"))], frame: 16, &play)
    #expect(play.recorder.game.tick == 0 && play.recorder.game.value == 7)
    #expect(play.recorder.game.step == 3)
    // The view goes on (the speed), the entity picked was the game before's, and the
    // recording is the new game's.
    #expect(play.view.speed == 2 && play.view.selection == nil)
    #expect(play.recorder.recording.tickCount == 0)
    _ = play.step(1)
    #expect(play.recorder.game.value == 10)
    play.view.restartHelp = "start again"
    #expect(play.view.helpLines.contains("R            start again"))
  }

  @Test("a game that takes new settings mid-game goes on with them, and restarts with them")
  func retune() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let base = GameSettings(Walk.settings, values: ["start": 0])
    let url = try write("1 2 3")
    let file = GameSettingsFile<Walk>(url, path: "route.txt", base: base)
    let first = try file.read()
    var play = GamePlay(
      try Recorder(Walk(seed: 0, settings: first)), tickLimit: nil, replaying: nil)
    var restart = GameRestart(file: file, seed: 0, threads: 1, people: [0], current: first)
    restart.check(&play)
    for _ in 0..<4 { _ = play.step(1) }
    // 1 + 2 + 3 + 1.
    #expect(play.recorder.game.value == 7)
    _ = try write("10 20")
    restart.check(&play)
    #expect(play.recorder.game.tick == 4 && play.recorder.game.route == [10, 20])
    #expect(play.view.notice == "route.txt: route now")
    _ = play.step(1)
    // The fifth tick walks the new route's first number (tick 4 of a route of two).
    #expect(play.recorder.game.value == 17)
    // The recording goes on from the game retuned: its start is tick 4's.
    #expect(play.recorder.recording.tickCount == 1)
    #expect(
      try Walk(seed: 0, settings: first).restored(
        from: [UInt8](play.recorder.recording.start)
      ).tick == 4)
    restart.restart(&play)
    #expect(play.recorder.game.tick == 0 && play.recorder.game.route == [10, 20])
  }

  @Test("R in a replay plays it again from its start")
  func replay() throws {
    let settings = GameSettings(Drift.settings)
    var play = GamePlay(
      try Recorder(Drift(seed: 4, settings: settings)), tickLimit: 30,
      replaying: { _ in [] })
    for _ in 0..<10 { _ = play.step(1) }
    #expect(play.recorder.game.tick == 10)
    play.take([.keyDown(.character("r"))], width: 1280, height: 720)
    #expect(play.recorder.game.tick == 0 && play.recorder.game.value == 4)
    #expect(play.replayProgress?.played == 0)
  }

  @Test("a game that takes restarts and new settings as inputs gets them from R and the file")
  func asInputs() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent("tally.json")
    try Data("{\"step\": 2}".utf8).write(to: url)
    let file = GameSettingsFile<Tally>(url, path: "tally.json", base: GameSettings(Tally.settings))
    let first = try file.read()
    var play = GamePlay(
      try Recorder(Tally(seed: 100, settings: first)), tickLimit: nil, replaying: nil)
    var restart = GameRestart(file: file, seed: 100, threads: 1, people: [0], current: first)
    for _ in 0..<5 { _ = play.step(1) }
    #expect(play.recorder.game.value == 110)
    try Data("{\"step\": 7}".utf8).write(to: url)
    restart.check(&play)
    #expect(play.view.notice == "tally.json: step 7 from the next tick")
    #expect(play.recorder.game.tick == 5)
    _ = play.step(1)
    #expect(play.recorder.game.value == 117 && play.recorder.game.tick == 6)
    // R gives the restart with the next tick: the game starts again from its seed, its past
    // anew, and the recording holds both inputs.
    restart.take([.keyDown(.character("r"))], frame: 1, &play)
    #expect(play.recorder.game.tick == 6)
    _ = play.step(1)
    #expect(play.recorder.game.tick == 1 && play.recorder.game.value == 107)
    #expect(play.timeline?.shown == nil && play.ticksRun == 7)
    let recording = play.recorder.recording
    #expect(recording.inputs.map(\.tick) == [5, 6])
    let replayed = try recording.replay(like: Tally(seed: 100, settings: first))
    #expect(replayed.stateHash() == play.recorder.game.stateHash())
  }

  @Test("once the game is over, the window's line says how it came out and that R plays again")
  func over() throws {
    var play = GamePlay(
      try Recorder(Drift(seed: 990, settings: GameSettings(Drift.settings, values: ["step": 9]))),
      tickLimit: nil, replaying: nil)
    play.view.restartHelp = "start again"
    func texts() -> [String] {
      play.frame(alpha: 1).frame.overlay.compactMap {
        if case .text(let text) = $0.shape { text.text } else { nil }
      }
    }
    _ = play.step(1)
    #expect(!texts().contains { $0.hasPrefix("over") })
    _ = play.step(1)
    #expect(play.recorder.game.isOver && texts().contains("over: over 1000  R: play again"))
    // Where R does not start it again, the line says nothing of it.
    play.view.restartHelp = nil
    #expect(!texts().contains { $0.hasPrefix("over") })
  }

  @Test("a window steps on all cores but the one it draws on, unless --threads says")
  func windowThreads() throws {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let demo = try ParsedOptions([], spec: GameDemoCommand<Drift>.spec)
    #expect(try GameOptions<Drift>.threadCount(demo, inWindow: true) == max(cores - 1, 1))
    let run = try ParsedOptions([], spec: GameRunCommand<Drift>.spec)
    #expect(try GameOptions<Drift>.threadCount(run) == cores)
    let given = try ParsedOptions(["--threads", "5"], spec: GameDemoCommand<Drift>.spec)
    #expect(try GameOptions<Drift>.threadCount(given, inWindow: true) == 5)
  }

  @Test("the host's settings file saved again is its retune input, for a game that takes one")
  func netplayRetune() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent("s.json")
    try Data("{\"step\": 2}".utf8).write(to: url)
    let tallyFile = GameSettingsFile<Tally>(url, path: "s.json", base: GameSettings(Tally.settings))
    var tally = NetplayRetune(file: tallyFile, current: try tallyFile.read())
    let driftFile = GameSettingsFile<Drift>(url, path: "s.json", base: GameSettings(Drift.settings))
    var drift = NetplayRetune(file: driftFile, current: try driftFile.read())
    var view = GameView(controlsTime: false)
    let game = Tally(seed: 1, settings: GameSettings(Tally.settings))
    let still = Drift(seed: 1, settings: GameSettings(Drift.settings))
    #expect(tally.check(game, view: &view) == nil && drift.check(still, view: &view) == nil)
    #expect(view.notice == nil)
    try Data("{\"step\": 5}".utf8).write(to: url)
    #expect(tally.check(game, view: &view) == -5)
    #expect(view.notice == "s.json: step 5 from the next tick, on both sides")
    #expect(drift.check(still, view: &view) == nil)
    #expect(
      view.notice?.hasSuffix("only by starting again, which a match over the network does not")
        == true)
    try Data("{\"step\": 50}".utf8).write(to: url)
    #expect(tally.check(game, view: &view) == nil)
    #expect(view.notice?.hasPrefix("s.json: 'step' must be") == true)
  }
}
