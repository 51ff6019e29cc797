import Foundation
import Frames
import Gameplay
import Testing

@testable import GameShell

@Suite("GameShell: a settings file the window reloads")
struct GameSettingsFileTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("settings-\(UUID().uuidString)")

  /// `text` written to `name` in the folder; its URL.
  func write(_ text: String, to name: String = "drift.json") throws -> URL {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url
  }

  /// What is wrong with `text` as a settings file named `drift.json`, if anything.
  func problem(_ text: String) -> String? {
    let file = GameSettingsFile<Drift>(
      URL(fileURLWithPath: "/nonexistent"), path: "drift.json",
      base: GameSettings(Drift.settings))
    if case .failure(let problem) = file.settings(in: Array(text.utf8)) {
      return problem.description
    }
    return nil
  }

  @Test("an object of the game's settings, each a whole number in its range")
  func reading() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let base = GameSettings(Drift.settings, values: ["step": 4])
    let url = try write("{\"step\": 7}")
    #expect(try GameSettingsFile<Drift>(url, path: "d", base: base).read()["step"] == 7)
    // A setting the file leaves out keeps the command line's value.
    let empty = try write("{}", to: "empty.json")
    #expect(try GameSettingsFile<Drift>(empty, path: "e", base: base).read()["step"] == 4)
    #expect(problem("{\"step\": 3.0}") == nil)
    #expect(
      problem("{\"step\": 10}") == "drift.json: 'step' must be a whole number from 1 to 9, not 10")
    #expect(problem("{\"step\": 2.5}")?.hasSuffix("not 2.5") == true)
    #expect(problem("{\"step\": \"3\"}")?.hasSuffix("not \"3\"") == true)
    #expect(
      problem("{\"stride\": 3}") == "drift.json: 'stride' is not a setting of drift (it has 'step')"
    )
    #expect(problem("[3]") == "drift.json: expected an object of settings, such as {\"step\": 3}")
    #expect(problem("{\"step\": 3") == "drift.json: line 1, column 11: expected ',' or '}'")
  }

  @Test("a file that does not read stops the command with 66, a wrong one with 65")
  func failures() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let base = GameSettings(Drift.settings)
    let missing = GameSettingsFile<Drift>(
      folder.appendingPathComponent("none.json"), path: "none.json", base: base)
    #expect(throws: CommandFailure.self) { try missing.read() }
    do {
      _ = try missing.read()
    } catch {
      #expect(error.exitCode == ExitCode.noInput && error.message.hasPrefix("--settings: "))
    }
    let wrong = GameSettingsFile<Drift>(try write("{\"step\": 0}"), path: "w", base: base)
    do {
      _ = try wrong.read()
      Issue.record("a setting out of range was read")
    } catch {
      #expect(error.exitCode == ExitCode.dataError)
      #expect(error.message == "--settings: w: 'step' must be a whole number from 1 to 9, not 0")
    }
  }

  @Test("demo --settings: refused with a recording, a file that does not read exits 66")
  func demoOptions() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func demo(_ arguments: [String]) -> (code: Int32, errors: String) {
      let result = runDrift(["demo"] + arguments, in: folder)
      return (result.code, result.errors)
    }
    let recorded = demo(["--settings", "s.json", "--record", "r.json"])
    #expect(recorded.code == 64 && recorded.errors.contains("--settings cannot go with --record"))
    let replayed = demo(["--replay", "r.json", "--settings", "s.json"])
    #expect(replayed.code == 64 && replayed.errors.contains("--settings cannot go with --replay"))
    let watched = demo(["--replay", "r.json", "--autoplay"])
    #expect(watched.code == 64 && watched.errors.contains("--autoplay cannot go with --replay"))
    let missing = demo(["--settings", "none.json"])
    #expect(missing.code == 66 && missing.errors.contains("--settings: none.json"))
  }

  @Test("run, render, sweep and describe read the settings from the file, over the options")
  func otherCommands() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try write("{\"step\": 7}", to: "s.json")
    func output(_ arguments: [String]) -> (code: Int32, output: String, errors: String) {
      runDrift(arguments, in: folder)
    }
    // Seed 1 and 3 ticks of 7: 22; the file's step goes over --step 4.
    let run = output(["run", "--ticks", "3", "--step", "4", "--settings", "s.json"])
    #expect(run.code == 0 && run.output.contains("value: 22\n") && run.output.contains("step: 7"))
    let swept = output(["sweep", "--seeds", "1-2", "--ticks", "3", "--settings", "s.json"])
    #expect(swept.code == 0 && swept.output.contains("ran 3 ticks: 2 (100.0%)"))
    #expect(output(["describe", "--settings", "s.json"]).code == 0)
    _ = try write("{\"step\": 70}", to: "wrong.json")
    let wrong = output(["describe", "--settings", "wrong.json"])
    #expect(wrong.code == 65 && wrong.errors.contains("wrong.json: 'step' must be"))
    let missing = output(["render", "--tick", "1", "--out", "a.png", "--settings", "no.json"])
    #expect(missing.code == 66 && missing.errors.contains("--settings: no.json: does not exist"))
    // Both ends of a network match read it before they open a socket.
    for end in [
      ["host", "--port", "0"], ["join", "127.0.0.1:9", "--code", "0000-0000-0000-0001"],
    ] {
      let refused = output(end + ["--settings", "wrong.json"])
      #expect(refused.code == 65 && refused.errors.contains("wrong.json: 'step' must be"), "\(end)")
    }
  }

  @Test("a change restarts the game with the same seed; a wrong file shows until it is fixed")
  func reload() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = try write("{\"step\": 2}")
    let settings = GameSettings(Drift.settings)
    var play = GamePlay(
      try Recorder(Drift(seed: 5, settings: settings)), tickLimit: nil, replaying: nil)
    for _ in 0..<10 { _ = play.step(1) }
    var reload = GameRestart(
      file: GameSettingsFile<Drift>(url, path: "drift.json", base: settings), seed: 5,
      threads: 1, people: [0], current: settings)
    reload.check(&play)
    #expect(play.recorder.game.tick == 10)
    play.view.selection = AnyEntityID(rawValue: 1)
    _ = try write("{\"step\": 9}")
    reload.check(&play)
    #expect(play.recorder.game.tick == 0 && play.recorder.game.step == 9)
    #expect(
      play.recorder.game.value == 5 && play.view.notice == "drift.json: restarted with step 9")
    // The entity picked was the game before's.
    #expect(play.view.selection == nil)
    play.view.settingsFile = "drift.json"
    #expect(
      play.view.helpLines.contains(
        "Settings     edit and save drift.json: the game takes them, or starts again"))
    _ = try write("{\"step\": 90}")
    reload.check(&play)
    #expect(play.settingsProblem == "drift.json: 'step' must be a whole number from 1 to 9, not 90")
    _ = play.step(1)
    #expect(play.recorder.game.step == 9 && play.recorder.game.tick == 1)
    // Fixed back to the settings it plays: the problem goes, the game goes on.
    _ = try write("{\"step\":9}")
    reload.check(&play)
    #expect(play.settingsProblem == nil && play.recorder.game.tick == 1)
  }
}
