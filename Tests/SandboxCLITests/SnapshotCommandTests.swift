import Foundation
import GameShell
import Imaging
import MonsterWars
import Testing
import TraitSandbox

@testable import SandboxCLI

/// The `stateHash:` line of a text report.
private func stateHash(_ output: String) -> String? {
  output.split(separator: "\n").first { $0.hasPrefix("stateHash:") }.map(String.init)
}

/// `bytes` with its envelope's length and checksum made to fit its body again.
private func reenveloped(_ bytes: Data) -> Data {
  Data(SavedFileKind.resealed(Array(bytes)))
}

/// `bytes` with the first `old` in it replaced by `new`, of the same length.
private func replacing(_ old: String, with new: String, in bytes: Data) throws -> Data {
  let needle = Array(old.utf8)
  let contents = Array(bytes)
  let start = try #require(contents.indices.first { contents[$0...].starts(with: needle) })
  var patched = contents
  patched.replaceSubrange(start..<(start + needle.count), with: Array(new.utf8))
  return Data(patched)
}

@Suite("Command line: run --save and --load")
struct SnapshotCommandTests {
  @Test(
    "running on from a saved match prints the hash of running straight through",
    arguments: [["--scenario", "duel"], ["--scenario", "swarm", "--entities", "3000"]],
    ["1", "2"])
  func saveAndLoad(scenario: [String], threads: String) throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let snapshot = folder.appendingPathComponent("half.snap").path
    let ticks = scenario.contains("swarm") ? "100" : "1000"
    let doubled = String(2 * Int(ticks)!)
    let straight = sandbox(
      ["run", "--ticks", doubled, "--threads", threads] + scenario)
    let first = sandbox(
      ["run", "--ticks", ticks, "--threads", threads, "--save", snapshot] + scenario)
    let second = sandbox("run", "--load", snapshot, "--ticks", ticks, "--threads", threads)
    #expect(straight.status == 0 && first.status == 0 && second.status == 0, "\(second.error)")
    #expect(stateHash(second.output) != nil)
    #expect(stateHash(second.output) == stateHash(straight.output))
    #expect(stateHash(first.output) != stateHash(straight.output))
    #expect(second.output.contains("\ntick: \(doubled)\n"))
    #expect(second.output.contains("\nran: \(ticks == "1000" ? "1,000" : ticks) ticks in "))
  }

  @Test("the set-up options cannot go with --load")
  func setUpWithLoad() {
    for option in [["--scenario", "swarm"], ["--seed", "2"], ["--entities", "10"]] {
      let result = sandbox(["run", "--load", "x.snap"] + option)
      #expect(result.status == 64)
      #expect(
        result.error.hasPrefix(
          "Error: \(option[0]) cannot go with --load: the snapshot holds the game's set-up"),
        "\(result.error)")
    }
  }

  @Test("a missing, truncated, foreign or newer snapshot is refused with its reason")
  func badFiles() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let good = folder.appendingPathComponent("good.snap")
    #expect(sandbox("run", "--ticks", "5", "--save", good.path).status == 0)
    // A session's snapshot: its scenario and inputs, then the match's own snapshot.
    let saved = try Data(contentsOf: good)
    let bytes = Data(try #require(MatchSession.matchSnapshot(inSessionSnapshot: Array(saved))))
    let session = saved.prefix(saved.count - bytes.count)

    let missing = sandbox("run", "--load", folder.appendingPathComponent("none.snap").path)
    #expect(missing.status == 66)
    #expect(missing.error.hasPrefix("Error: --load: ") && missing.error.contains("does not exist"))

    let cases: [(String, Data, String)] = [
      ("cut.snap", bytes.prefix(bytes.count - 3), "the file is truncated"),
      ("scenario.snap", Data(#"{"arena": {}}"#.utf8), "it is not a snapshot"),
      (
        "newer.snap", bytes.prefix(12) + Data([9]) + bytes.dropFirst(13),
        "it is in snapshot format 9, newer than this program's 2"
      ),
      (
        "flipped.snap", bytes.prefix(40) + Data([bytes[40] ^ 1]) + bytes.dropFirst(41),
        "its checksum does not match: the file is damaged"
      ),
      (
        "layout.snap",
        reenveloped(try replacing("movement.speed", with: "movement.pace_", in: bytes)),
        "keeps movement.pace_ (Float, 4 bytes) at byte"
      ),
      ("columns.snap", reenveloped(bytes.dropLast(2)), "the snapshot is truncated"),
    ]
    for (name, contents, reason) in cases {
      let url = folder.appendingPathComponent(name)
      // The match's part damaged in a session's snapshot; a scenario file on its own.
      try (name == "scenario.snap" ? contents : session + contents).write(to: url)
      let result = sandbox("run", "--load", url.path)
      #expect(result.status == 65, "\(name)")
      #expect(
        result.error.hasPrefix("Error: --load: \(url.path) is not a snapshot of monsterwars: "))
      #expect(result.error.contains(reason), "\(result.error)")
    }
    // A match's own snapshot, as earlier versions saved, goes on as a session of it.
    let match = folder.appendingPathComponent("match.snap")
    try bytes.write(to: match)
    let fromMatch = sandbox("run", "--load", match.path, "--ticks", "5")
    let fromSession = sandbox("run", "--load", good.path, "--ticks", "5")
    #expect(fromMatch.status == 0, "\(fromMatch.error)")
    #expect(stateHash(fromMatch.output) == stateHash(fromSession.output))
  }

  @Test("--save refuses a destination it cannot write before the run")
  func badDestination() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = sandbox("run", "--ticks", "5", "--save", folder.path)
    #expect(result.status == 73)
    #expect(result.error.contains("it is a folder; --save replaces a regular file"))
    #expect(result.output.isEmpty)
  }
}

@Suite("Command line: run --sync-test")
struct SyncTestCommandTests {
  @Test("a sync test reports its rollbacks and ends on the straight run's stateHash")
  func passes() throws {
    let straight = sandbox(["run", "--ticks", "24", "--threads", "1"])
    let tested = sandbox(["run", "--ticks", "24", "--sync-test", "3"])
    #expect(tested.status == 0, "\(tested.error)")
    #expect(stateHash(tested.output) == stateHash(straight.output))
    #expect(
      tested.output.contains(
        "\nsyncTest: rolled back 3 ticks and stepped again 22 times, always to the straight "
          + "run's state (snapshots of "))
    let json = sandbox(["run", "--ticks", "10", "--sync-test", "2", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let syncTest = try #require(object["syncTest"] as? [String: Any])
    #expect(syncTest["rollback"] as? Int == 2)
    #expect(syncTest["rollbacks"] as? Int == 9)
    // What a rollback session's snapshot ring and rollbacks would cost, measured as it runs.
    #expect((syncTest["medianSnapshotMilliseconds"] as? Double ?? 0) > 0)
    #expect((syncTest["medianRollbackMilliseconds"] as? Double ?? 0) > 0)
    #expect(tested.output.contains("; medians: a snapshot "))
    #expect(tested.output.contains(" ms, restoring it and stepping 3 ticks "))
    #expect(tested.output.contains(" ms; from memory, as netplay rolls back, "))
  }

  @Test("a rollback outside 1 to 64 ticks is a usage error", arguments: ["0", "65", "x"])
  func range(value: String) {
    let result = sandbox(["run", "--sync-test", value])
    #expect(result.status == 64)
    #expect(result.error.contains("is invalid for '--sync-test <k>'"))
  }
}

@Suite("Command line: replay")
struct ReplayCommandTests {
  /// A recording of a short session with orders, written to a scratch folder.
  private func writeRecording(
    in folder: URL, program: String = MonsterWarsGame.recordingProgram, finalHash: StateHash? = nil
  ) throws -> (URL, MatchRecording) {
    var session = MatchSession(
      scenario: try Scenario.load(
        contentsOf: packageRoot.appendingPathComponent("Assets/scenarios/duel.json")),
      seed: 9, autoplay: false)
    let initial = session.scenario
    session.apply(.order(.init("munch"), side: .left))
    for _ in 0..<200 { session.step() }
    session.apply(.order(.init("zap"), side: .left))
    for _ in 0..<100 { session.step() }
    var recording = MatchRecording(of: session, startedWith: initial, program: program)
    if let finalHash { recording.finalHash = finalHash }
    let url = folder.appendingPathComponent("session.rec")
    try Data(try recording.bytes()).write(to: url)
    return (url, recording)
  }

  @Test("replay prints the state hash the session ended with")
  func replays() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (url, recording) = try writeRecording(in: folder)
    let result = sandbox("replay", url.path, "--threads", "2")
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.hasPrefix("stateHash: \(recording.finalHash)\ntick: 300\n"))
    #expect(result.output.contains("\nrecording: \(url.path)\ninputs: 2\n"))
    #expect(result.output.contains("\nreplayed: 300 ticks in "))
    let json = sandbox("replay", url.path, "--json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect(object["stateHash"] as? String == recording.finalHash.description)
    #expect(object["tick"] as? Int == 300)
    // A picture of where it ended: a PNG of 1280x720, named in the report.
    let picture = folder.appendingPathComponent("end.png")
    let drawn = sandbox("replay", url.path, "--png", picture.path)
    #expect(drawn.status == 0, "\(drawn.error)")
    #expect(drawn.output.hasSuffix("png: \(picture.path)\n"))
    let bytes = [UInt8](try Data(contentsOf: picture))
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    #expect(bytes[16..<24].elementsEqual([0, 0, 5, 0, 0, 0, 2, 208]))
    let bitmap = folder.appendingPathComponent("end.bmp")
    #expect(sandbox("replay", url.path, "--png", bitmap.path).status == 0)
    #expect(try Data(contentsOf: bitmap).starts(with: Array("BM".utf8)))
    let other = sandbox("replay", url.path, "--png", "end.gif")
    #expect(other.status == 64 && other.error.contains("expected a .png or .bmp file"))
  }

  @Test("run --record writes a recording that replays to the run's hash; --png its last frame")
  func runRecords() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (recording, picture) = (
      folder.appending(path: "run.rec"), folder.appending(path: "end.png")
    )
    let run = sandbox(
      "run", "--ticks", "240", "--seed", "3", "--threads", "2", "--record", recording.path,
      "--png", picture.path, "--size", "320x180", "--zoom", "2")
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output.contains("\nrecording: \(recording.path)\n"))
    #expect(run.output.hasSuffix("\npng: \(picture.path)\n"))
    let hash = try #require(run.output.firstMatch(of: /stateHash: ([0-9a-f]{16})/)?.1)
    let replayed = sandbox("replay", recording.path, "--threads", "1")
    #expect(replayed.status == 0, "\(replayed.error)")
    #expect(replayed.output.hasPrefix("stateHash: \(hash)\ntick: 240\n"))
    let bytes = [UInt8](try Data(contentsOf: picture))
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    #expect(bytes[16..<24].elementsEqual([0, 0, 1, 64, 0, 0, 0, 180]))
    for (arguments, message) in [
      (["--record", "r.rec", "--sync-test", "2"], "cannot go with '--sync-test'"),
      (["--zoom", "2"], "--zoom goes with --frames or --png"),
      (["--every", "2", "--png", "a.png"], "--every goes with --frames"),
      (["--png", "a.gif"], "expected a .png or .bmp file"),
    ] {
      let refused = sandbox(["run", "--ticks", "5"] + arguments)
      #expect(refused.status == 64 && refused.error.contains(message), "\(arguments)")
    }
    let nowhere = sandbox("run", "--ticks", "5", "--record", "/nonexistent/folder/r.rec")
    #expect(nowhere.status == 73 && nowhere.output.isEmpty)
  }

  @Test("a replay that ends elsewhere than the recording says exits 65 with both hashes")
  func mismatch() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (url, _) = try writeRecording(in: folder, finalHash: StateHash(rawValue: 42))
    let result = sandbox("replay", url.path)
    #expect(result.status == 65)
    #expect(result.error.contains("where it ended on 000000000000002a"), "\(result.error)")
  }

  @Test("a recording by another version, a snapshot or no file at all is refused")
  func refused() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (url, _) = try writeRecording(in: folder, program: "sandbox 0.0.1")
    let other = sandbox("replay", url.path)
    #expect(other.status == 65)
    #expect(other.error.contains("it was recorded by 'sandbox 0.0.1', and this is sandbox "))
    let snapshot = folder.appendingPathComponent("a.snap")
    #expect(sandbox("run", "--ticks", "3", "--save", snapshot.path).status == 0)
    let wrongKind = sandbox("replay", snapshot.path)
    #expect(wrongKind.status == 65)
    #expect(wrongKind.error.contains("it is not a recording"))
    let missing = sandbox("replay")
    #expect(missing.status == 64)
    #expect(missing.error.hasPrefix("Error: Missing '<file>'"))
    let two = sandbox("replay", url.path, url.path)
    #expect(two.status == 64)
    #expect(sandbox("replay", folder.appendingPathComponent("none.rec").path).status == 66)
  }

  @Test("--replay takes the session from the recording: set-up options are usage errors")
  func demoReplayOptions() {
    for option in [["--scenario", "swarm"], ["--seed", "2"], ["--autoplay"], ["--record", "x"]] {
      let result = sandbox(["demo", "--replay", "x.rec"] + option)
      #expect(result.status == 64)
      #expect(result.error.contains("cannot go with --replay: the recording holds the game"))
    }
  }
}
