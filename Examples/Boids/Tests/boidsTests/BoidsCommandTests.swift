import BoidsGame
import Foundation
import Netplay
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
      writeError: { text in self.errors.withLock { $0 += text } })
  }

  var standardOutput: String { output.withLock { $0 } }
  var standardError: String { errors.withLock { $0 } }
}

@Suite("boids command")
struct BoidsCommandTests {
  private func run(_ arguments: [String], environment: [String: String] = [:]) -> (
    code: Int32, output: String, errors: String
  ) {
    let captured = CapturedConsole()
    let code = BoidsCommand.main(
      arguments: arguments, environment: environment, console: captured.console)
    return (code, captured.standardOutput, captured.standardError)
  }

  @Test("a headless run prints the state hash, the same on every run")
  func headlessRunIsRepeatable() throws {
    let first = run(["--ticks", "60", "--count", "50"])
    let second = run(["--ticks=60", "--count=50"])
    #expect(first.code == 0)
    #expect(first.output == second.output)
    let hashLine = try #require(first.output.split(separator: "\n").first)
    #expect(hashLine.hasPrefix("stateHash: "))
    #expect(hashLine.dropFirst("stateHash: ".count).count == 16)
    #expect(first.output.contains("boids: "))
    #expect(first.output.contains("hawks: 4"))
  }

  @Test("help goes to standard output and exits 0")
  func help() {
    let result = run(["--count", "x", "-h"])
    #expect(result.code == 0)
    #expect(result.output.hasPrefix("OVERVIEW: "))
    #expect(result.output.contains("USAGE: boids --ticks <n>"))
    #expect(result.errors.isEmpty)
  }

  @Test(
    "command-line mistakes print an error and the usage to standard error and exit 64",
    arguments: [
      [], ["--ticks"], ["--ticks", "-1"], ["--ticks", "ten"], ["--count", "5001", "--ticks", "1"],
      ["--ticks", "1", "--frames", "10"], ["--ticks", "1", "--speed", "2"], ["600"],
      ["--ticks", "1", "--ticks", "2"], ["--seed", "-3", "--ticks", "1"],
      ["--ticks", "1", "--sync-test", "0"], ["--ticks", "1", "--sync-test", "65"],
      ["--window", "--sync-test", "8"], ["--replay", "r.json", "--ticks", "5"],
      ["--replay", "r.json", "--window"], ["--replay", ""],
      ["--ticks", "5", "--sync-test", "2", "--record", "r.json"],
      ["--ticks", "5", "--hawks", "10:400"], ["--ticks", "5", "--hawks", "10:nan:3"],
      ["--ticks", "5", "--hawks", "1:1:1,1:1:1,1:1:1,1:1:1,1:1:1"],
      ["--window", "--hawks", "1:1:1"],
      ["--host"], ["--host", "--ticks", "5", "--join", "127.0.0.1:7777", "--code", "1-1"],
      ["--join", "127.0.0.1:7777"], ["--join", "[::1", "--code", "0000-0000-0000-0001"],
      ["--join", "h:1", "--code", "0000-0000-0000-0001", "--seed", "3"],
      ["--join", "h:1", "--code", "12"], ["--ticks", "5", "--code", "0000-0000-0000-0001"],
      ["--ticks", "5", "--port", "7000"], ["--ticks", "5", "--simulate", "loss=5%"],
      ["--host", "--ticks", "5", "--simulate", "loss=5"], ["--host", "--ticks", "5", "--window"],
      ["--host", "--ticks", "5", "--record", "r.json"],
      ["--host", "--ticks", "5", "--port", "70000"],
    ])
  func usageErrors(arguments: [String]) {
    let result = run(arguments)
    #expect(result.code == 64)
    #expect(result.output.isEmpty)
    #expect(result.errors.hasPrefix("Error: "))
    #expect(result.errors.contains("USAGE: "))
  }

  #if os(Linux)
    // Elsewhere the native display is always there, whatever the environment says.
    @Test("a window without a display fails fast with exit 69")
    func windowWithoutDisplay() {
      let result = run(["--window", "--frames", "1"], environment: [:])
      #expect(result.code == 69)
      #expect(result.errors.contains("no display available"))
      #expect(result.output.isEmpty)
    }
  #endif

  @Test("a sync test rolls back every tick and ends on the plain run's state hash")
  func syncTest() throws {
    let plain = run(["--ticks", "40", "--count", "40", "--seed", "4"])
    let tested = run(["--ticks", "40", "--count", "40", "--seed", "4", "--sync-test", "8"])
    #expect(plain.code == 0 && tested.code == 0)
    let hash = { (output: String) in output.split(separator: "\n").first.map(String.init) }
    #expect(hash(tested.output) == hash(plain.output) && hash(plain.output) != nil)
    #expect(
      tested.output.contains(
        "sync test: rolled back 8 ticks and stepped again 33 times, always to the straight "
          + "run's state"))
    #expect(!plain.output.contains("sync test"))
  }

  @Test("a recorded run replays to its state hash; a damaged or missing recording is refused")
  func recordAndReplay() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("boids-recording-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("run.json").path
    let recorded = run(["--ticks", "90", "--count", "30", "--record", file])
    #expect(recorded.code == 0 && recorded.output.contains("recording: \(file)"))
    let replayed = run(["--replay", file])
    #expect(replayed.code == 0)
    let lines = { (output: String) in output.split(separator: "\n").prefix(4) }
    #expect(lines(replayed.output) == lines(recorded.output))
    #expect(replayed.output.contains("tick: 90"))
    // Another seed's end hash on this recording's inputs: it must not replay.
    var text = try String(contentsOfFile: file, encoding: .utf8)
    let hash = try #require(
      recorded.output.split(separator: "\n").first?.split(separator: " ").last)
    text = text.replacingOccurrences(of: String(hash), with: "0000000000000000")
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    let tampered = run(["--replay", file])
    #expect(tampered.code == 65 && tampered.errors.contains("ends on stateHash \(hash)"))
    let missing = run(["--replay", folder.appendingPathComponent("none.json").path])
    #expect(missing.code == 66 && missing.output.isEmpty)
  }

  @Test("hawks given on the command line fly in a headless run, a sync test and a replay")
  func hawks() throws {
    let hawks = ["--hawks", "5:100:100,5:600:300,30:1200:700"]
    let plain = run(["--ticks", "60", "--count", "40", "--seed", "4"])
    let hunted = run(["--ticks", "60", "--count", "40", "--seed", "4"] + hawks)
    let tested = run(["--ticks", "60", "--count", "40", "--seed", "4", "--sync-test", "4"] + hawks)
    #expect(plain.code == 0 && hunted.code == 0 && tested.code == 0)
    let hash = { (output: String) in output.split(separator: "\n").first.map(String.init) }
    #expect(hash(hunted.output) != hash(plain.output))
    #expect(hash(tested.output) == hash(hunted.output))
    // The sky's own four, and the three released.
    #expect(hunted.output.contains("hawks: 7"))
  }

  @Test("a host that no one joins, and a join no host answers, give up with exit 69")
  func netplayGivesUp() {
    let host = run([
      "--host", "--listen", "127.0.0.1", "--port", "0", "--ticks", "30", "--wait", "1",
    ])
    #expect(host.code == 69 && host.errors.contains("no one joined within 1 s"))
    #expect(host.output.contains("boids --join 127.0.0.1:"))
    let join = run(["--join", "127.0.0.1:9", "--code", "0000-0000-0000-0001", "--wait", "1"])
    #expect(join.code == 69 && join.errors.contains("no answer from the host within 1 s"))
  }

  @Test("options parse into what the run uses")
  func parsing() throws {
    let request = try CommandLineOptions.parse([
      "--ticks", "600", "--seed", "9", "--count", "30", "--png", "/tmp/x.png",
    ])
    var expected = CommandLineOptions()
    expected.ticks = 600
    expected.seed = 9
    expected.boidCount = 30
    expected.pngPath = "/tmp/x.png"
    #expect(request == .run(expected))
    let windowed = try CommandLineOptions.parse(["--window", "--frames", "120"])
    guard case .run(let options) = windowed else {
      Issue.record("expected a run")
      return
    }
    #expect(options.isWindowed && options.frameLimit == 120 && options.ticks == nil)
    // The ends of a match over the network, in any order of their options.
    guard
      case .run(let joining) = try CommandLineOptions.parse([
        "--code", "0123-4567-89ab-cdef", "--join", "[::1]:7000", "--simulate", "loss=5%",
      ]),
      case .run(let hosting) = try CommandLineOptions.parse([
        "--port", "0", "--host", "--ticks", "300", "--hawks", "10:1:2",
      ])
    else {
      Issue.record("expected runs")
      return
    }
    #expect(
      joining.netplay
        == .join(host: "::1", port: 7000, code: try #require(SessionCode("0123456789abcdef"))))
    #expect(joining.faults.description == "loss=5%")
    #expect(hosting.netplay == .host(listen: nil, port: 0))
    #expect(hosting.hawks == [10: [.releaseHawk(x: 1, y: 2)]])
  }
}
