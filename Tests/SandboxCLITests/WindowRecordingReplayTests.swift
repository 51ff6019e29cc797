import Foundation
import GameShell
import Gameplay
import MonsterWars
import Testing
import TraitSandbox

@testable import SandboxCLI

@Suite("sandbox replay: the recordings the window writes")
struct WindowRecordingReplayTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("window-recording-\(UUID().uuidString)")

  /// A recording of a duel played by the left seat, as `sandbox demo --record` writes it:
  /// orders, a restart, and another order after it.
  func recording() throws -> (Recording<MonsterWarsGame>, StateHash) {
    let settings = try duelSettings()
    var game = MonsterWarsGame(seed: 5, settings: settings)
    game.letPeoplePlay(seats: [0])
    var recorder = try Recorder(game)
    let given: [Int: [SessionInput]] = [
      20: [.order(.buy(UnitKind("zap"))), .order(.buy(UnitKind("quirk")))], 120: [.restart],
      180: [.order(.buy(UnitKind("munch")))],
    ]
    for tick in 0..<260 {
      recorder.advance(with: (given[tick] ?? []).map { SeatInput(seat: 0, input: $0) })
    }
    return (recorder.recording, recorder.game.stateHash())
  }

  @Test("one replays headless to the hash the window ended on, its inputs and restarts counted")
  func replays() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let (recording, hash) = try recording()
    let file = folder.appendingPathComponent("window.rec")
    try recording.encoded().write(to: file)
    let replayed = sandbox(["replay", file.path])
    #expect(replayed.status == 0, "\(replayed.error)")
    #expect(replayed.output.contains("scenario: duel\n"), "\(replayed.output)")
    #expect(replayed.output.contains("inputs: 4\n"), "\(replayed.output)")
    // 260 ticks from the start; the restart at 120 set the match's own tick back to 0.
    #expect(replayed.output.contains("tick: 140\n"))
    #expect(replayed.output.contains("replayed: 260 ticks in "))
    #expect(replayed.output.hasPrefix("stateHash: \(hash)\n"))
    let json = sandbox(["replay", file.path, "--json"])
    #expect(json.status == 0)
    #expect(json.output.contains("\"tick\":140,\"stateHash\":\"\(hash)\""))
    #expect(json.output.contains("\"inputs\":4,\"inputsBySeat\":{\"left\":4}"))
  }

  @Test("one that ends elsewhere, or a file of neither kind, is refused with exit 65")
  func refused() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var (recording, _) = try recording()
    recording.endHash = "0123456789abcdef"
    let file = folder.appendingPathComponent("wrong.rec")
    try recording.encoded().write(to: file)
    let wrong = sandbox(["replay", file.path])
    #expect(wrong.status == 65)
    #expect(wrong.error.contains("where it ended on 0123456789abcdef"), "\(wrong.error)")
    let text = folder.appendingPathComponent("notes.rec")
    try Data("not a recording\n".utf8).write(to: text)
    let neither = sandbox(["replay", text.path])
    #expect(neither.status == 65)
    #expect(neither.error.contains("it is not a recording: it is not JSON"), "\(neither.error)")
  }

  @Test("--assets names the folder the window finds its files in; a missing one is exit 66")
  func assets() {
    let missing = sandbox(["demo", "--assets", "/nonexistent/assets"])
    #expect(missing.status == 66)
    #expect(missing.error.hasPrefix("Error: --assets: '/nonexistent/assets' does not exist"))
    let file = sandbox(["demo", "--assets", packageRoot.appendingPathComponent("README.md").path])
    #expect(file.status == 66)
    #expect(file.error.contains("is not a folder"))
  }
}
