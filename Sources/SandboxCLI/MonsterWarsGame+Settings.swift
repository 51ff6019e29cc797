import Foundation
import GameShell
import Imaging
import MonsterWars

/// A match's settings: its scenario file, found by name in the assets folder or by path.
extension MonsterWarsGame {
  /// `--entities`: how many monsters a swarm scenario places, the scenario's own count when
  /// not given.
  public static var settings: [GameSetting] {
    [
      GameSetting(
        "entities", help: "How many monsters a swarm scenario places (0 to 10000000).",
        range: 0...10_000_000, unset: "the scenario's own")
    ]
  }

  /// The duel.
  public static var defaultSettingsFile: String? { "duel" }

  /// `--scenario`, as `sandbox` names it.
  public static var settingsFileOption: String { "scenario" }

  /// What `--scenario` reads.
  public static var settingsFileHelp: String {
    "The scenario: a name from the assets folder's scenarios/ (duel, swarm, ...) or a JSON file."
  }

  /// `.../Assets/scenarios/NAME.json` for a name; `nil` for a path (one with a `/` or ending in
  /// `.json`).
  public static func settingsFile(
    named name: String, in invocation: Invocation
  ) throws(SettingsProblem) -> URL? {
    guard !Scenario.isPath(name) else { return nil }
    let assets: AssetFolder
    do {
      assets = try AssetFolder.locate(option: nil, invocation: invocation)
    } catch {
      throw SettingsProblem(error.message)
    }
    let url = Scenario.resolve(name, scenariosDirectory: assets.scenarios)
    guard FileKind.at(url.path(percentEncoded: false)) == .missing else { return url }
    let names = assets.scenarioNames
    throw SettingsProblem(
      "no scenario named \(quoted(name)) (\(url.path(percentEncoded: false)) does not exist); "
        + "available: \(names.isEmpty ? "none" : names.joined(separator: ", "))")
  }

  /// The scenario the file holds, checked field by field, named after the file; `--entities`
  /// checked against its swarm's arena.
  public static func settings(
    reading document: SettingsDocument, over base: GameSettings
  ) throws(SettingsProblem) -> GameSettings {
    let name = URL(fileURLWithPath: document.name).deletingPathExtension().lastPathComponent
    let scenario: Scenario
    do {
      scenario = try Scenario.parse(Data(document.bytes), path: document.name, name: name)
    } catch {
      throw SettingsProblem(error.description)
    }
    if let entities = base.value(of: "entities") {
      guard let maximum = scenario.maximumSwarmCount else {
        throw SettingsProblem(
          "\(document.name): --entities needs a scenario with a \"swarm\" section; "
            + "'\(scenario.name)' has none")
      }
      guard entities <= maximum else {
        throw SettingsProblem(
          "\(document.name): --entities \(entities): the '\(scenario.name)' swarm holds at most "
            + "\(maximum) monsters at its density")
      }
    }
    var settings = base
    settings.document = SettingsDocument(
      name: document.name, bytes: document.bytes, contents: scenario)
    return settings
  }

  /// A match of the settings' scenario, with `--entities` monsters in its swarm if set, the
  /// scenario's AI on both castles.
  ///
  /// - Precondition: `MonsterWarsGame.settings(reading:over:)` read the settings' document.
  public init(seed: UInt64, settings: GameSettings) {
    guard let scenario = settings.document?.contents as? Scenario else {
      preconditionFailure(
        "a match starts from a scenario that MonsterWarsGame.settings(reading:over:) read")
    }
    session = MatchSession(
      scenario: scenario, seed: seed, playerSides: [], swarmCount: settings.value(of: "entities"))
  }
}

extension MonsterWarsGame {
  /// A restart of the session, the first seat's: the scenario it was last tuned with, from
  /// its first tick.
  public var restartInput: SessionInput? { .restart }

  /// A scenario saved again while the match plays, as the first seat's retune: unit and
  /// castle stats, income and the AI at once (`Match.applyLiveChanges(from:)`), the arena,
  /// starting coins, tick rate and swarm on the next restart. Says what changed when: "units,
  /// AI now; arena on restart (R)".
  public func retuneInput(
    from old: GameSettings, to new: GameSettings
  ) -> (input: SessionInput, said: String)? {
    guard let after = new.document?.contents as? Scenario else { return nil }
    let changes = ScenarioChanges(from: session.scenario, to: after)
    return (.retune(scenarioJSON: after.jsonText), changes.summary)
  }
}
