import Foundation
import Imaging
import MonsterWars
import Testing
import TraitSandbox

@Suite("Match snapshots")
struct MatchSnapshotTests {
  /// A match of a shipped scenario after `ticks` ticks on `threads` threads.
  private func played(
    _ name: String, swarmCount: Int? = nil, ticks: Int, threads: Int
  ) throws -> Match {
    var match = Match(scenario: try scenario(name), seed: 5, swarmCount: swarmCount)
    match.shareTicks(threads: threads)
    for _ in 0..<ticks { match.step() }
    return match
  }

  /// Saves `match`, reads it back, and steps both `ticks` more; returns both.
  private func continued(_ match: Match, ticks: Int, threads: Int) throws -> (Match, Match) {
    var restored = try MatchSnapshot.match(from: MatchSnapshot.bytes(of: match))
    restored.shareTicks(threads: threads)
    #expect(restored.world.stateHash() == match.world.stateHash())
    var original = match
    for _ in 0..<ticks {
      original.step()
      restored.step()
    }
    return (original, restored)
  }

  @Test(
    "saving, loading and stepping on gives the hash of stepping straight through",
    arguments: [("duel", nil as Int?, 1_000), ("swarm", 9_000, 60)], [1, 2])
  func roundTrip(scenario name: (String, Int?, Int), threads: Int) throws {
    let (scenarioName, swarmCount, ticks) = name
    let half = try played(scenarioName, swarmCount: swarmCount, ticks: ticks, threads: threads)
    let (straight, resumed) = try continued(half, ticks: ticks, threads: threads)
    #expect(resumed.world.tick == UInt64(2 * ticks))
    #expect(resumed.world.stateHash() == straight.world.stateHash())
    #expect(resumed.statistics == straight.statistics)
    #expect(resumed.outcome == straight.outcome)
    // Something happened on the way: entities were born and died after the save.
    #expect(straight.statistics != half.statistics)
  }

  @Test(
    "2,000 ticks with a save and a load halfway give the hash of 2,000 straight",
    arguments: [("duel", nil as Int?), ("swarm", 300), ("battle", 300)])
  func longRoundTrip(scenario name: (String, Int?)) throws {
    let half = try played(name.0, swarmCount: name.1, ticks: 1_000, threads: 2)
    let (straight, resumed) = try continued(half, ticks: 1_000, threads: 2)
    #expect(resumed.world.tick == 2_000 || resumed.isOver)
    #expect(resumed.world.stateHash() == straight.world.stateHash())
    #expect(resumed.statistics == straight.statistics)
  }

  @Test("monsters and projectiles are saved as their columns, castles as their values")
  func columnsAndValues() throws {
    let world = try played("swarm", swarmCount: 50, ticks: 30, threads: 1).world
    let layouts = Dictionary(
      uniqueKeysWithValues: world.entityTypes.map { ($0.name, $0.layout) })
    for name in ["QuirkMonster", "ZapMonster", "MunchMonster", "LaserBolt", "Cannonball"] {
      #expect(layouts[name]?.isSavedAsBytes == true, "\(name)")
    }
    #expect(layouts["Castle"]?.isSavedAsBytes == false)
    #expect(layouts["Castle"]?.hasReferences == true)
  }

  @Test("a snapshot keeps the scenario, the seed and the swarm count")
  func keepsSetup() throws {
    let match = try played("swarm", swarmCount: 500, ticks: 3, threads: 1)
    let restored = try MatchSnapshot.match(from: MatchSnapshot.bytes(of: match))
    #expect(restored.scenario == match.scenario)
    #expect(restored.seed == match.seed)
    #expect(restored.swarmCount == 500)
    #expect(restored.world.entityCount == match.world.entityCount)
  }

  @Test("a player's queued orders are saved with the castle")
  func playerOrders() throws {
    var match = Match(scenario: try scenario("duel"), seed: 2, leftController: .player)
    match.order(.munch, for: .left)
    match.order(.munch, for: .left)
    match.order(.munch, for: .left)
    match.step()
    let restored = try MatchSnapshot.match(from: MatchSnapshot.bytes(of: match))
    let saved = try #require(match.castle(of: .left))
    let read = try #require(restored.castle(of: .left))
    #expect(read.orders == saved.orders)
    #expect(read.spawner == saved.spawner)
    #expect(read.armory == saved.armory)
    #expect(!read.orders.isEmpty)
    #expect(restored.castle(of: .left)?.controller == .player)
  }

  @Test("an ended match stays ended")
  func ended() throws {
    var match = Match(scenario: try scenario("duel"), seed: 2)
    while !match.isOver { match.step() }
    let restored = try MatchSnapshot.match(from: MatchSnapshot.bytes(of: match))
    #expect(restored.outcome == match.outcome)
    #expect(restored.isOver)
  }

  // MARK: - Files that are not good snapshots

  private func error(reading bytes: [UInt8]) -> String? {
    do {
      _ = try MatchSnapshot.match(from: bytes)
      return nil
    } catch {
      return error.description
    }
  }

  @Test("every truncation of a snapshot is refused as truncated or damaged")
  func truncated() throws {
    let bytes = try MatchSnapshot.bytes(of: try played("duel", ticks: 30, threads: 1))
    for length in [0, 4, 8, 12, 27, 28, bytes.count / 2, bytes.count - 1] {
      let message = try #require(error(reading: Array(bytes.prefix(length))))
      #expect(
        message.contains("truncated") || message.contains("not a TraitSandbox snapshot"),
        "\(length) bytes: \(message)")
    }
  }

  @Test("a flipped bit anywhere is caught by the checksum or the envelope")
  func flippedBits() throws {
    let bytes = try MatchSnapshot.bytes(of: try played("duel", ticks: 30, threads: 1))
    for offset in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
      var damaged = bytes
      damaged[offset] ^= 0x10
      #expect(error(reading: damaged) != nil, "flip at \(offset)")
    }
    // Resealing an intact file changes nothing; a damaged body gets a checksum that fits it.
    #expect(SavedFileKind.resealed(bytes) == bytes)
    var damaged = bytes
    damaged[bytes.count - 1] ^= 0x10
    #expect(error(reading: damaged)?.contains("checksum") == true)
    #expect(error(reading: SavedFileKind.resealed(damaged))?.contains("checksum") != true)
  }

  /// `bytes` with its envelope's length and checksum made to fit its body again, so that what
  /// reads it gets past the envelope to the damage inside.
  private func reenveloped(_ bytes: [UInt8]) -> [UInt8] {
    SavedFileKind.resealed(bytes)
  }

  /// `bytes` with the first `old` in it replaced by `new`, of the same length.
  private func replacing(_ old: String, with new: String, in bytes: [UInt8]) throws -> [UInt8] {
    let needle = Array(old.utf8)
    let start = try #require(
      bytes.indices.first { bytes[$0...].starts(with: needle) }, "no '\(old)' in the snapshot")
    var patched = bytes
    patched.replaceSubrange(start..<(start + needle.count), with: Array(new.utf8))
    return patched
  }

  @Test("a snapshot of a type whose stored properties changed is refused, naming the property")
  func changedLayout() throws {
    let bytes = try MatchSnapshot.bytes(
      of: try played("swarm", swarmCount: 50, ticks: 5, threads: 1))
    let renamed = reenveloped(try replacing("movement.speed", with: "movement.pace_", in: bytes))
    let message = try #require(error(reading: renamed))
    #expect(message.contains("keeps movement.pace_ (Float, 4 bytes) at byte"), "\(message)")
    #expect(message.contains("its stored properties changed since the snapshot was made"))
  }

  @Test("a snapshot whose columns are cut short or hold impossible values is refused by name")
  func damagedColumns() throws {
    let match = try played("swarm", swarmCount: 50, ticks: 5, threads: 1)
    let bytes = try MatchSnapshot.bytes(of: match)
    let cut = try #require(error(reading: reenveloped(Array(bytes.dropLast(6)))))
    #expect(cut.contains("entities need") && cut.contains("the snapshot is truncated"), "\(cut)")
    // The last column of the last type: every word of it set to a NaN bit pattern.
    var impossible = bytes
    let bolts = match.world.entityTypes.last { $0.entityCount > 0 }
    let type = try #require(bolts)
    let wordCount = type.layout.wordCount
    let count = type.entityCount
    let lastFloat = try #require(type.layout.fields.last { $0.kind == .float })
    let columnStart = bytes.count - (wordCount - lastFloat.offset / 4) * count * 4
    for offset in stride(from: columnStart, to: columnStart + count * 4, by: 4) {
      impossible.replaceSubrange(offset..<(offset + 4), with: [0, 0, 0xC0, 0x7F])
    }
    let nan = try #require(error(reading: reenveloped(impossible)))
    #expect(nan.contains("\(type.name) number 1 of \(count) holds a value its \(lastFloat.path)"))
    #expect(nan.contains("cannot have: the snapshot is damaged"), "\(nan)")
  }

  @Test("an impossible Boolean, tag, absent payload or present value is refused by name")
  func damagedValues() throws {
    let match = try played("swarm", swarmCount: 500, ticks: 20, threads: 1)
    let bytes = try MatchSnapshot.bytes(of: match)
    // The last type's columns end the snapshot, one column of `count` words per word.
    let type = try #require(match.world.entityTypes.last { $0.entityCount > 0 })
    let count = type.entityCount
    let fields = type.layout.fields
    let flag = try #require(fields.first { $0.kind == .bool && $0.tagOffset == nil })
    let tag = try #require(fields.first { $0.kind == .optionalTag && $0.tagOffset == nil })
    let value = try #require(fields.first { $0.kind == .float && $0.tagOffset == tag.offset })
    // The last entity, so the entity number is not the first one's.
    let entity = count - 1
    #expect(entity > 0, "\(type.name) has \(count) entities; the test wants two")
    func position(_ byte: Int, of index: Int) -> Int {
      bytes.count - (type.layout.wordCount - byte / 4) * count * 4 + index * 4 + byte % 4
    }
    func refusal(_ changes: [(byte: Int, value: UInt8)]) -> String {
      var damaged = bytes
      for change in changes { damaged[position(change.byte, of: entity)] = change.value }
      guard let message = error(reading: reenveloped(damaged)) else {
        Issue.record("the snapshot with \(changes) was read without an error")
        return ""
      }
      return message
    }
    func names(_ field: EntityLayout.Field) -> String {
      "\(type.name) number \(entity + 1) of \(count) holds a value its \(field.path) "
    }
    let notBoolean = refusal([(flag.offset, 2)])
    #expect(notBoolean.contains(names(flag)), "\(notBoolean)")
    let badTag = refusal([(tag.offset, 2)])
    #expect(badTag.contains(names(tag)), "\(badTag)")
    // None (tag 1) with a payload byte that is not zero.
    let absentWithPayload = refusal([(tag.offset, 1), (value.offset, 0x01)])
    #expect(absentWithPayload.contains(names(tag)), "\(absentWithPayload)")
    // A value (tag 0) that is not a number.
    let presentNaN = refusal([
      (tag.offset, 0), (value.offset, 0), (value.offset + 1, 0), (value.offset + 2, 0xC0),
      (value.offset + 3, 0x7F),
    ])
    #expect(presentNaN.contains(names(value)), "\(presentNaN)")
    // The same NaN where the optional is none is the payload of none, also refused, by its tag.
    let absentNaN = refusal([
      (tag.offset, 1), (value.offset + 2, 0xC0), (value.offset + 3, 0x7F),
    ])
    #expect(absentNaN.contains(names(tag)), "\(absentNaN)")
  }

  @Test("a snapshot made before the world kept columns is refused as an older version's")
  func olderFormat() throws {
    var older = try MatchSnapshot.bytes(of: try played("duel", ticks: 3, threads: 1))
    older[12] = 1
    #expect(
      error(reading: older)
        == "it is in snapshot format 1, which an older version of sandbox wrote; this one reads "
        + "format 2")
  }

  @Test("a newer format, another kind of file and trailing bytes are refused by name")
  func envelope() throws {
    let bytes = try MatchSnapshot.bytes(of: try played("duel", ticks: 3, threads: 1))
    var newer = bytes
    newer[12] = 3
    #expect(
      error(reading: newer)
        == "it is in snapshot format 3, newer than this program's 2: a newer sandbox wrote it")
    var recording = bytes
    recording.replaceSubrange(8..<12, with: Array("RECD".utf8))
    #expect(error(reading: recording) == "it is a recording, not a snapshot")
    #expect(error(reading: Array("{\"arena\": 1}".utf8)) == "it is not a TraitSandbox snapshot")
    #expect(error(reading: bytes + [0]) == "it has 1 bytes after its end")
  }
}

@Suite("Scenario JSON text")
struct ScenarioJSONTextTests {
  @Test(
    "a scenario's JSON text reads back as an equal scenario",
    arguments: ["duel", "swarm", "battle"])
  func roundTrip(name: String) throws {
    let original = try scenario(name)
    let read = try Scenario.parse(
      Data(original.jsonText.utf8), path: "text", name: name, roster: original.roster)
    #expect(read == original)
  }

  @Test("tuned stats with awkward floats read back exactly")
  func awkwardFloats() throws {
    var tuned = try scenario("duel")
    tuned.castle.gun.spreadAngle = 3.14159
    tuned.economy.coinsPerSecond = 0.1
    tuned.castle.health = Float(1e9).nextDown
    tuned.units[.zap]?.regeneration = 1e-6
    let read = try Scenario.parse(
      Data(tuned.jsonText.utf8), path: "text", name: "duel", roster: tuned.roster)
    #expect(read == tuned)
  }
}
