import Foundation
import MonsterWars
import Testing

private let scenariosDirectory = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent()
  .deletingLastPathComponent()
  .deletingLastPathComponent()
  .appendingPathComponent("Assets/scenarios", isDirectory: true)

private let duelURL = scenariosDirectory.appendingPathComponent("duel.json")

/// duel.json with exactly one occurrence of `original` replaced, so each test breaks one thing.
private func duelJSON(replacing original: String, with replacement: String) throws -> Data {
  let text = try String(contentsOf: duelURL, encoding: .utf8)
  let pieces = text.components(separatedBy: original)
  try #require(pieces.count == 2, "\(original) must occur exactly once in duel.json")
  return Data(pieces.joined(separator: replacement).utf8)
}

private func parseError(_ data: Data) throws -> ScenarioError {
  try #require(throws: ScenarioError.self) {
    try Scenario.parse(data, path: "test.json", name: "test")
  }
}

private func invalid(_ jsonPath: String, _ message: String) -> ScenarioError {
  .invalid(path: "test.json", jsonPath: jsonPath, message: message)
}

/// A one-place edit to duel.json and the exact error it must produce.
struct BadValue: Sendable, CustomTestStringConvertible {
  let original: String
  let replacement: String
  let jsonPath: String
  let message: String
  var testDescription: String { "\(original) -> \(replacement)" }
}

private let expectedDuel = Scenario(
  name: "duel",
  arena: ArenaSettings(width: 1280, height: 720),
  match: MatchSettings(ticksPerSecond: 60, tickLimit: 36000),
  economy: EconomySettings(startingCoins: 120, coinsPerSecond: 16),
  castle: CastleStats(
    health: 1500, radius: 40, inset: 80,
    gun: GunStats(
      damage: 15, range: 260, cooldown: 2.0, projectileSpeed: 420, projectileLifetime: 1.2,
      splashRadius: 30, shotCount: 3, spreadAngle: 0.3)),
  units: unitTable(
    quirk: UnitStats(
      cost: 20, health: 40, speed: 110, radius: 10,
      melee: MeleeStats(damage: 6, reach: 12, cooldown: 0.5)),
    zap: UnitStats(
      cost: 45, health: 55, speed: 70, radius: 12,
      gun: GunStats(
        damage: 12, range: 170, cooldown: 1, projectileSpeed: 480, projectileLifetime: 0.6)),
    munch: UnitStats(
      cost: 70, health: 260, speed: 40, radius: 18, regeneration: 2,
      melee: MeleeStats(damage: 22, reach: 16, cooldown: 1.2))),
  ai: AISettings(
    left: AIPolicy(
      weights: weights(quirk: 3, zap: 4, munch: 3), thinkInterval: 0.5, reserve: 0),
    right: AIPolicy(
      weights: weights(quirk: 3, zap: 4, munch: 3), thinkInterval: 0.5, reserve: 0)))

@Suite("Scenario loading")
struct ScenarioTests {
  @Test("duel.json loads with the documented values")
  func duel() throws {
    let scenario = try Scenario.load(contentsOf: duelURL)
    #expect(scenario == expectedDuel)
    #expect(scenario.units[.zap]?.weapon.gun?.shotCount == 1)
    #expect(scenario.ai.left.weight(of: .zap) == 4)
    #expect(scenario.ai.right.weights.total == 10 + otherKindsWeight)
  }

  @Test("swarm.json is the duel plus a swarm at a stated density, with two different AIs")
  func swarm() throws {
    let scenario = try Scenario.load(
      contentsOf: scenariosDirectory.appendingPathComponent("swarm.json"))
    var expected = expectedDuel
    expected.name = "swarm"
    // The swarm keeps an AI of each kind: the duel's, and one that saves a little and buys
    // more Quirks. Its figures (and state hashes) in docs/performance.md are for these.
    expected.ai.right = AIPolicy(
      weights: weights(quirk: 5, zap: 3, munch: 2), thinkInterval: 0.5, reserve: 10)
    expected.arena = ArenaSettings(width: 2263, height: 1273)
    expected.match.tickLimit = 100_000
    expected.swarm = SwarmSettings(
      count: 2000, density: 694.4, mix: weights(quirk: 5, zap: 3, munch: 2))
    #expect(scenario == expected)
  }

  @Test("a swarm's arena grows with the square root of its count, keeping density and shape")
  func swarmArenaKeepsDensity() throws {
    let scenario = try Scenario.load(
      contentsOf: scenariosDirectory.appendingPathComponent("swarm.json"))
    for count in [2000, 100_000, 1_000_000] {
      let arena = try #require(scenario.arenaSize(swarmCount: count))
      let density = Float(count) / (arena.x * arena.y) * 1_000_000
      #expect(abs(density - 694.4) < 0.01)
      #expect(abs(arena.x / arena.y - 2263.0 / 1273.0) < 1e-4)
    }
    let big = try #require(scenario.arenaSize(swarmCount: 100_000))
    let huge = try #require(scenario.arenaSize(swarmCount: 400_000))
    #expect(abs(huge.x / big.x - 2) < 1e-4)
    // The castles always have room.
    let empty = try #require(scenario.arenaSize(swarmCount: 0))
    #expect(empty.x >= 4 * scenario.castle.inset)
    // Beyond the largest arena there is no size, and the limit says how many fit.
    let maximum = try #require(scenario.maximumSwarmCount)
    #expect(scenario.arenaSize(swarmCount: maximum) != nil)
    #expect(scenario.arenaSize(swarmCount: maximum + 10_000) == nil)
  }

  @Test("a swarm too large for any arena is refused at $.swarm.count")
  func swarmTooLarge() throws {
    let data = try Data(
      contentsOf: scenariosDirectory.appendingPathComponent("swarm.json"))
    let text = try #require(String(data: data, encoding: .utf8))
      .replacingOccurrences(
        of: #""count": 2000, "density": 694.4"#, with: #""count": 9000000, "density": 0.5"#)
    let error = try parseError(Data(text.utf8))
    guard case .invalid(_, let jsonPath, let message) = error else {
      Issue.record("expected a schema error, got \(error)")
      return
    }
    #expect(jsonPath == "$.swarm.count")
    #expect(message.contains("at most 2812 fit"))
  }

  @Test("a missing file exits with 66")
  func missingFile() throws {
    let url = scenariosDirectory.appendingPathComponent("no-such-scenario.json")
    let error = try #require(throws: ScenarioError.self) { try Scenario.load(contentsOf: url) }
    #expect(error == .fileNotFound(path: url.relativePath))
    #expect(error.exitCode == 66)
    #expect(error.description == "\(url.relativePath): file not found")
  }

  @Test("a directory is unreadable and exits with 66")
  func directory() throws {
    let error = try #require(throws: ScenarioError.self) {
      try Scenario.load(contentsOf: scenariosDirectory)
    }
    #expect(error.description.hasSuffix("scenarios/: is a folder, not a file"))
    #expect(error.exitCode == 66)
  }

  @Test("a device, or a file far larger than any scenario, is refused before it is read")
  func devicesAndHugeFiles() throws {
    let device = try #require(throws: ScenarioError.self) {
      try Scenario.load(contentsOf: URL(fileURLWithPath: "/dev/zero"))
    }
    #expect(device == .unreadable(path: "/dev/zero", reason: "is a device, not a file"))
    let huge = FileManager.default.temporaryDirectory
      .appendingPathComponent("huge-\(UUID().uuidString).json")
    try Data(count: Scenario.maximumFileSize + 1).write(to: huge)
    defer { try? FileManager.default.removeItem(at: huge) }
    let error = try #require(throws: ScenarioError.self) { try Scenario.load(contentsOf: huge) }
    #expect(
      error.description.hasSuffix(
        "is 1048577 bytes, over the limit of 1048576 bytes for this kind of file"))
    #expect(error.exitCode == 66)
  }

  @Test("a syntax error reports line and column and exits with 65")
  func syntaxError() throws {
    let data = try duelJSON(replacing: #""width": 1280,"#, with: #""width": 1280"#)
    let error = try parseError(data)
    #expect(
      error == .syntax(path: "test.json", line: 2, column: 27, message: "expected ',' or '}'"))
    #expect(error.exitCode == 65)
    #expect(error.description == "test.json:2:27: expected ',' or '}'")
  }

  @Test("a loaded file's messages use the path as given")
  func relativePathInMessages() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("scenario-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("broken.json")
    try Data(#"{"arena": 5}"#.utf8).write(to: url)
    let error = try #require(throws: ScenarioError.self) { try Scenario.load(contentsOf: url) }
    #expect(error.description == "\(url.path): $.arena: expected an object, found number")
    #expect(error.exitCode == 65)
  }

  @Test("the top level must be an object")
  func topLevel() throws {
    #expect(try parseError(Data("[]".utf8)) == invalid("$", "expected an object, found array"))
  }

  @Test("a wrong type names the field and both types")
  func wrongType() throws {
    let data = try duelJSON(replacing: #""width": 1280"#, with: #""width": "wide""#)
    let error = try parseError(data)
    #expect(error == invalid("$.arena.width", "expected a number, found string"))
    #expect(error.exitCode == 65)
    #expect(error.description == "test.json: $.arena.width: expected a number, found string")
  }

  @Test("a missing field is named at its parent")
  func missingField() throws {
    let data = try duelJSON(replacing: #""ticksPerSecond": 60, "#, with: "")
    #expect(try parseError(data) == invalid("$.match", "missing required field 'ticksPerSecond'"))
  }

  @Test("a missing section is named at the top level")
  func missingSection() throws {
    let data = try duelJSON(
      replacing: #""economy": {"startingCoins": 120, "coinsPerSecond": 16},"#, with: "")
    #expect(try parseError(data) == invalid("$", "missing required field 'economy'"))
  }

  @Test("an unknown key lists the allowed keys")
  func unknownKey() throws {
    let data = try duelJSON(replacing: #""speed": 110"#, with: #""sped": 110"#)
    let expected = invalid(
      "$.units.quirk",
      "unknown key 'sped' (expected one of: cost, health, speed, radius, regeneration, melee, gun)")
    #expect(try parseError(data) == expected)
  }

  @Test("a long unknown key is shortened in the message, whatever its length")
  func longUnknownKey() throws {
    let key = String(repeating: "k", count: 100_000)
    let data = try duelJSON(replacing: #""arena": {"#, with: "\"\(key)\": 1, \"arena\": {")
    let error = try parseError(data)
    #expect(error.description.count < 300, "\(error.description.prefix(300))")
    // 40 characters: 18 from the start, three dots, 19 from the end.
    let shown = String(repeating: "k", count: 18) + "..." + String(repeating: "k", count: 19)
    #expect(error.description.contains("unknown key '\(shown)'"))
  }

  @Test("unknown keys are rejected at the top level too")
  func unknownTopLevelKey() throws {
    let data = try duelJSON(replacing: #""arena": {"#, with: #""extra": 1, "arena": {"#)
    let error = try parseError(data)
    #expect(error.description.contains("test.json: $: unknown key 'extra'"))
  }

  @Test("an overflowing number is reported as non-finite")
  func nonFinite() throws {
    let data = try duelJSON(replacing: #""coinsPerSecond": 16"#, with: #""coinsPerSecond": 1e999"#)
    #expect(try parseError(data) == invalid("$.economy.coinsPerSecond", "expected a finite number"))
    let integer = try duelJSON(replacing: #""tickLimit": 36000"#, with: #""tickLimit": -1e999"#)
    #expect(try parseError(integer) == invalid("$.match.tickLimit", "expected a finite number"))
  }

  @Test("a negative unit speed is rejected at $.units.quirk.speed")
  func negativeSpeed() throws {
    let data = try duelJSON(replacing: #""speed": 110"#, with: #""speed": -5"#)
    let error = try parseError(data)
    #expect(error.description.contains("$.units.quirk.speed"))
    let message = "test.json: $.units.quirk.speed: expected a number from 0 to 100000, found -5"
    #expect(error.description == message)
  }

  @Test(
    "out-of-range values name the field, the range and the value",
    arguments: [
      BadValue(
        original: #""width": 1280"#, replacement: #""width": 63.5"#, jsonPath: "$.arena.width",
        message: "expected a number from 64 to 100000, found 63.5"),
      BadValue(
        original: #""ticksPerSecond": 60"#, replacement: #""ticksPerSecond": 0"#,
        jsonPath: "$.match.ticksPerSecond", message: "expected an integer from 1 to 1000, found 0"),
      BadValue(
        original: #""range": 260"#, replacement: #""range": 0"#, jsonPath: "$.castle.gun.range",
        message: "expected a number greater than 0 and at most 100000, found 0"),
      BadValue(
        original: #""shotCount": 3"#, replacement: #""shotCount": 33"#,
        jsonPath: "$.castle.gun.shotCount", message: "expected an integer from 1 to 32, found 33"),
      BadValue(
        original: #""spreadAngle": 0.3"#, replacement: #""spreadAngle": 3.2"#,
        jsonPath: "$.castle.gun.spreadAngle",
        message: "expected a number from 0 to 3.14159, found 3.2"),
      BadValue(
        original: #""cooldown": 0.5"#, replacement: #""cooldown": 0.001"#,
        jsonPath: "$.units.quirk.melee.cooldown",
        message: "expected a number from 0.01 to 3600, found 0.001"),
      BadValue(
        original: #""health": 40,"#, replacement: #""health": 1e-50,"#,
        jsonPath: "$.units.quirk.health",
        message:
          "expected a number greater than 0 and at most 1000000000, found 1e-50, which is 0.0 "
          + "as the 32-bit float the simulation uses"),
      BadValue(
        original: #""regeneration": 2"#, replacement: #""regeneration": -1"#,
        jsonPath: "$.units.munch.regeneration",
        message: "expected a number from 0 to 1000000, found -1"),
      BadValue(
        original: #""left": {"weights": {"quirk": 3, "zap": 4"#,
        replacement: #""left": {"weights": {"quirk": 3, "zap": 1001"#,
        jsonPath: "$.ai.left.weights.zap",
        message: "expected a number from 0 to 1000, found 1001"),
      BadValue(
        original: #""right": {"weights": {"quirk": 3, "zap": 4, "munch": 3}, "#
          + #""thinkInterval": 0.5, "reserve": 0"#,
        replacement: #""right": {"weights": {"quirk": 3, "zap": 4, "munch": 3}, "#
          + #""thinkInterval": 0.5, "reserve": 1e7"#,
        jsonPath: "$.ai.right.reserve",
        message: "expected a number from 0 to 1000000, found 10000000"),
      BadValue(
        original: #""health": 1500"#, replacement: #""health": 0"#, jsonPath: "$.castle.health",
        message: "expected a number greater than 0 and at most 1000000000, found 0"),
      BadValue(
        original: #""right": {"weights": {"quirk": 3, "zap": 4, "munch": 3}"#,
        replacement: #""right": {"weights": "# + allWeightsZero,
        jsonPath: "$.ai.right.weights",
        message: "expected at least one weight above 0, found all 0"),
      BadValue(
        original: #""right": {"weights": {"quirk": 3, "zap": 4, "munch": 3}"#,
        replacement: #""right": {"weights": {"quirk": 3, "zap": 4, "nosuchkind": 3}"#,
        jsonPath: "$.ai.right.weights",
        message: "unknown key 'nosuchkind' (expected one of: "
          + Roster.standard.kinds.map(\.name).joined(separator: ", ") + ")"),
    ])
  func outOfRange(_ bad: BadValue) throws {
    let data = try duelJSON(replacing: bad.original, with: bad.replacement)
    #expect(try parseError(data) == invalid(bad.jsonPath, bad.message))
  }

  @Test("numbers at a bound are accepted though their nearest 32-bit float lies just past it")
  func boundsAsFloats() throws {
    var data = try duelJSON(replacing: #""spreadAngle": 0.3"#, with: #""spreadAngle": 3.14159"#)
    #expect(try Scenario.parse(data, path: "test.json", name: "test").castle.gun.spreadAngle > 3.14)
    data = try duelJSON(replacing: #""cooldown": 0.5"#, with: #""cooldown": 0.01"#)
    #expect(throws: Never.self) { try Scenario.parse(data, path: "test.json", name: "test") }
    // A speed of 1e-50 is 0 as a Float, which a speed may be.
    data = try duelJSON(replacing: #""speed": 110"#, with: #""speed": 1e-50"#)
    #expect(try Scenario.parse(data, path: "test.json", name: "test").units[.quirk]?.speed == 0)
  }

  @Test("a kind left out of the AI's weights weighs its type's default weight")
  func missingWeightIsTheDefault() throws {
    let data = try duelJSON(
      replacing: #""right": {"weights": {"quirk": 3, "zap": 4, "munch": 3}"#,
      with: #""right": {"weights": {"quirk": 0, "zap": 5}"#)
    let scenario = try Scenario.parse(data, path: "test.json", name: "test")
    #expect(scenario.ai.right.weights.entries.map(\.value).prefix(3) == [0, 5, 3])
    #expect(scenario.ai.right.weight(of: .munch) == MunchMonster.defaultWeight)
    for type in Roster.standard.unitTypes where ![.quirk, .zap, .munch].contains(type.kind) {
      #expect(scenario.ai.right.weight(of: type.kind) == type.defaultWeight)
    }
  }

  @Test("a file without units fields every kind with its type's default stats")
  func unitDefaults() throws {
    let text = try String(contentsOf: duelURL, encoding: .utf8)
    let start = try #require(text.range(of: #""units": {"#))
    let end = try #require(text.range(of: #""ai": {"#))
    let data = Data((String(text[..<start.lowerBound]) + String(text[end.lowerBound...])).utf8)
    let scenario = try Scenario.parse(data, path: "test.json", name: "test")
    for type in Roster.standard.unitTypes {
      #expect(scenario.units[type.kind] == type.defaultStats, "\(type.kind)")
    }
    // duel.json's blocks restate the defaults, so the two scenarios are the same.
    #expect(scenario.units == expectedDuel.units)
  }

  @Test("a partial block tunes only the fields it gives, the weapon's included")
  func partialBlock() throws {
    let text = #"""
      {"arena": {"width": 800, "height": 600},
       "match": {"ticksPerSecond": 60, "tickLimit": 600},
       "economy": {"startingCoins": 100, "coinsPerSecond": 10},
       "castle": {"health": 100, "radius": 40, "inset": 80,
         "gun": {"damage": 1, "range": 100, "cooldown": 1, "projectileSpeed": 100,
                 "projectileLifetime": 1}},
       "units": {"zap": {"cost": 99, "gun": {"range": 300}}},
       "ai": {"left": {"weights": {"zap": 1}, "thinkInterval": 1, "reserve": 0},
              "right": {"weights": {"zap": 1}, "thinkInterval": 1, "reserve": 0}}}
      """#
    let scenario = try Scenario.parse(Data(text.utf8), path: "test.json", name: "test")
    var zap = ZapMonster.defaultStats
    zap.cost = 99
    guard case .gun(var gun) = zap.weapon else {
      Issue.record("a Zap fights with a gun")
      return
    }
    gun.range = 300
    zap.weapon = .gun(gun)
    #expect(scenario.units[.zap] == zap)
    #expect(scenario.units[.quirk] == QuirkMonster.defaultStats)
    #expect(scenario.ai.left.weight(of: .zap) == 1)
    for type in Roster.standard.unitTypes where type.kind != .zap {
      #expect(scenario.ai.left.weight(of: type.kind) == type.defaultWeight)
    }

    // What a file does say is checked as strictly as ever.
    let bad = text.replacingOccurrences(of: #""range": 300"#, with: #""range": -1"#)
    #expect(
      try parseError(Data(bad.utf8))
        == invalid(
          "$.units.zap.gun.range", "expected a number greater than 0 and at most 100000, found -1"))
  }

  @Test("describe's origins tell a value the file gives from a type's default")
  func valueOrigins() throws {
    let text = try String(contentsOf: duelURL, encoding: .utf8)
      .replacingOccurrences(of: #""cost": 20, "health": 40, "#, with: "")
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("origins-\(UUID().uuidString).json")
    try text.write(to: url, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: url) }
    let loaded = try Scenario.loadFile(contentsOf: url)
    let values = loaded.scenario.values(givenIn: loaded.document)
    func origin(_ path: String) -> Scenario.ValueOrigin? {
      values.first { $0.path == path }?.origin
    }
    #expect(origin("$.units.quirk.cost") == .unitDefault(typeName: "QuirkMonster"))
    #expect(origin("$.units.quirk.health") == .unitDefault(typeName: "QuirkMonster"))
    #expect(origin("$.units.quirk.speed") == .file)
    #expect(origin("$.units.zap.gun.splashRadius") == .unitDefault(typeName: "ZapMonster"))
    #expect(origin("$.castle.gun.splashRadius") == .file)
    #expect(origin("$.arena.width") == .file)
    #expect(values.first { $0.path == "$.units.quirk.cost" }?.value == .float(20))
  }

  @Test("a unit needs exactly one of melee and gun")
  func meleeOrGun() throws {
    let quirkMelee = #""melee": {"damage": 6, "reach": 12, "cooldown": 0.5}"#
    let gun =
      #""gun": {"damage": 1, "range": 1, "cooldown": 1, "projectileSpeed": 1, "#
      + #""projectileLifetime": 1}"#
    let both = try duelJSON(replacing: quirkMelee, with: quirkMelee + ", " + gun)
    let bothError = invalid("$.units.quirk", "expected exactly one of 'melee' or 'gun', found both")
    #expect(try parseError(both) == bothError)

    // A block that leaves its weapon out keeps the type's.
    let neither = try duelJSON(
      replacing: #""radius": 10,"# + "\n      " + quirkMelee, with: #""radius": 10"#)
    let kept = try Scenario.parse(neither, path: "test.json", name: "test")
    #expect(kept.units[.quirk]?.weapon == QuirkMonster.defaultStats.weapon)

    let other = try duelJSON(replacing: quirkMelee, with: gun)
    let otherError = invalid(
      "$.units.quirk", "expected 'melee': this unit's monster fights with it")
    #expect(try parseError(other) == otherError)

    let null = try duelJSON(replacing: #""radius": 12,"#, with: #""radius": 12, "melee": null,"#)
    #expect(try parseError(null) == invalid("$.units.zap.melee", "expected an object, found null"))
  }

  @Test("integers accept 60.0 but not 2.5 or a string")
  func integers() throws {
    let whole = try duelJSON(replacing: #""ticksPerSecond": 60"#, with: #""ticksPerSecond": 60.0"#)
    #expect(try Scenario.parse(whole, path: "test.json", name: "duel") == expectedDuel)
    let fraction = try duelJSON(
      replacing: #""ticksPerSecond": 60"#, with: #""ticksPerSecond": 2.5"#)
    let message = "expected an integer from 1 to 1000, found 2.5"
    #expect(try parseError(fraction) == invalid("$.match.ticksPerSecond", message))
    let text = try duelJSON(replacing: #""tickLimit": 36000"#, with: #""tickLimit": "long""#)
    #expect(
      try parseError(text) == invalid("$.match.tickLimit", "expected an integer, found string"))
  }

  @Test("resolve maps names into the scenarios directory and keeps paths")
  func resolve() {
    let directory = URL(fileURLWithPath: "/games/scenarios", isDirectory: true)
    #expect(
      Scenario.resolve("duel", scenariosDirectory: directory).path == "/games/scenarios/duel.json")
    #expect(Scenario.resolve("maps/big", scenariosDirectory: directory).relativePath == "maps/big")
    #expect(Scenario.resolve("/tmp/x.json", scenariosDirectory: directory).path == "/tmp/x.json")
    #expect(
      Scenario.resolve("local.json", scenariosDirectory: directory).relativePath == "local.json")
  }

  @Test("load names the scenario after the resolved file")
  func loadByName() throws {
    let scenario = try Scenario.load(
      contentsOf: Scenario.resolve("swarm", scenariosDirectory: scenariosDirectory))
    #expect(scenario.name == "swarm")
    #expect(scenario.swarm?.count == 2000)
  }
}
