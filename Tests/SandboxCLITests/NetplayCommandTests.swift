import Dispatch
import Foundation
import GameShell
import MonsterWars
import Netplay
import Synchronization
import Testing
import TraitSandbox

@testable import SandboxCLI

/// A `sandbox host` running in-process on another thread, its output readable as it goes.
final class BackgroundHost: Sendable {
  let captured = CapturedConsole()
  private let status = Mutex<Int32?>(nil)
  private let done = DispatchSemaphore(value: 0)

  init(_ arguments: [String], workingDirectory: String = packageRoot.path) {
    let invocation = Sandbox.Invocation(
      arguments: ["host"] + arguments, environment: [:],
      executablePath: "/nonexistent/bin/sandbox", workingDirectory: workingDirectory)
    DispatchQueue.global().async { [self] in
      let code = Sandbox.main(invocation, console: captured.console)
      status.withLock { $0 = code }
      done.signal()
    }
  }

  /// The arguments of the join line the host printed, once it has (within 20 s).
  func joinArguments() throws -> [String] {
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      if let line = captured.standardOutput.split(separator: "\n").first(where: {
        $0.hasPrefix("  sandbox join ")
      }) {
        return line.split(separator: " ").dropFirst().map(String.init)
      }
      Thread.sleep(forTimeInterval: 0.01)
    }
    throw HostNotReady(output: captured.standardOutput + captured.standardError)
  }

  /// The host's exit code, once it has ended (within `seconds`).
  func exitCode(within seconds: Double) -> Int32? {
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return status.withLock { $0 }
  }
}

struct HostNotReady: Error {
  var output: String
}

@Suite("Command line: host and join", .serialized)
struct NetplayCommandTests {
  /// Writes `text` to a new temporary file and returns its path.
  func temporaryFile(_ text: String, suffix: String = ".txt") throws -> String {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("sandbox-netplay-\(UUID().uuidString)\(suffix)")
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  func temporaryPath(_ suffix: String) -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("sandbox-netplay-\(UUID().uuidString)\(suffix)").path
  }

  @Test(
    "two headless peers over a faulty loopback end with the same hash their recordings replay to")
  func headlessPeers() throws {
    let hostScript = try temporaryFile("# the host's orders\n20 order zap\n150 order munch\n")
    let joinScript = try temporaryFile(
      "40 order munch  # a comment\n\n160 cancel\n200 order quirk\n")
    let hostRecording = temporaryPath(".rec")
    let joinRecording = temporaryPath(".rec")
    let faults = "loss=5%,delay=30ms,jitter=10ms,duplicate=1%"
    // The sides step on different thread counts, to the same hash; the guest draws the end.
    let picture = temporaryPath(".png")
    defer { try? FileManager.default.removeItem(atPath: picture) }
    let host = BackgroundHost([
      "--listen", "127.0.0.1", "--port", "0", "--headless", "--inputs", hostScript, "--ticks",
      "300", "--record", hostRecording, "--simulate", faults, "--wait", "30", "--threads", "1",
    ])
    let join = try host.joinArguments()
    #expect(join.first == "join" && join[1].hasPrefix("127.0.0.1:"))
    let joined = sandbox(
      join + [
        "--headless", "--inputs", joinScript, "--record", joinRecording, "--simulate", faults,
        "--threads", "2", "--png", picture, "--size", "320x180",
      ])
    #expect(joined.status == 0, "\(joined.error)")
    #expect(host.exitCode(within: 30) == 0, "\(host.captured.standardError)")
    func hash(_ output: String) -> Substring? {
      output.split(separator: "\n").first { $0.hasPrefix("stateHash: ") }?.dropFirst(11)
    }
    let hostOutput = host.captured.standardOutput
    #expect(hostOutput.contains("Match: the match reached its end on both sides"))
    #expect(hostOutput.contains("Simulating loss=5%,delay=30ms,jitter=10ms,duplicate=1%"))
    #expect(hash(hostOutput) != nil)
    #expect(hash(hostOutput) == hash(joined.output))
    #expect(joined.output.contains("Picture:    \(picture)\n"))
    let bytes = [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: picture))) ?? Data())
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    #expect(bytes.count > 24 && bytes[16..<24].elementsEqual([0, 0, 1, 64, 0, 0, 0, 180]))
    for recording in [hostRecording, joinRecording] {
      let replayed = sandbox("replay", recording)
      #expect(replayed.status == 0, "\(replayed.error)")
      #expect(replayed.output.hasPrefix("stateHash: \(hash(hostOutput) ?? "")\n"))
    }
  }

  @Test("a host no one joins and a join no host answers give up with a message")
  func timeouts() {
    let host = sandbox(
      "host", "--listen", "127.0.0.1", "--port", "0", "--headless", "--wait", "1")
    #expect(host.status == 69)
    #expect(host.error.contains("no one joined within 1 s"))
    let join = sandbox(
      "join", "127.0.0.1:9", "--code", "0000-0000-0000-0001", "--headless",
      "--wait", "1")
    #expect(join.status == 69)
    #expect(join.error.contains("no answer from the host within 1 s"))
  }

  @Test("--png's sprites are loaded before the network opens: a broken folder fails at once")
  func pictureSpritesFirst() throws {
    let assets = try copiedAssets()
    defer { try? FileManager.default.removeItem(at: assets) }
    try FileManager.default.removeItem(at: assets.appendingPathComponent("sprites/font.bmp"))
    let result = sandbox(
      "host", "--headless", "--port", "0", "--listen", "127.0.0.1", "--wait", "1", "--assets",
      assets.path, "--png", assets.appendingPathComponent("end.png").path)
    #expect(result.status == 66 && result.output.isEmpty, "\(result.output)")
    #expect(result.error.contains("font.bmp: missing"))
  }

  @Test("a match in a window with no display says so before it opens the network, exit 69")
  func noDisplay() {
    for end in [
      ["host", "--port", "0"], ["join", "127.0.0.1:9", "--code", "0000-0000-0000-0001"],
    ] {
      let result = sandbox(end + ["--wait", "1"])
      #expect(result.status == 69 && result.output.isEmpty, "\(end)")
      #expect(result.error.contains("with --headless, the match plays without a window"), "\(end)")
    }
  }

  @Test(
    "wrong options are usage errors naming what is wrong",
    arguments: [
      (["join", "127.0.0.1"], "Missing '--code"),
      (["join", "127.0.0.1", "--code", "12"], "expected 16 hex digits"),
      (
        ["join", "127.0.0.1:99999", "--code", "0000-0000-0000-0001"], "port must be a whole number"
      ),
      (["join", "[::1", "--code", "0000-0000-0000-0001"], "needs its closing ]"),
      (["host", "--simulate", "loss=5"], "needs a percentage"),
      (["host", "--size", "320x180", "--headless"], "--size is the window's or --png's"),
      (["host", "--input-delay", "11"], "expected a whole number from 0 to 10"),
      (["host", "--max-rollback", "0"], "expected a whole number from 1 to 16"),
    ])
  func usage(arguments: [String], message: String) {
    let result = sandbox(arguments)
    #expect(result.status == 64)
    #expect(result.error.contains(message), "\(result.error)")
  }

  @Test("a script line that does not read is named with its line number")
  func badScript() throws {
    let script = try temporaryFile("10 order zap\n20 order dragon\n")
    let result = sandbox("host", "--headless", "--inputs", script, "--port", "0")
    #expect(result.status == 65)
    #expect(result.error.contains("\(script):2: 'dragon' is no unit kind: expected one of"))
    let restart = try temporaryFile("5 restart\n")
    let joined = sandbox(
      "join", "127.0.0.1", "--code", "0000-0000-0000-0001", "--headless", "--inputs", restart)
    #expect(joined.status == 65)
    #expect(joined.error.contains(":1: only the host restarts the match"))
  }
}

@Suite("Command line: a desync's report", .serialized)
struct DesyncReportTests {
  @Test("a desync saves the recording and snapshot of the side that saw it, which replay and load")
  func savesBothFiles() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("sandbox-desync-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let network = ["--headless", "--timeout", "20", "--threads", "1", "--on-desync", "stop"]
    let assets = ["--assets", packageRoot.appendingPathComponent("Assets").path]
    let host = BackgroundHost(
      ["--listen", "127.0.0.1", "--port", "0", "--ticks", "300", "--wait", "20"] + network
        + assets, workingDirectory: folder.path)
    // The guest runs one tick more at tick 100: the two games part there.
    let guest = CapturedConsole()
    let joined = Sandbox.main(
      Sandbox.Invocation(
        arguments: try host.joinArguments() + network + assets + ["--perturb-tick", "100"],
        environment: [:], executablePath: "/nonexistent/bin/sandbox",
        workingDirectory: folder.path), console: guest.console)
    let hosted = host.exitCode(within: 30)
    #expect(joined == 1 && hosted == 1, "\(guest.standardError)\(host.captured.standardError)")
    // The side that sees the desync first stops the match: the other may see only that.
    var reported = 0
    for (side, console) in [("left", host.captured), ("right", guest)] {
      let recording = folder.appendingPathComponent("desync-\(side).recording").path
      guard console.standardError.contains("Error: desynced at tick ") else { continue }
      reported += 1
      #expect(
        console.standardError.contains(
          "this side's recording is \(recording) and its snapshot \(recording).snapshot"))
      let replayed = sandbox("replay", recording)
      #expect(replayed.status == 0, "\(side): \(replayed.error)")
      let loaded = sandbox("run", "--load", recording + ".snapshot", "--ticks", "1")
      #expect(loaded.status == 0, "\(side): \(loaded.error)")
    }
    #expect(reported > 0, "\(guest.standardError)\(host.captured.standardError)")
  }
}
