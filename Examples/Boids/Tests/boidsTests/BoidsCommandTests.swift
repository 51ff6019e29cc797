import BoidsGame
import Foundation
import GameShell
import JSON
import Synchronization
import Testing

@testable import boids

/// Everything a run of the command wrote.
final class CapturedConsole: Sendable {
  private let output = Mutex("")
  private let errors = Mutex("")

  var console: Console {
    Console(
      writeOutput: { text in self.output.withLock { $0 += text } },
      writeError: { text in self.errors.withLock { $0 += text } }, errorIsTerminal: false)
  }

  var standardOutput: String { output.withLock { $0 } }
  var standardError: String { errors.withLock { $0 } }
}

@Suite("boids command")
struct BoidsCommandTests {
  private static func run(
    _ arguments: [String], environment: [String: String] = [:], console: CapturedConsole = .init()
  ) -> (code: Int32, output: String, errors: String) {
    let invocation = Invocation(
      arguments: arguments, environment: environment, executablePath: "boids",
      workingDirectory: FileManager.default.currentDirectoryPath)
    let code = BoidsScene.runCommandLine(invocation, console: console.console)
    return (code, console.standardOutput, console.standardError)
  }

  private func run(_ arguments: [String], environment: [String: String] = [:]) -> (
    code: Int32, output: String, errors: String
  ) {
    Self.run(arguments, environment: environment)
  }

  /// The first line, the state hash, of a report.
  private func hash(_ output: String) -> String? {
    output.split(separator: "\n").first { $0.hasPrefix("stateHash: ") }.map(String.init)
  }

  /// A new empty folder, removed by the caller.
  private func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("boids-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test("a headless run prints the state hash, the same on every run")
  func headlessRunIsRepeatable() throws {
    let first = run(["run", "--ticks", "60", "--count", "50"])
    let second = run(["run", "--ticks=60", "--count=50", "--threads", "2"])
    #expect(first.code == 0)
    // Alike but for how long each took.
    func steady(_ output: String) -> [Substring] {
      output.split(separator: "\n").filter { !$0.hasPrefix("ran: ") }
    }
    #expect(steady(first.output) == steady(second.output))
    #expect(first.output.contains("\nran: 60 ticks in "))
    let hashLine = try #require(first.output.split(separator: "\n").first)
    #expect(hashLine.hasPrefix("stateHash: "))
    #expect(hashLine.dropFirst("stateHash: ".count).count == 16)
    #expect(first.output.contains("tick: 60\nboids: "))
    #expect(first.output.contains("hawks: 4"))
  }

  @Test("a profiled run times each of the sky's systems, and says so in its JSON too")
  func profile() throws {
    let plain = run(["run", "--ticks", "20", "--count", "60"])
    let profiled = run(["run", "--ticks", "20", "--count", "60", "--profile", "--threads", "2"])
    #expect(profiled.code == 0)
    // The same game: the profile only watches it.
    #expect(hash(profiled.output) == hash(plain.output))
    #expect(profiled.output.contains("\nProfile (20 ticks):\n"))
    for system in ["targets", "spawner", "flocking", "movement", "render", "despawns", "tick"] {
      #expect(profiled.output.contains("\n  \(system) "), "\(system)")
    }
    #expect(profiled.output.contains("  one thread works "))
    #expect(profiled.output.contains("  bytes per entity: "))
    #expect(profiled.output.contains("Boid ") && profiled.output.contains("Hawk "))
    let json = run(["run", "--ticks", "20", "--count", "60", "--profile", "--json"])
    let report = try JSONValue.parse(Data(json.output.utf8))
    guard case .object(let members) = report,
      case .object(let profile)? = members.first(where: { $0.key == "profile" })?.value,
      case .object(let systems)? = profile.first(where: { $0.key == "systems" })?.value
    else {
      Issue.record("no profile.systems in \(json.output)")
      return
    }
    #expect(profile.first?.key == "ticks" && profile.first?.value == .number(20))
    #expect(systems.contains { $0.key == "flocking" } && systems.last?.key == "tick")
  }

  @Test("help goes to standard output and exits 0")
  func help() {
    let overview = run(["--help"])
    #expect(overview.code == 0 && overview.errors.isEmpty)
    #expect(overview.output.hasPrefix("OVERVIEW: A flock of boids"))
    #expect(overview.output.contains("USAGE: boids [<subcommand>]"))
    let runHelp = run(["run", "--count", "x", "-h"])
    #expect(runHelp.code == 0)
    #expect(runHelp.output.contains("USAGE: boids run [--ticks <n>]"))
    #expect(runHelp.output.contains("--count <n>") && runHelp.output.contains("(default: 200)"))
  }

  @Test(
    "command-line mistakes print an error and the usage to standard error and exit 64",
    arguments: [
      ["run"], ["run", "--ticks"], ["run", "--ticks", "-1"], ["run", "--ticks", "ten"],
      ["run", "--count", "5001", "--ticks", "1"], ["run", "--ticks", "1", "--screenshot", "a.png"],
      ["600"], ["run", "--ticks", "1", "--ticks", "2"], ["run", "--seed", "-3", "--ticks", "1"],
      ["run", "--ticks", "1", "--sync-test", "0"], ["run", "--ticks", "1", "--sync-test", "65"],
      ["replay"], ["run", "--ticks", "5", "--sync-test", "2", "--record", "r.json"],
      ["host", "--port", "70000"], ["join", "127.0.0.1:7777"],
      ["join", "[::1", "--code", "0000-0000-0000-0001"], ["join", "h:1", "--code", "12"],
      ["host", "--simulate", "loss=5"], ["sweep", "--ticks", "5"],
      ["sweep", "--seeds", "9-1", "--ticks", "5"],
      ["sweep", "--seeds", "1-20000000", "--ticks", "5"],
      ["demo", "--replay", "r.json", "--count", "5"],
      ["demo", "--replay", "r.json", "--record", "s.json"],
    ])
  func usageErrors(arguments: [String]) {
    let result = run(arguments)
    #expect(result.code == 64)
    #expect(result.output.isEmpty)
    #expect(result.errors.hasPrefix("Error: "))
    #expect(result.errors.contains("Usage: boids"))
  }

  #if os(Linux)
    // Elsewhere the native display is always there, whatever the environment says.
    @Test("a window without a display fails fast with exit 69")
    func windowWithoutDisplay() {
      let result = run(["demo", "--frames", "1"], environment: [:])
      #expect(result.code == 69)
      #expect(result.errors.contains("no display available"))
      #expect(result.output.isEmpty)
      // A match in a window says so before it opens the network.
      let host = run(["host", "--port", "0"], environment: [:])
      #expect(host.code == 69 && host.output.isEmpty)
      #expect(host.errors.contains("with --headless, the match plays without a window"))
      let guest = run(["join", "127.0.0.1:9", "--code", "0000-0000-0000-0001"], environment: [:])
      #expect(guest.code == 69 && guest.output.isEmpty)
    }
  #endif

  @Test("the window draws the way --renderer or SANDBOX_RENDERER asks, and says which")
  func renderer() {
    // SDL's dummy driver: a window no one sees, and no GPU renderer.
    let dummy = ["SDL_VIDEODRIVER": "dummy"]
    let software = run(
      ["demo", "--frames", "3", "--count", "20", "--renderer", "software"], environment: dummy)
    #expect(software.code == 0, "\(software.errors)")
    #expect(software.output.hasPrefix("Renderer: software, as asked\n"))
    #expect(software.output.contains("\nframes: 3\nframe rate: "))
    #expect(software.output.contains(" frames a second\nframe time: draw "))
    #expect(software.output.contains("\nframe times: p50 "))
    #expect(software.output.hasSuffix("(2 between frames)\n"))
    let auto = run(["demo", "--frames", "2", "--count", "20"], environment: dummy)
    #expect(auto.code == 0, "\(auto.errors)")
    #expect(
      auto.output.hasPrefix("Renderer: software, because SDL has no accelerated renderer here ("))
    // The option wins over the variable, and a GPU the machine lacks is an error.
    let gpu = run(
      ["demo", "--frames", "2", "--renderer", "gpu"],
      environment: dummy.merging(["SANDBOX_RENDERER": "software"]) { $1 })
    #expect(gpu.code == 1)
    #expect(gpu.errors.contains("Error: --renderer gpu: SDL has no accelerated renderer here ("))
    let variable = run(
      ["demo", "--frames", "2", "--count", "20"],
      environment: dummy.merging(["SANDBOX_RENDERER": "Software"]) { $1 })
    #expect(variable.code == 0 && variable.output.hasPrefix("Renderer: software, as asked\n"))
    let bad = run(
      ["demo", "--frames", "1"], environment: dummy.merging(["SANDBOX_RENDERER": "fast"]) { $1 })
    #expect(bad.code == 64)
    #expect(
      bad.errors.contains("Error: SANDBOX_RENDERER='fast': expected one of auto, gpu, software"))
    let option = run(["demo", "--frames", "1", "--renderer", "fast"], environment: dummy)
    #expect(option.code == 64 && option.errors.contains("'--renderer <auto|gpu|software>'"))
  }

  @Test("the window plays to its tick limit on the headless run's hash, recorded and replayed")
  func windowPlaysToItsTickLimit() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let recording = folder.appendingPathComponent("window.json").path
    // The window steps the game on a thread of its own while it draws: it stops at the limit,
    // not a step past it, and its recording holds every tick.
    let dummy = ["SDL_VIDEODRIVER": "dummy"]
    let window = run(
      [
        "demo", "--ticks", "45", "--count", "40", "--seed", "3", "--renderer", "software",
        "--record", recording,
      ], environment: dummy)
    #expect(window.code == 0, "\(window.errors)")
    let headless = run(["run", "--ticks", "45", "--count", "40", "--seed", "3"])
    #expect(window.output.contains("\ntick: 45\n"))
    #expect(hash(window.output) != nil && hash(window.output) == hash(headless.output))
    let replayed = run(["replay", recording])
    #expect(replayed.code == 0 && hash(replayed.output) == hash(headless.output))
    let shown = run(["demo", "--replay", recording, "--renderer", "software"], environment: dummy)
    #expect(shown.code == 0, "\(shown.errors)")
    #expect(hash(shown.output) == hash(headless.output))
    #expect(shown.output.contains("replayed to the recording's end, on the stateHash it was"))
  }

  @Test("the window opens at --size and --screenshot saves its last frame at that size")
  func screenshot() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let picture = folder.appendingPathComponent("sky.png")
    let shown = run(
      [
        "demo", "--frames", "4", "--count", "30", "--size", "320x180", "--renderer", "software",
        "--screenshot", picture.path,
      ], environment: ["SDL_VIDEODRIVER": "dummy"])
    #expect(shown.code == 0, "\(shown.errors)")
    #expect(shown.output.hasSuffix("screenshot: \(picture.path)\n"))
    // A PNG's header: its signature, then the IHDR chunk's width and height, big-endian.
    let bytes = [UInt8](try Data(contentsOf: picture))
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
    let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
    #expect(width == 320 && height == 180)
    let jpeg = run(["demo", "--frames", "1", "--screenshot", "sky.jpg"])
    #expect(jpeg.code == 64 && jpeg.errors.contains("expected a .png or .bmp file"))
  }

  @Test("render --zoom and --center draw part of the sky closer, at the same tick")
  func renderZoomed() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let whole = folder.appendingPathComponent("whole.png")
    let close = folder.appendingPathComponent("close.png")
    let common = ["render", "--tick", "10", "--count", "80", "--size", "320x180", "--out"]
    let first = run(common + [whole.path])
    let second = run(common + [close.path, "--zoom", "4", "--center", "200,150"])
    #expect(first.code == 0 && second.code == 0, "\(first.errors)\(second.errors)")
    #expect(hash(first.output) != nil && hash(first.output) == hash(second.output))
    #expect(try Data(contentsOf: whole) != Data(contentsOf: close))
    let far = run(common + [close.path, "--zoom", "0.5"])
    #expect(far.code == 64 && far.errors.contains("expected a number from 1 to 64"))
    let nowhere = run(common + [close.path, "--zoom", "2", "--center", "left"])
    #expect(nowhere.code == 64 && nowhere.errors.contains("expected a point in world units"))
    let hosted = run(["host", "--size", "640x360", "--headless"])
    #expect(hosted.code == 64 && hosted.errors.contains("--size is the window's"))
  }

  @Test("run --frames writes a picture of every k-th tick, from the first, on the run's hash")
  func runFrames() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let frames = folder.appendingPathComponent("frames")
    let plain = run(["run", "--ticks", "12", "--count", "30"])
    let drawn = run([
      "run", "--ticks", "12", "--count", "30", "--frames", frames.path, "--every", "4", "--size",
      "160x90",
    ])
    #expect(drawn.code == 0, "\(drawn.errors)")
    #expect(hash(drawn.output) != nil && hash(drawn.output) == hash(plain.output))
    #expect(drawn.output.contains("\nframes: 4 in \(frames.path)\n"))
    let names = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
    #expect(
      names == ["frame_000000.png", "frame_000004.png", "frame_000008.png", "frame_000012.png"])
    let alone = run(["run", "--ticks", "2", "--every", "4"])
    #expect(alone.code == 64 && alone.errors.contains("--every goes with --frames"))
    let zoomed = run(["run", "--ticks", "2", "--zoom", "2"])
    #expect(zoomed.code == 64 && zoomed.errors.contains("--zoom goes with --frames or --png"))
  }

  @Test("a run saved midway and loaded goes on to the straight run's state hash")
  func saveAndLoad() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let snapshot = folder.appendingPathComponent("sky.snapshot").path
    let straight = run(["run", "--ticks", "50", "--count", "60", "--seed", "8"])
    let first = run(["run", "--ticks", "20", "--count", "60", "--seed", "8", "--save", snapshot])
    #expect(first.code == 0 && first.output.contains("\nsaved: \(snapshot)\n"))
    let second = run(["run", "--ticks", "30", "--load", snapshot, "--threads", "3"])
    #expect(second.code == 0, "\(second.errors)")
    #expect(hash(second.output) != nil && hash(second.output) == hash(straight.output))
    #expect(second.output.contains("\ntick: 50\n") && second.output.contains("loaded: "))
    // The snapshot holds the set-up; a file that is not a snapshot, or none, is refused.
    let seeded = run(["run", "--ticks", "5", "--load", snapshot, "--count", "9"])
    #expect(seeded.code == 64)
    #expect(seeded.errors.contains("--count cannot go with --load"))
    let text = folder.appendingPathComponent("notes.txt")
    try Data("not a snapshot".utf8).write(to: text)
    let wrong = run(["run", "--ticks", "5", "--load", text.path])
    #expect(wrong.code == 65 && wrong.errors.contains("is not a snapshot of boids"))
    let missing = run(["run", "--ticks", "5", "--load", folder.appendingPathComponent("x").path])
    #expect(missing.code == 66 && missing.errors.contains("--load: "))
    let nowhere = run([
      "run", "--ticks", "5", "--save", folder.appendingPathComponent("no/such/file").path,
    ])
    #expect(nowhere.code == 73)
  }

  @Test("a sync test rolls back every tick and ends on the plain run's state hash")
  func syncTest() throws {
    let plain = run(["run", "--ticks", "40", "--count", "40", "--seed", "4"])
    let tested = run(["run", "--ticks", "40", "--count", "40", "--seed", "4", "--sync-test", "8"])
    #expect(plain.code == 0 && tested.code == 0)
    #expect(hash(tested.output) == hash(plain.output) && hash(plain.output) != nil)
    #expect(
      tested.output.contains(
        "syncTest: rolled back 8 ticks and stepped again 33 times, always to the straight "
          + "run's state"))
    #expect(!plain.output.contains("syncTest"))
  }

  @Test("inputs from a file fly in a run, a sync test and a recording's replay")
  func inputs() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let inputs = folder.appendingPathComponent("hawks.jsonl").path
    try """
    # tick, seat, input
    {"tick": 5, "input": {"releaseHawk": {"x": 100, "y": 100}}}
    {"tick": 5, "seat": 1, "input": {"releaseHawk": {"x": 600, "y": 300}}}

    {"tick": 30, "input": {"releaseHawk": {"x": 1200, "y": 700}}}
    """.write(toFile: inputs, atomically: true, encoding: .utf8)
    let base = ["run", "--ticks", "60", "--count", "40", "--seed", "4"]
    let plain = run(base)
    let hunted = run(base + ["--inputs", inputs])
    let tested = run(base + ["--inputs", inputs, "--sync-test", "4"])
    let recording = folder.appendingPathComponent("run.json").path
    let recorded = run(base + ["--inputs", inputs, "--record", recording])
    let replayed = run(["replay", recording])
    #expect([plain, hunted, tested, recorded, replayed].allSatisfy { $0.code == 0 })
    #expect(hash(hunted.output) != hash(plain.output))
    #expect(hash(tested.output) == hash(hunted.output))
    #expect(hash(replayed.output) == hash(hunted.output))
    // The sky's own four, and the three released.
    #expect(hunted.output.contains("hawks: 7"))
    // A line that is not an input of the game is named.
    try "{\"tick\": 5, \"input\": {\"dropBomb\": {}}}\n".write(
      toFile: inputs, atomically: true, encoding: .utf8)
    let wrong = run(base + ["--inputs", inputs])
    #expect(wrong.code == 65 && wrong.errors.contains("hawks.jsonl:1: not an input of boids"))
    try "{\"tick\": 5, \"seat\": 2, \"input\": {\"releaseHawk\": {\"x\": 1, \"y\": 1}}}\n".write(
      toFile: inputs, atomically: true, encoding: .utf8)
    let seat = run(base + ["--inputs", inputs])
    #expect(seat.code == 65 && seat.errors.contains("seat 2 is none of the game's 2"))
  }

  @Test("a recorded run replays to its state hash; a damaged or missing recording is refused")
  func recordAndReplay() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("run.json").path
    let recorded = run(["run", "--ticks", "90", "--count", "30", "--record", file])
    #expect(recorded.code == 0 && recorded.output.contains("recording: \(file)"))
    let replayed = run(["replay", file])
    #expect(replayed.code == 0)
    let lines = { (output: String) in output.split(separator: "\n").prefix(4) }
    #expect(lines(replayed.output) == lines(recorded.output))
    #expect(replayed.output.contains("tick: 90"))
    // Another end hash on this recording's inputs: it must not replay.
    var text = try String(contentsOfFile: file, encoding: .utf8)
    let hash = try #require(
      recorded.output.split(separator: "\n").first?.split(separator: " ").last)
    text = text.replacingOccurrences(of: String(hash), with: "0000000000000000")
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    let tampered = run(["replay", file])
    #expect(tampered.code == 65 && tampered.errors.contains("ends on stateHash \(hash)"))
    let missing = run(["replay", folder.appendingPathComponent("none.json").path])
    #expect(missing.code == 66 && missing.output.isEmpty)
  }

  @Test("a sweep tallies every seed, the same on one thread as on three")
  func sweep() {
    let one = run(["sweep", "--seeds", "1-6", "--ticks", "20", "--count", "30", "--jobs", "1"])
    let three = run(["sweep", "--seeds", "1-6", "--ticks", "20", "--count", "30", "--jobs", "3"])
    #expect(one.code == 0 && one.output == three.output)
    #expect(one.output.contains("Sweep: boids, seeds 1-6 (6 games), up to 20 ticks each"))
    #expect(one.output.contains("  ran 20 ticks: 6 (100.0%)"))
    #expect(one.output.contains("sweepHash: "))
    let other = run(["sweep", "--seeds", "2-7", "--ticks", "20", "--count", "30"])
    #expect(other.output.split(separator: "\n").last != one.output.split(separator: "\n").last)
  }

  @Test("a host that no one joins, and a join no host answers, give up with exit 69")
  func netplayGivesUp() {
    let host = run([
      "host", "--listen", "127.0.0.1", "--port", "0", "--ticks", "30", "--wait", "1",
      "--headless",
    ])
    #expect(host.code == 69 && host.errors.contains("no one joined within 1 s"))
    #expect(host.output.contains("boids join 127.0.0.1:"))
    let join = run([
      "join", "127.0.0.1:9", "--code", "0000-0000-0000-0001", "--wait", "1", "--headless",
    ])
    #expect(join.code == 69 && join.errors.contains("no answer from the host within 1 s"))
  }

  @Test("a host and a guest of this process play to the same state hash, which both replay to")
  func hostAndJoin() async throws {
    let folder = try folder()
    let hostRecording = folder.appending(path: "host.json")
    let guestRecording = folder.appending(path: "guest.json")
    defer { try? FileManager.default.removeItem(at: folder) }
    // Each side releases a hawk: the recordings hold both seats' inputs.
    let (hostInputs, guestInputs) = (
      folder.appending(path: "h.jsonl"), folder.appending(path: "g.jsonl")
    )
    try Data(#"{"tick": 10, "input": {"releaseHawk": {"x": 400, "y": 300}}}"#.utf8).write(
      to: hostInputs)
    try Data(#"{"tick": 20, "input": {"releaseHawk": {"x": 100, "y": 600}}}"#.utf8).write(
      to: guestInputs)
    let hostConsole = CapturedConsole()
    let hostTask = Task.detached {
      Self.run(
        [
          "host", "--listen", "127.0.0.1", "--port", "0", "--ticks", "45", "--count", "40",
          "--wait", "20", "--input-delay", "0", "--max-rollback", "1", "--timeout", "30",
          "--headless", "--record", hostRecording.path, "--inputs", hostInputs.path,
        ], console: hostConsole)
    }
    let arguments = try #require(await joinLine(printedOn: hostConsole))
    #expect(arguments.contains("--count") && arguments.contains("40"))
    // The guest's inputs come three ticks late: with no input delay to hide them and one tick
    // of rollback allowed, the host waits for them rather than run further ahead.
    let guest = Self.run(
      arguments + [
        "--simulate", "delay=100ms", "--timeout", "30", "--wait", "20", "--headless", "--record",
        guestRecording.path, "--inputs", guestInputs.path,
      ])
    let host = await hostTask.value
    #expect(host.code == 0 && guest.code == 0)
    #expect(hash(host.output) != nil && hash(host.output) == hash(guest.output))
    #expect(guest.output.contains("Agreed:    both sides had the same stateHash at tick 45"))
    let rollbacks = try #require(
      host.output.split(separator: "\n").first { $0.hasPrefix("Rollbacks: ") })
    let deepest = try #require(rollbacks.firstMatch(of: /the deepest (\d+)\); waited (\d+)/))
    #expect(Int(deepest.1) ?? 99 <= 1, "\(rollbacks)")
    #expect(Int(deepest.2) ?? 0 > 0, "\(rollbacks)")
    // Each side's recording holds the 45 ticks and both players' inputs: it replays to the
    // hash both agreed on.
    #expect(host.output.contains("Recorded 45 ticks of the match to \(hostRecording.path)"))
    #expect(guest.output.contains("Recorded 45 ticks of the match to \(guestRecording.path)"))
    for recording in [hostRecording, guestRecording] {
      try checkRecording(recording, inputTicks: [10, 20], of: 45, endsOn: hash(host.output))
    }
  }

  /// The arguments of the join line a host prints on `console`, once it has (within 5 s).
  private func joinLine(printedOn console: CapturedConsole) async throws -> [String]? {
    for _ in 0..<100 {
      try await Task.sleep(for: .milliseconds(50))
      if let line = console.standardOutput.split(separator: "\n").first(where: {
        $0.hasPrefix("  boids join ")
      }) {
        return line.split(separator: " ").dropFirst().map(String.init)
      }
    }
    return nil
  }

  /// Checks that the recording at `url` spans `tickCount` ticks with inputs on `inputTicks`,
  /// and replays to `hash`.
  private func checkRecording(
    _ url: URL, inputTicks: [Int], of tickCount: Int, endsOn hash: String?
  ) throws {
    let saved = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    let ticks = (saved["inputs"] as? [[String: Any]] ?? []).compactMap { $0["tick"] as? Int }
    #expect(ticks == inputTicks && saved["tickCount"] as? Int == tickCount, "\(saved)")
    let replayed = run(["replay", url.path])
    #expect(replayed.code == 0, "\(replayed.errors)")
    #expect(self.hash(replayed.output) != nil && self.hash(replayed.output) == hash)
  }
}

@Suite("boids in a window")
struct BoidsWindowInputTests {
  @Test("K releases a hawk from the falconer's own corner; other keys release nothing")
  func releaseKey() {
    let sky = BoidsScene(seed: 1, boidCount: 10)
    #expect(BoidsScene.keys.map(\.key) == ["k"])
    #expect(sky.input(forKey: "k", seat: 0) == .releaseHawk(x: 40, y: 40))
    #expect(sky.input(forKey: "k", seat: 1) == .releaseHawk(x: 1240, y: 40))
    #expect(sky.input(forKey: "x", seat: 0) == nil)
  }
}
