import Foundation
import GameShell
import MonsterWars
import Synchronization
import Testing

@testable import SandboxCLI

/// Captures what a command writes.
final class CapturedConsole: Sendable {
  private let output = Mutex("")
  private let error = Mutex("")

  var console: Console {
    Console(
      writeOutput: { text in self.output.withLock { $0 += text } },
      writeError: { text in self.error.withLock { $0 += text } },
      errorIsTerminal: false)
  }

  var standardOutput: String { output.withLock { $0 } }
  var standardError: String { error.withLock { $0 } }
}

/// The package root, three folders up from this file.
let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Runs `sandbox` in-process from the package root and returns exit code, stdout and stderr.
func sandbox(
  _ arguments: String..., environment: [String: String] = [:],
  workingDirectory: String = packageRoot.path
) -> (status: Int32, output: String, error: String) {
  sandbox(arguments, environment: environment, workingDirectory: workingDirectory)
}

/// Runs `sandbox` with arguments put together as an array.
func sandbox(
  _ arguments: [String], environment: [String: String] = [:],
  workingDirectory: String = packageRoot.path
) -> (status: Int32, output: String, error: String) {
  let captured = CapturedConsole()
  let invocation = Sandbox.Invocation(
    arguments: arguments, environment: environment,
    executablePath: "/nonexistent/bin/sandbox", workingDirectory: workingDirectory)
  let status = Sandbox.main(invocation, console: captured.console)
  return (status, captured.standardOutput, captured.standardError)
}

/// Writes a scenario file made from duel.json with one textual replacement.
func writeScenario(replacing original: String, with replacement: String) throws -> URL {
  let duel = packageRoot.appendingPathComponent("Assets/scenarios/duel.json")
  let text = try String(contentsOf: duel, encoding: .utf8)
  try #require(text.contains(original), "duel.json no longer contains \(original)")
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("sandbox-test-\(UUID().uuidString).json")
  try text.replacingOccurrences(of: original, with: replacement)
    .write(to: url, atomically: true, encoding: .utf8)
  return url
}

@Suite("Command line: help, version and usage errors")
struct CommandLineTests {
  @Test("--help prints the overview, usage, options and subcommands")
  func help() {
    let result = sandbox("--help")
    #expect(result.status == 0)
    for heading in ["OVERVIEW:", "USAGE: sandbox [<subcommand>]", "OPTIONS:", "SUBCOMMANDS:"] {
      #expect(result.output.contains(heading))
    }
    #expect(result.output.contains("  run "))
    #expect(result.error.isEmpty)
  }

  @Test("help run and run --help print the same subcommand help")
  func subcommandHelp() {
    let viaHelp = sandbox("help", "run")
    let viaFlag = sandbox("run", "--help")
    #expect(viaHelp.status == 0 && viaFlag.status == 0)
    #expect(viaHelp.output == viaFlag.output)
    #expect(viaHelp.output.hasPrefix("OVERVIEW: Step the game headless"))
    for option in [
      "--scenario <file>", "--seed <n>", "--ticks <n>", "--entities <n>",
      "--json", "--assets <dir>", "-h, --help",
    ] {
      #expect(viaHelp.output.contains(option), "missing \(option)")
    }
  }

  @Test("--version prints the version")
  func version() {
    let result = sandbox("--version")
    #expect(result.status == 0)
    #expect(result.output == Sandbox.version + "\n")
  }

  @Test(
    "usage errors print Error: and the usage, and exit 64",
    arguments: [
      (["launch"], "Unknown subcommand 'launch'"),
      (["help", "launch"], "Unknown subcommand 'launch'"),
      (["run", "--speed", "3"], "Unknown option '--speed'"),
      (["run", "--seed"], "Missing value for '--seed <n>'"),
      (["run", "--seed", "--json"], "Missing value for '--seed <n>'"),
      (["run", "--seed", "abc"], "The value 'abc' is invalid for '--seed <n>'"),
      (["run", "--seed", "-1"], "The value '-1' is invalid for '--seed <n>'"),
      (["run", "--ticks", "0"], "expected a whole number from 1 to 100000000"),
      (["run", "--ticks", "99999999999"], "expected a whole number from 1 to 100000000"),
      (["run", "--entities", "-5"], "The value '-5' is invalid for '--entities <n>'"),
      (["run", "--seed", "1", "--seed", "2"], "Option '--seed' given more than once"),
      (["run", "--json=yes"], "Flag '--json' takes no value"),
      (["run", "extra"], "Unexpected argument 'extra'"),
      (["describe", "extra"], "Unexpected argument 'extra'"),
      (["--version", "extra"], "Unexpected argument 'extra'"),
      (["--help", "extra"], "Unexpected argument 'extra'"),
      (["help", "run", "extra"], "Unexpected argument 'extra'"),
      (["\u{1b}[31mred\n"], #"Unknown subcommand '\u{1b}[31mred\u{a}'"#),
      (["run", "--seed", "\u{7}"], #"The value '\u{7}' is invalid for '--seed <n>'"#),
      (
        ["run", String(repeating: "x", count: 500)], "'" + String(repeating: "x", count: 78) + "..."
      ),
    ])
  func usageErrors(arguments: [String], message: String) {
    let captured = CapturedConsole()
    let status = Sandbox.main(
      Sandbox.Invocation(
        arguments: arguments, environment: [:], executablePath: "/nonexistent/sandbox",
        workingDirectory: packageRoot.path),
      console: captured.console)
    #expect(status == 64)
    #expect(captured.standardOutput.isEmpty)
    #expect(captured.standardError.hasPrefix("Error: "))
    #expect(captured.standardError.contains(message))
    #expect(captured.standardError.contains("Usage: sandbox"))
  }
}

@Suite("Command line: sandbox run")
struct RunCommandTests {
  @Test("--json prints one JSON object with the documented keys")
  func json() throws {
    let result = sandbox("run", "--seed", "3", "--ticks", "600", "--json")
    #expect(result.status == 0)
    #expect(result.error.isEmpty)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    for key in [
      "game", "tick", "stateHash", "lines", "seed", "settingsFile", "entityCount", "atStart",
      "spawned", "killed", "removed", "alive", "ran",
    ] {
      #expect(object[key] != nil, "missing key \(key)")
    }
    #expect(object["game"] as? String == "monsterwars")
    #expect(object["settingsFile"] as? String == "duel")
    #expect(object["seed"] as? Int == 3)
    #expect(object["tick"] as? Int == 600)
    // Still going: no outcome yet.
    #expect(object["outcome"] == nil)
    let ran = try #require(object["ran"] as? [String: Any])
    #expect(ran["ticks"] as? Int == 600)
    #expect(ran["wallSeconds"] is Double && ran["entityUpdatesPerSecond"] is Double)
    let hash = try #require(object["stateHash"] as? String)
    #expect(hash.count == 16 && hash.allSatisfy(\.isHexDigit))
    let spawned = try #require(object["spawned"] as? [String: [String: Int]])
    #expect(Set(spawned.keys) == Set(Roster.standard.entityTypes.map { $0.typeName }))
  }

  @Test("the same seed prints the same stateHash; another seed a different one")
  func determinism() throws {
    func hash(_ seed: String) throws -> String {
      let result = sandbox("run", "--seed", seed, "--ticks", "1500", "--json")
      let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
      return try #require((object as? [String: Any])?["stateHash"] as? String)
    }
    let first = try hash("7")
    #expect(try hash("7") == first)
    #expect(try hash("8") != first)
  }

  @Test("the text report names the hash, the tick, the set-up and the speed")
  func text() {
    let result = sandbox("run", "--ticks", "120")
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("stateHash: "))
    #expect(result.output.contains("\ntick: 120\nscenario: duel\n"))
    #expect(result.output.contains("\nseed: 1\nsettingsFile: duel\n"))
    // Still going: no outcome yet.
    #expect(!result.output.contains("outcome:"))
    #expect(
      result.output.contains("\nran: 120 ticks in ") && result.output.contains("entity-updates/s"))
    #expect(result.error.isEmpty)
  }

  @Test("the entity table keeps its columns apart however large the figures")
  func wideEntityTable() throws {
    // 60,000 monsters: figures as wide as "15,000 / 15,000".
    let result = sandbox("run", "--scenario", "swarm", "--entities", "60000", "--ticks", "1")
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    let header = try #require(lines.firstIndex { $0.hasPrefix("Entity type") })
    let table = lines[header...].prefix { !$0.contains(":") }
    #expect(table.count == 1 + Roster.standard.entityTypes.count)
    for line in table {
      // A name and five figures, each right-aligned and at least two spaces from the last.
      let fields = line.split(separator: "  ", omittingEmptySubsequences: true)
        .map { $0.trimmingCharacters(in: .whitespaces) }
      #expect(fields.count == 6, "\(line)")
      #expect(line.count == table.first?.count, "\(line)")
    }
    #expect(table.contains { $0.contains(",") && $0.contains(" / ") })
  }

  @Test("a full duel runs to a winner")
  func fullDuel() throws {
    let result = sandbox("run", "--seed", "7", "--json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let outcome = try #require(object["outcome"] as? String)
    #expect(outcome == "left won" || outcome == "right won")
    #expect(try #require(object["tick"] as? Int) < 36000)
  }

  @Test("the swarm scenario places --entities monsters")
  func swarm() throws {
    let result = sandbox(
      "run", "--scenario", "swarm", "--entities", "300", "--ticks", "1", "--json")
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let alive = try #require(object["alive"] as? [String: [String: Int]])
    let killed = try #require(object["killed"] as? [String: [String: Int]])
    let monsters = Roster.standard.unitTypes.map { $0.typeName }
    let placed = monsters.reduce(0) { total, name in
      total + alive[name]!["left"]! + alive[name]!["right"]! + killed[name]!["left"]!
        + killed[name]!["right"]!
    }
    let spawned = try #require(object["spawned"] as? [String: [String: Int]])
    let bought = monsters.reduce(0) { $0 + spawned[$1]!["left"]! + spawned[$1]!["right"]! }
    #expect(placed - bought == 300)
  }

  @Test("each type's figures add up: at start + spawned - killed - removed = alive")
  func figuresAddUp() throws {
    let result = sandbox(
      "run", "--scenario", "swarm", "--entities", "300", "--ticks", "400", "--json")
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    func figures(_ name: String) throws -> [String: [String: Int]] {
      try #require(object[name] as? [String: [String: Int]])
    }
    let (atStart, spawned, killed) = (
      try figures("atStart"), try figures("spawned"), try figures("killed")
    )
    let (removed, alive) = (try figures("removed"), try figures("alive"))
    let monsters = Roster.standard.unitTypes.map { $0.typeName }
    #expect(monsters.reduce(0) { $0 + atStart[$1]!["left"]! + atStart[$1]!["right"]! } == 300)
    #expect(atStart["Castle"] == ["left": 1, "right": 1])
    var shotsRemoved = 0
    for (type, sides) in alive {
      for side in ["left", "right"] {
        let sum = atStart[type]![side]! + spawned[type]![side]! - killed[type]![side]!
        #expect(sum - removed[type]![side]! == sides[side]!, "\(type) \(side)")
        // Monsters and castles leave only by being killed; shots leave when they hit or expire.
        if monsters.contains(type) || type == "Castle" {
          #expect(removed[type]![side]! == 0, "\(type) \(side)")
        } else {
          #expect(removed[type]![side]! >= 0, "\(type) \(side)")
          shotsRemoved += removed[type]![side]!
        }
      }
    }
    #expect(shotsRemoved > 0)
    let total = alive.values.reduce(0) { $0 + $1["left"]! + $1["right"]! }
    #expect(total == object["entityCount"] as? Int)
  }

  @Test("a run from a snapshot counts from the snapshot: its alive are the run's at start")
  func figuresFromSnapshot() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "figures-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let snapshot = folder.appendingPathComponent("duel.snapshot").path
    let saved = sandbox("run", "--ticks", "600", "--save", snapshot, "--json")
    #expect(saved.status == 0, "\(saved.error)")
    let resumed = sandbox("run", "--load", snapshot, "--ticks", "300", "--json")
    #expect(resumed.status == 0, "\(resumed.error)")
    let before = try #require(
      try JSONSerialization.jsonObject(with: Data(saved.output.utf8)) as? [String: Any])
    let after = try #require(
      try JSONSerialization.jsonObject(with: Data(resumed.output.utf8)) as? [String: Any])
    #expect((after["ran"] as? [String: Any])?["ticks"] as? Int == 300)
    #expect(after["tick"] as? Int == 900)
    let savedAlive = try #require(before["alive"] as? [String: [String: Int]])
    #expect(after["atStart"] as? [String: [String: Int]] == savedAlive)
    // The profile times reading the snapshot apart from restoring it.
    let profiled = sandbox("run", "--load", snapshot, "--ticks", "5", "--profile")
    #expect(
      profiled.output.split(separator: "\n").contains {
        $0.hasPrefix("  setup: read the snapshot in ") && $0.contains(" ms, restored it in ")
      }, "\(profiled.output)")
    let json = sandbox("run", "--load", snapshot, "--ticks", "5", "--profile", "--json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let profile = try #require(object["profile"] as? [String: Any])
    #expect((profile["readSeconds"] as? Double ?? 0) > 0)
    #expect((profile["setupSeconds"] as? Double ?? 0) > 0)
  }

  @Test("a missing scenario exits 66 and lists the available ones")
  func missingScenario() throws {
    let result = sandbox("run", "--scenario", "nowhere")
    #expect(result.status == 66)
    #expect(result.error.contains("--scenario: no scenario named 'nowhere'"))
    let shipped = try FileManager.default.contentsOfDirectory(
      atPath: packageRoot.appendingPathComponent("Assets/scenarios").path)
    let names = shipped.filter { $0.hasSuffix(".json") }.map { $0.dropLast(5) }.sorted()
    #expect(result.error.contains("available: \(names.joined(separator: ", "))"))
    let byPath = sandbox("run", "--scenario", "missing/file.json")
    #expect(byPath.status == 66)
    #expect(byPath.error.contains("missing/file.json"))
  }

  @Test("a scenario path that ends in a slash names a folder, as it does to the system")
  func trailingSlash() {
    let file = "Assets/scenarios/duel.json"
    #expect(sandbox("run", "--scenario", file, "--ticks", "1").status == 0)
    let result = sandbox("run", "--scenario", file + "/", "--ticks", "1")
    #expect(result.status != 0 && result.output.isEmpty)
    #expect(result.error.contains("\(file)/"), "\(result.error)")
    let inFolder = sandbox(
      "run", "--scenario", "duel.json/", "--ticks", "1",
      workingDirectory: packageRoot.appendingPathComponent("Assets/scenarios").path)
    #expect(inFolder.status != 0 && inFolder.error.contains("duel.json/"))
  }

  @Test("sandbox alone and sandbox demo open the window; every other command runs headless")
  func opensDemo() {
    #expect(Sandbox.opensDemo([String]()))
    #expect(Sandbox.opensDemo(["demo"]) && Sandbox.opensDemo(["demo", "--scenario", "duel"]))
    for arguments in [["run"], ["--help"], ["--version"], ["help", "demo"], ["render", "demo"]] {
      #expect(!Sandbox.opensDemo(arguments), "\(arguments)")
    }
  }

  @Test("a scenario with a negative unit speed exits 65 naming the field")
  func negativeSpeed() throws {
    let url = try writeScenario(replacing: #""speed": 110"#, with: #""speed": -110"#)
    defer { try? FileManager.default.removeItem(at: url) }
    let result = sandbox("run", "--scenario", url.path)
    #expect(result.status == 65)
    #expect(result.error.hasPrefix("Error: "))
    #expect(result.error.contains(url.lastPathComponent))
    #expect(result.error.contains("$.units.quirk.speed"))
    #expect(result.output.isEmpty)
  }

  @Test("a syntax error exits 65 with line and column")
  func syntaxError() throws {
    let url = try writeScenario(replacing: #""width": 1280,"#, with: #""width": 1280,,"#)
    defer { try? FileManager.default.removeItem(at: url) }
    let result = sandbox("run", "--scenario", url.path)
    #expect(result.status == 65)
    #expect(result.error.contains(":2:"))
  }

  @Test("assets are found from the working directory, --assets or SANDBOX_ASSETS")
  func assets() {
    let assets = packageRoot.appendingPathComponent("Assets").path
    #expect(sandbox("run", "--ticks", "1", workingDirectory: "/").status == 66)
    #expect(sandbox("run", "--ticks", "1", "--assets", assets, workingDirectory: "/").status == 0)
    #expect(
      sandbox("run", "--ticks", "1", environment: ["SANDBOX_ASSETS": assets], workingDirectory: "/")
        .status == 0)
    let wrong = sandbox("run", "--ticks", "1", "--assets", "/tmp/no-such-assets")
    #expect(wrong.status == 66)
    #expect(wrong.error.contains("--assets: '/tmp/no-such-assets' does not exist"))
    let lost = sandbox("run", "--ticks", "1", workingDirectory: "/")
    #expect(lost.error.contains("pass --assets DIR or set SANDBOX_ASSETS"))
  }
}
