import Foundation
import TraitSandbox

/// A whole match at one tick, as a file: `sandbox run --save` writes one and `--load` goes on
/// from it.
///
/// The file is a `SavedFileKind.snapshot` envelope around an `Archive` of, in order:
/// 1. the match: the scenario as scenario JSON (see `Scenario.jsonText`) and its name, the
///    seed, the swarm count, the outcome and the spawn and death counts;
/// 2. the world, as `World.save(to:)` writes it: tick, random state, next identity and every
///    entity with all its components, type by type.
///
/// A match read back steps on exactly as the saved one would: same state hash at every tick,
/// for any thread count.
public enum MatchSnapshot {
  /// The format version this program writes, and the newest it reads.
  public static let version: UInt32 = 1

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

  /// The match as snapshot file bytes.
  ///
  /// - Complexity: O(n) in the number of entities.
  public static func bytes(of match: Match) throws -> [UInt8] {
    var archive = ArchiveWriter()
    try archive.encode(
      Header(
        scenarioName: match.scenario.name, scenarioJSON: match.scenario.jsonText,
        seed: match.seed, swarmCount: match.swarmCount, outcome: match.outcome,
        statistics: match.counts.rows))
    try match.world.save(to: &archive)
    return SavedFile.wrap(archive, kind: .snapshot, version: version)
  }

  /// The match a snapshot file holds, for the unit types of `roster`.
  ///
  /// - Throws: `SavedFileError` if the bytes are not a snapshot, are damaged or truncated, come
  ///   from a newer format, or hold a scenario or world this program cannot play.
  /// - Complexity: O(n log n) in the number of entities.
  public static func match(from bytes: [UInt8], roster: Roster = .standard) throws(SavedFileError)
    -> Match
  {
    let body = try SavedFile.unwrap(bytes, kind: .snapshot, version: version)
    var archive = try damaged { () throws(ArchiveError) in
      try ArchiveReader(body, userInfo: [.roster: roster])
    }
    let header = try damaged { () throws(ArchiveError) in try archive.decode(Header.self) }
    let scenario = try savedScenario(
      header.scenarioJSON, name: header.scenarioName, roster: roster)
    if let count = header.swarmCount, count < 0 || scenario.swarm == nil {
      throw SavedFileError("its swarm count \(count) does not fit its scenario")
    }
    guard let arena = scenario.arenaSize(swarmCount: header.swarmCount) else {
      throw SavedFileError("its swarm count does not fit its scenario's arena")
    }
    var world = Match.emptyWorld(for: scenario, seed: header.seed, arena: arena)
    try damaged { () throws(ArchiveError) in try world.restore(from: &archive) }
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
