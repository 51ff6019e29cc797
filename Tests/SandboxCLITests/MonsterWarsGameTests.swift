import Foundation
import GameShell
import MonsterWars
import Testing

@testable import SandboxCLI

/// Runs MonsterWars through every game's command line, in-process from the package root (which
/// it finds the assets from) or from `workingDirectory`, where `SANDBOX_ASSETS` names them.
func monsterWars(
  _ arguments: [String], workingDirectory: String = packageRoot.path
) -> (status: Int32, output: String, error: String) {
  let captured = CapturedConsole()
  let environment =
    workingDirectory == packageRoot.path
    ? [:] : ["SANDBOX_ASSETS": packageRoot.appendingPathComponent("Assets").path]
  let invocation = Invocation(
    arguments: arguments, environment: environment, executablePath: "/nonexistent/bin/monsterwars",
    workingDirectory: workingDirectory)
  let status = MonsterWarsGame.runCommandLine(invocation, console: captured.console)
  return (status, captured.standardOutput, captured.standardError)
}

/// The `stateHash` line's value in a report.
private func stateHash(in output: String) -> Substring? {
  output.split(separator: "\n").first { $0.hasPrefix("stateHash:") }?
    .split(separator: " ").last
}

@Suite("MonsterWars through every game's command line")
struct MonsterWarsGameTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("monsterwars-\(UUID().uuidString)")

  @Test("a run of a named scenario ends on the hash sandbox run gives it")
  func runs() throws {
    // The duel's 1,200 ticks from seed 1 (7cf4bb2ec6228a7d with the shipped roster).
    let duel = monsterWars(["run", "--ticks", "1200"])
    #expect(duel.status == 0, "\(duel.error)")
    let sandboxDuel = sandbox(["run", "--scenario", "duel", "--ticks", "1200"])
    #expect(stateHash(in: duel.output) != nil)
    #expect(stateHash(in: duel.output) == stateHash(in: sandboxDuel.output))
    #expect(duel.output.contains("scenario: duel\n"))
    #expect(duel.output.contains("settingsFile: duel\n"))
    // The settings file is the scenario, named as sandbox names it.
    let help = monsterWars(["help", "run"]).output
    #expect(help.contains("--scenario <file>") && !help.contains("--settings"))
    for (scenario, ticks, seed, count) in [
      ("swarm", "40", "3", []), ("battle", "30", "7", []),
      ("swarm", "30", "2", ["--entities", "3000"]),
    ] {
      let own = monsterWars(
        ["run", "--scenario", scenario, "--ticks", ticks, "--seed", seed] + count)
      let sandboxRun = sandbox(
        ["run", "--scenario", scenario, "--ticks", ticks, "--seed", seed] + count)
      #expect(own.status == 0 && sandboxRun.status == 0, "\(own.error)\(sandboxRun.error)")
      #expect(stateHash(in: own.output) != nil)
      #expect(stateHash(in: own.output) == stateHash(in: sandboxRun.output), "\(scenario)")
    }
  }

  @Test("the sync test, a recording's replay and a sweep play the match")
  func plays() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let synced = monsterWars(["run", "--ticks", "120", "--sync-test", "8"])
    #expect(synced.status == 0, "\(synced.error)")
    let recorded = monsterWars(
      ["run", "--ticks", "300", "--seed", "4", "--threads", "2", "--record", "duel.json"],
      workingDirectory: folder.path)
    #expect(recorded.status == 0, "\(recorded.error)")
    let replayed = monsterWars(["replay", "duel.json"], workingDirectory: folder.path)
    #expect(replayed.status == 0, "\(replayed.error)")
    #expect(stateHash(in: replayed.output) == stateHash(in: recorded.output))
    let swept = monsterWars(["sweep", "--seeds", "1-4", "--ticks", "60", "--jobs", "2"])
    #expect(swept.status == 0, "\(swept.error)")
    #expect(swept.output.contains("Settings file: duel\n"))
    #expect(swept.output.contains("ran 60 ticks: 4 (100.0%)"))
    let described = monsterWars(["describe"])
    #expect(described.output.contains("Scenario: duel\n"))
    #expect(described.output.contains("QuirkMonster"))
  }

  @Test("a scenario it cannot find, or cannot read, stops the command naming it")
  func refused() throws {
    let unknown = monsterWars(["run", "--ticks", "2", "--scenario", "nope"])
    #expect(unknown.status == 66)
    #expect(unknown.error.contains("no scenario named 'nope'"))
    #expect(unknown.error.contains("available: ") && unknown.error.contains("duel"))
    let broken = try writeScenario(replacing: "\"health\":", with: "\"health\": -5, \"x\":")
    defer { try? FileManager.default.removeItem(at: broken) }
    let refused = monsterWars(["run", "--ticks", "2", "--scenario", broken.path])
    #expect(refused.status == 65, "\(refused.error)")
    #expect(refused.error.contains(broken.lastPathComponent))
    #expect(monsterWars(["run", "--ticks", "2", "--scenario", "missing.json"]).status == 66)
    // --entities goes with a swarm, and no more than its arena holds.
    let duel = monsterWars(["run", "--ticks", "2", "--entities", "5"])
    #expect(duel.status == 65)
    #expect(
      duel.error.contains("--entities needs a scenario with a \"swarm\" section; 'duel' has none"))
    let crowded = monsterWars([
      "run", "--ticks", "2", "--scenario", "swarm", "--entities", "10000000",
    ])
    #expect(crowded.status == 65 && crowded.error.contains("the 'swarm' swarm holds at most "))
  }

  @Test("the seats an inputs file speaks for are people's: their orders buy, the AI plays on")
  func orders() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let kind = Roster.standard.kinds[1]
    let order = String(
      decoding: try JSONEncoder().encode(SessionInput.order(.buy(kind))), as: UTF8.self)
    try Data("{\"tick\": 0, \"seat\": 0, \"input\": \(order)}\n".utf8)
      .write(to: folder.appendingPathComponent("orders.jsonl"))
    let ordered = monsterWars(
      ["run", "--ticks", "90", "--inputs", "orders.jsonl"], workingDirectory: folder.path)
    #expect(ordered.status == 0, "\(ordered.error)")
    // The same match by hand: a player on the left who buys one unit before the first tick.
    let duel = try Scenario.load(
      contentsOf: packageRoot.appendingPathComponent("Assets/scenarios/duel.json"))
    var match = Match(scenario: duel, seed: 1, leftController: .player)
    let queued = match.order(kind, for: .left)
    #expect(queued)
    for _ in 0..<90 { match.step() }
    #expect(stateHash(in: ordered.output) == Substring(match.world.stateHash().description))
    #expect(
      stateHash(in: ordered.output) != stateHash(in: monsterWars(["run", "--ticks", "90"]).output))
    let synced = monsterWars(
      ["run", "--ticks", "90", "--inputs", "orders.jsonl", "--sync-test", "4"],
      workingDirectory: folder.path)
    #expect(synced.status == 0, "\(synced.error)")
    // render plays the same orders to the same tick.
    let drawn = monsterWars(
      ["render", "--tick", "90", "--inputs", "orders.jsonl", "--out", "r.png"],
      workingDirectory: folder.path)
    #expect(drawn.status == 0, "\(drawn.error)")
    #expect(stateHash(in: drawn.output) == stateHash(in: ordered.output))
  }

  @Test("two sides play a match over the loopback, each a castle, to the hash of their orders")
  func overTheNetwork() async throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let kinds = Roster.standard.kinds
    func order(_ kind: UnitKind) throws -> String {
      String(decoding: try JSONEncoder().encode(SessionInput.order(.buy(kind))), as: UTF8.self)
    }
    let (host, guest, both) = (
      folder.appending(path: "h.jsonl"), folder.appending(path: "g.jsonl"),
      folder.appending(path: "both.jsonl")
    )
    let hostLine = "{\"tick\": 5, \"input\": \(try order(kinds[0]))}\n"
    let guestLine = "{\"tick\": 9, \"input\": \(try order(kinds[2]))}\n"
    try Data(hostLine.utf8).write(to: host)
    try Data(guestLine.utf8).write(to: guest)
    try Data(
      (hostLine.replacingOccurrences(of: "{\"tick\": 5,", with: "{\"tick\": 5, \"seat\": 0,")
        + guestLine.replacingOccurrences(of: "{\"tick\": 9,", with: "{\"tick\": 9, \"seat\": 1,"))
        .utf8
    ).write(to: both)
    let hostConsole = CapturedConsole()
    let hosting = Task.detached {
      let invocation = Invocation(
        arguments: [
          "host", "--listen", "127.0.0.1", "--port", "0", "--ticks", "60", "--wait", "20",
          "--input-delay", "0", "--timeout", "30", "--headless", "--inputs", host.path,
          "--threads", "1",
        ], environment: [:], executablePath: "/nonexistent/bin/monsterwars",
        workingDirectory: packageRoot.path)
      return MonsterWarsGame.runCommandLine(invocation, console: hostConsole.console)
    }
    var joinLine: [String]?
    for _ in 0..<200 where joinLine == nil {
      try await Task.sleep(for: .milliseconds(50))
      joinLine = hostConsole.standardOutput.split(separator: "\n")
        .first { $0.hasPrefix("  sandbox join ") }?
        .split(separator: " ").dropFirst().map(String.init)
    }
    let arguments = try #require(joinLine, "\(hostConsole.standardOutput)")
    // The guest is told the host's scenario.
    #expect(arguments.suffix(2) == ["--scenario", "duel"], "\(arguments)")
    let joined = monsterWars(
      arguments + [
        "--timeout", "30", "--wait", "30", "--headless", "--inputs", guest.path, "--threads", "1",
      ])
    let hosted = await hosting.value
    #expect(hosted == 0 && joined.status == 0, "\(hostConsole.standardError)\(joined.error)")
    #expect(joined.output.contains("Agreed:    both sides had the same stateHash at tick 60"))
    let hash = stateHash(in: joined.output)
    #expect(hash != nil && hash == stateHash(in: hostConsole.standardOutput))
    // Both castles are people's: a run with both sides' orders ends on the same hash.
    let run = monsterWars(["run", "--ticks", "60", "--inputs", both.path])
    #expect(stateHash(in: run.output) == hash, "\(run.output)")
    #expect(hash != stateHash(in: monsterWars(["run", "--ticks", "60"]).output))
  }

  @Test("the number keys buy the roster's kinds for the seat's castle; 0 takes one back")
  func keys() throws {
    let game = try #require(
      try? MonsterWarsGame(
        seed: 1,
        settings: MonsterWarsGame.settings(
          reading: SettingsDocument(
            name: "duel",
            bytes: Array(
              try Data(contentsOf: packageRoot.appendingPathComponent("Assets/scenarios/duel.json"))
            )),
          over: GameSettings([]))))
    let kinds = Roster.standard.kinds
    #expect(
      MonsterWarsGame.keys.map(\.key) == (1...kinds.count).map { Character(String($0)) } + ["0"])
    #expect(game.input(forKey: "1", seat: 0) == .order(.buy(kinds[0])))
    #expect(game.input(forKey: "0", seat: 1) == .order(.cancel))
    #expect(game.input(forKey: "9", seat: 0) == nil)
  }
}
