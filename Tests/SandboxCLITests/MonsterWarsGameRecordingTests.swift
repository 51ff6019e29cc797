import Foundation
import GameShell
import Gameplay
import MonsterWars
import Testing

@testable import SandboxCLI

/// The `stateHash` line's value in a report.
private func hash(in output: String) -> Substring? {
  output.split(separator: "\n").first { $0.hasPrefix("stateHash:") }?.split(separator: " ").last
}

@Suite("MonsterWars replays the recordings sandbox writes")
struct MonsterWarsGameRecordingTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("mw-recording-\(UUID().uuidString)")

  func duel() throws -> Scenario {
    try Scenario.load(contentsOf: packageRoot.appendingPathComponent("Assets/scenarios/duel.json"))
  }

  @Test("a recording of sandbox run replays to its hash")
  func run() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("run.rec").path
    let ran = sandbox([
      "run", "--scenario", "swarm", "--entities", "400", "--ticks", "120",
      "--seed", "6", "--record", file,
    ])
    #expect(ran.status == 0, "\(ran.error)")
    let replayed = monsterWars(["replay", file])
    #expect(replayed.status == 0, "\(replayed.error)")
    #expect(hash(in: replayed.output) != nil && hash(in: replayed.output) == hash(in: ran.output))
  }

  @Test("a session's orders, restart and retune replay as every game's recording")
  func session() throws {
    let duel = try duel()
    var session = MatchSession(scenario: duel, seed: 8, playerSides: [.right])
    let faster = try Scenario.parse(
      Data(duel.jsonText.replacingOccurrences(of: "110", with: "150").utf8), path: "duel.json",
      name: "duel")
    let inputs: [Int: [MatchInput]] = [
      // 120 coins pay for the Zap and the first Munch; the second waits, and is taken back.
      30: [
        .order(UnitKind("zap"), side: .right), .order(UnitKind("munch"), side: .right),
        .order(UnitKind("munch"), side: .right),
      ],
      31: [.cancelOrder(side: .right)],
      200: [.order(UnitKind("munch"), side: .right)], 300: [.retune(scenarioJSON: faster.jsonText)],
      400: [.restart, .order(UnitKind("quirk"), side: .right)],
    ]
    for tick in 0..<700 {
      for input in inputs[tick] ?? [] {
        let applied = session.apply(input)
        #expect(applied, "\(input)")
      }
      session.step()
    }
    var old = MatchRecording(of: session, startedWith: duel, program: "test")
    // Another version's recording is refused: its simulation may step differently.
    #expect(throws: RecordingError.self) {
      try MonsterWarsGame.recording(readingOwn: try old.bytes())
    }
    old.program = MonsterWarsGame.recordingProgram
    let converted = try #require(try MonsterWarsGame.recording(readingOwn: try old.bytes()))
    #expect(converted.tickCount == 700 && converted.inputs.map(\.tick) == [30, 31, 200, 300, 400])
    let like = MonsterWarsGame(session: MatchSession(scenario: duel, seed: 1, playerSides: []))
    let replayed = try converted.replay(like: like)
    #expect(replayed.stateHash() == session.stateHash() && replayed.tick == session.tick)
    #expect(session.tick == 300)
    // JSON is left to every game's reader; a trip back in time is refused, naming why.
    #expect(try MonsterWarsGame.recording(readingOwn: Array("{}".utf8)) == nil)
    var back = old
    back.inputs.append(RecordedInput(tick: 300, input: .travel(toTick: 100)))
    #expect(throws: RecordingError.self) {
      try MonsterWarsGame.recording(readingOwn: try back.bytes())
    }
    // A recording that claims more ticks than any may hold is refused, not trusted.
    for claim in [UInt64.max, UInt64(Recording<MonsterWarsGame>.maximumTickCount) + 1] {
      var endless = old
      endless.finalTick = claim
      #expect(throws: RecordingError.self) {
        try MonsterWarsGame.recording(readingOwn: try endless.bytes())
      }
    }
  }
}
