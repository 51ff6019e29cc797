import Foundation
import TraitSandbox

/// A whole match at one tick, as a file: `sandbox run --save` writes one and `--load` goes on
/// from it.
///
/// The file is a `SavedFileKind.snapshot` envelope around, in order:
/// 1. an `Archive` of the match, after its length: the scenario as scenario JSON (see
///    `Scenario.jsonText`) and its name, the seed, the swarm count, the outcome and the spawn
///    and death counts;
/// 2. the world, as `World.save(to:)` writes it: tick, random state, next identity, the layout
///    of each entity type, and every entity, as its type's columns of bytes (or its `Codable`
///    values, for types that hold arrays or strings).
///
/// A match read back steps on exactly as the saved one would: same state hash at every tick,
/// for any thread count. Format 1 (before the world kept columns) is refused as an older
/// version's.
public enum MatchSnapshot {
  /// The format version this program writes, and the only one it reads.
  public static let version: UInt32 = 2

  /// The largest snapshot file a program reads: 4 GiB, several times a million-monster swarm.
  public static let maximumFileSize = 1 << 32

  /// What a snapshot holds besides the world.
  struct Header: Codable {
    var scenarioName: String
    var scenarioJSON: String
    var seed: UInt64
    var swarmCount: Int?
    var outcome: MatchOutcome?
    var statistics: [MatchStatistics.Row]
  }

  /// Writes the snapshot's body (everything after the envelope) to `sink`.
  ///
  /// - Complexity: O(n) in the number of entities.
  static func writeBody(of match: Match, to sink: inout some SnapshotSink) throws {
    var archive = ArchiveWriter()
    try archive.encode(
      Header(
        scenarioName: match.scenario.name, scenarioJSON: match.scenario.jsonText,
        seed: match.seed, swarmCount: match.swarmCount, outcome: match.outcome,
        statistics: match.counts.rows))
    try sink.write(archive)
    try match.world.save(to: &sink)
  }

  /// The match as snapshot file bytes.
  ///
  /// - Complexity: O(n) in the number of entities.
  public static func bytes(of match: Match) throws -> [UInt8] {
    try SavedFile.bytes(kind: .snapshot, version: version) { try writeBody(of: match, to: &$0) }
  }

  /// Saves the match to a snapshot file at `url`, after `prefix`, atomically, writing it as it
  /// is made, so that a big match is never in memory twice.
  ///
  /// - Throws: `AtomicFileError` if the file cannot be written (a missing folder, a full
  ///   disk), or an encoding error.
  /// - Complexity: O(n) in the number of entities.
  public static func save(_ match: Match, to url: URL, after prefix: [UInt8] = []) throws {
    try SavedFile.write(to: url, kind: .snapshot, version: version, after: prefix) {
      try writeBody(of: match, to: &$0)
    }
  }

  /// The match a snapshot file holds, for the unit types of `roster`; a big file's checksum is
  /// checked on up to `threads` threads.
  ///
  /// - Throws: `SavedFileError` if the bytes are not a snapshot, are damaged or truncated, come
  ///   from another format, or hold a scenario or world this program cannot play.
  /// - Complexity: O(n log n) in the number of entities.
  public static func match(
    from bytes: [UInt8], roster: Roster = .standard, threads: Int = 1
  ) throws(SavedFileError) -> Match {
    let start = try SavedFile.bodyStart(
      of: bytes, kind: .snapshot, versions: version...version, checkThreads: threads)
    var reader = SnapshotReader(bytes, from: start, userInfo: [.roster: roster])
    var archive = try damaged { () throws(ArchiveError) in try reader.readArchive() }
    let header = try damaged { () throws(ArchiveError) in
      let header = try archive.decode(Header.self)
      guard archive.isAtEnd else { throw archive.error("the match has bytes after its end") }
      return header
    }
    let scenario = try savedScenario(
      header.scenarioJSON, name: header.scenarioName, roster: roster)
    if let count = header.swarmCount, count < 0 || scenario.swarm == nil {
      throw SavedFileError("its swarm count \(count) does not fit its scenario")
    }
    guard let arena = scenario.arenaSize(swarmCount: header.swarmCount) else {
      throw SavedFileError("its swarm count does not fit its scenario's arena")
    }
    var world = Match.emptyWorld(for: scenario, seed: header.seed, arena: arena)
    try damaged { () throws(ArchiveError) in
      try world.restore(from: &reader)
      guard reader.isAtEnd else { throw reader.error("the snapshot has bytes after its end") }
    }
    return Match(
      scenario: scenario, seed: header.seed, swarmCount: header.swarmCount, world: world,
      outcome: header.outcome, statistics: MatchStatistics(rows: header.statistics, world: world))
  }
}

/// Runs `body`, reporting an archive error as a damaged file.
func damaged<Value>(_ body: () throws(ArchiveError) -> Value) throws(SavedFileError) -> Value {
  do {
    return try body()
  } catch {
    throw SavedFileError("it is damaged: \(error)")
  }
}

/// A scenario kept in a saved file as scenario JSON, validated as strictly as a scenario file.
func savedScenario(_ json: String, name: String, roster: Roster) throws(SavedFileError)
  -> Scenario
{
  do {
    return try Scenario.parse(
      Data(json.utf8), path: "the saved scenario", name: name, roster: roster)
  } catch {
    throw SavedFileError("its scenario is not valid: \(error)")
  }
}
