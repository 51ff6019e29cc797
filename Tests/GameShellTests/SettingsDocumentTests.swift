import Foundation
import Frames
import Gameplay
import HeadlessRenderer
import Imaging
import Testing
import TraitSandbox

@testable import GameShell

/// A walker that adds the numbers of its route in turn, `pace` times each: a game whose
/// settings file is a document of its own, whitespace-separated whole numbers.
struct Walk: NumberGame {
  static let name = "walk"
  static let overview = "A walker along a route of numbers."
  static let settings = [
    GameSetting("pace", help: "Times each number (1 to 5).", range: 1...5, default: 1),
    GameSetting(
      "start", help: "Where the walk starts (0 to 1000).", range: 0...1_000, unset: "the seed"),
  ]
  static let settingsFileHelp = "Walk the route in this file: whole numbers, a space apart."
  var route: [UInt64]
  var pace: UInt64
  var value: UInt64
  var tick: UInt64 = 0
  var threadCount = 1

  static func settings(
    reading document: SettingsDocument, over base: GameSettings
  ) throws(SettingsProblem) -> GameSettings {
    let words = String(decoding: document.bytes, as: UTF8.self).split(
      whereSeparator: \.isWhitespace)
    var route: [UInt64] = []
    for (index, word) in words.enumerated() {
      guard let number = UInt64(word) else {
        throw SettingsProblem(
          "\(document.name): word \(index + 1), '\(word)', is not a whole number")
      }
      route.append(number)
    }
    guard !route.isEmpty else { throw SettingsProblem("\(document.name): the route is empty") }
    var settings = base
    settings.document = SettingsDocument(
      name: document.name, bytes: document.bytes, contents: route)
    return settings
  }

  init(seed: UInt64, settings: GameSettings) {
    route = settings.document?.contents as? [UInt64] ?? [1, 2, 3]
    pace = UInt64(settings["pace"])
    value = settings.value(of: "start").map(UInt64.init) ?? seed
  }

  var seats: [Seat] { [Seat(name: "walker"), Seat(name: "rival")] }
  var reportLines: [String] { ["value: \(value)"] }

  /// A new route is walked from the next tick on; a new pace waits for a restart.
  mutating func retune(from old: GameSettings, to new: GameSettings) -> String? {
    guard let route = new.document?.contents as? [UInt64] else { return nil }
    self.route = route
    return "route now" + (old["pace"] == new["pace"] ? "" : "; pace on restart")
  }

  mutating func advance(with inputs: [SeatInput<Int>]) {
    for input in inputs { value &+= UInt64(truncatingIfNeeded: input.input) }
    value &+= route[Int(tick % UInt64(route.count))] &* pace
    tick += 1
  }

  /// A red square in the canvas's top right corner, wherever that is.
  func makeFrame(canvas: OverlayCanvas) -> Frame {
    var frame = makeFrame()
    frame.overlay = [
      DrawCommand(
        .rect(
          RectDraw(
            x: canvas.width - 20, y: 0, width: 20, height: 20,
            color: Color(red: 255, green: 0, blue: 0))), layer: 1)
    ]
    frame.overlayCanvas = canvas
    return frame
  }
}

@Suite("GameShell: a game that reads its own settings file")
struct SettingsDocumentTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("walk-\(UUID().uuidString)")

  /// `walk` run with `arguments` in the folder.
  func run(_ arguments: [String]) -> (code: Int32, output: String, errors: String) {
    let captured = Captured()
    let invocation = Invocation(
      arguments: arguments, environment: [:], executablePath: "walk",
      workingDirectory: folder.path)
    let code = Walk.runCommandLine(invocation, console: captured.console)
    return (code, captured.standardOutput, captured.standardError)
  }

  func write(_ text: String, to name: String) throws -> String {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    return name
  }

  @Test("the game reads the file: a run, a sync test and a sweep play its route")
  func runs() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let route = try write("5 7\n", to: "route.txt")
    // Seed 0, route 5 7, pace 2, four ticks: (5 + 7 + 5 + 7) * 2.
    let walked = run(["run", "--seed", "0", "--ticks", "4", "--pace", "2", "--settings", route])
    #expect(walked.code == 0, "\(walked.errors)")
    #expect(walked.output.contains("tick: 4\nvalue: 48\n"), "\(walked.output)")
    #expect(walked.output.contains("settingsFile: route.txt\n"))
    // Without the file, the game's own route: 1 + 2 + 3 + 1.
    #expect(run(["run", "--seed", "0", "--ticks", "4"]).output.contains("value: 7\n"))
    let synced = run([
      "run", "--seed", "0", "--ticks", "4", "--settings", route, "--sync-test", "2",
    ])
    #expect(synced.code == 0, "\(synced.errors)")
    let json = run(["run", "--seed", "0", "--ticks", "4", "--settings", route, "--json"])
    #expect(json.output.contains(#""settingsFile":"route.txt""#), "\(json.output)")
    let sweep = run(["sweep", "--seeds", "1-3", "--ticks", "2", "--settings", route])
    #expect(sweep.code == 0 && sweep.output.contains("Settings file: route.txt\n"))
  }

  @Test("a setting without a default is the game's to decide when not given")
  func unsetSetting() throws {
    #expect(run(["run", "--seed", "10", "--ticks", "1"]).output.contains("value: 11\n"))
    let given = run(["run", "--seed", "10", "--ticks", "1", "--start", "0", "--json"])
    #expect(
      given.output.contains(#""value: 1""#)
        && given.output.contains(#""settings":{"pace":1,"start":0}"#))
    let unset = run(["run", "--seed", "10", "--ticks", "1", "--json"])
    #expect(unset.output.contains(#""settings":{"pace":1}"#), "\(unset.output)")
    #expect(run(["help", "run"]).output.contains("(default: the seed)"))
    #expect(run(["describe"]).output.contains("--start  0 to 1000, default the seed"))
    var settings = GameSettings(Walk.settings)
    #expect(settings.value(of: "start") == nil && settings["pace"] == 1)
    #expect(GameOptions<Walk>.arguments(for: settings) == "--pace 1")
    settings = GameSettings(Walk.settings, values: ["start": 0])
    #expect(GameOptions<Walk>.arguments(for: settings) == "--pace 1 --start 0")
    // Unset and 0 are different games to play over the network.
    #expect(
      GameOptions<Walk>.fingerprint(of: settings)
        != GameOptions<Walk>.fingerprint(of: GameSettings(Walk.settings)))
  }

  @Test("a file the game refuses stops the command with 65 and the game's own words")
  func refused() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = try write("5 seven 7", to: "bad.txt")
    let result = run(["run", "--ticks", "2", "--settings", bad])
    #expect(result.code == 65)
    #expect(result.errors.contains("bad.txt: word 2, 'seven', is not a whole number"))
    let empty = try write(" \n", to: "empty.txt")
    #expect(
      run(["run", "--ticks", "2", "--settings", empty]).errors.contains(
        "empty.txt: the route is empty"))
    #expect(run(["run", "--ticks", "2", "--settings", "missing.txt"]).code == 66)
    // The help says what the game reads.
    #expect(run(["help", "run"]).output.contains("Walk the route in this file"))
  }

  @Test("the file's bytes are part of what two sides of a network match must share")
  func fingerprint() throws {
    let base = GameSettings(Walk.settings)
    func read(_ text: String, name: String = "route.txt") throws -> GameSettings {
      try Walk.settings(
        reading: SettingsDocument(name: name, bytes: Array(text.utf8)), over: base)
    }
    let route = try read("5 7")
    #expect(GameOptions<Walk>.fingerprint(of: route) == GameOptions<Walk>.fingerprint(of: route))
    #expect(GameOptions<Walk>.fingerprint(of: route) != GameOptions<Walk>.fingerprint(of: base))
    #expect(
      GameOptions<Walk>.fingerprint(of: route)
        != GameOptions<Walk>.fingerprint(of: try read("5 8")))
    // Eight bytes a word: a file one byte longer is another file.
    #expect(
      GameOptions<Walk>.fingerprint(of: try read("1234 567"))
        != GameOptions<Walk>.fingerprint(of: try read("1234 5678")))
    // The host's join line names the file for the guest to give.
    #expect(GameOptions<Walk>.arguments(for: route) == "--pace 1 --settings route.txt")
    #expect(
      GameOptions<Walk>.arguments(for: try read("5", name: "my route's.txt"))
        == #"--pace 1 --settings 'my route'\''s.txt'"#)
    #expect(GameOptions<Walk>.arguments(for: base) == "--pace 1")
  }

  @Test("a picture's HUD is laid out on the picture's canvas")
  func pictureCanvas() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (width, height) in [(1600, 900), (640, 360)] {
      let result = run(["run", "--ticks", "1", "--png", "p.png", "--size", "\(width)x\(height)"])
      #expect(result.code == 0, "\(result.errors)")
      let image = try PNG.decode(
        Array(try Data(contentsOf: folder.appendingPathComponent("p.png"))))
      #expect(image.width == width)
      // The square lies in the picture's own top right corner.
      #expect(image[x: width - 3, y: 3] == RGBA(r: 255, g: 0, b: 0), "\(width)x\(height)")
      #expect(image[x: width / 2, y: 3] != RGBA(r: 255, g: 0, b: 0))
    }
  }

  @Test("a window's frames have the game's HUD laid out on the window's canvas")
  func windowCanvas() throws {
    var play = GamePlay(
      try Recorder(Walk(seed: 0, settings: GameSettings(Walk.settings))), tickLimit: nil,
      replaying: nil)
    play.view.canvas = .fitting(width: 2560, height: 1440)
    #expect(play.step(1) == 1)
    let squares = play.frame(alpha: 1).frame.overlay.compactMap { command -> RectDraw? in
      if case .rect(let rect) = command.shape, rect.color == Color(red: 255, green: 0, blue: 0) {
        rect
      } else {
        nil
      }
    }
    #expect(squares.map(\.x) == [play.view.canvas.width - 20])
  }

  @Test("a window's reload reads the file as the game does, over the command line's settings")
  func reload() throws {
    let base = GameSettings(Walk.settings, values: ["pace": 3])
    let file = GameSettingsFile<Walk>(
      URL(fileURLWithPath: "/nonexistent"), path: "route.txt", base: base)
    let settings = try file.settings(in: Array("4 4 9".utf8)).get()
    #expect(settings["pace"] == 3)
    #expect(Walk(seed: 0, settings: settings).route == [4, 4, 9])
    guard case .failure(let problem) = file.settings(in: Array("4 x".utf8)) else {
      Issue.record("a route with a word that is not a number was read")
      return
    }
    #expect(problem.description == "route.txt: word 2, 'x', is not a whole number")
  }
}
