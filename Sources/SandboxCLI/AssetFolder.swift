import Foundation
import GameShell
import HeadlessRenderer
import JSON
import MonsterWars

/// The assets folder and what commands load from it.
struct AssetFolder {
  /// The folder itself.
  let root: URL

  /// The folder of scenario files.
  var scenarios: URL { root.appendingPathComponent("scenarios") }
  /// The folder of sprite pictures.
  var sprites: URL { root.appendingPathComponent("sprites") }

  /// The names of the scenarios in `scenarios/`, in order: `battle`, `duel`, ...
  var scenarioNames: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: scenarios.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
  }

  /// The folder `--assets` names, or the one `AssetLocator` finds.
  static func locate(option: String?, invocation: Sandbox.Invocation) throws(CommandFailure)
    -> AssetFolder
  {
    AssetFolder(
      root: try AssetLocator.locate(option: option, invocation: invocation))
  }

  /// Every sprite a match of `roster` draws, decoded and checked; all problems are reported
  /// at once. Says on `console`, once, which types are drawn with a placeholder for want of a
  /// sprite file.
  func loadSprites(for roster: Roster, console: Console) throws(CommandFailure) -> SpriteLibrary {
    do {
      let library = try SpriteLibrary.load(from: sprites, sprites: roster.spriteIDs)
      if let note = placeholderNote(on: library, roster: roster) { console.printError(note) }
      return library
    } catch {
      let onlyMissing = error.problems.allSatisfy { $0.hasSuffix(": missing") }
      throw CommandFailure(
        message: error.description,
        exitCode: onlyMissing ? ExitCode.noInput : ExitCode.dataError)
    }
  }

  /// What to tell the player of the roster's types `library` draws with a placeholder, for
  /// want of their sprite files; `nil` when none is.
  func placeholderNote(on library: SpriteLibrary, roster: Roster) -> String? {
    guard !library.placeholders.isEmpty else { return nil }
    let types = library.placeholders.flatMap { roster.typeNames(drawnWith: $0) }
    let files = library.placeholders.map { "\($0.name).bmp" }
    return "Note: \(types.joined(separator: ", ")) drawn with a placeholder: no "
      + "\(files.joined(separator: ", ")) in \(sprites.path)"
  }

  /// The scenario a command names: by name from `scenarios/`, or by path.
  func loadScenario(_ nameOrPath: String, invocation: Sandbox.Invocation) throws(CommandFailure)
    -> Scenario
  {
    try locateScenario(nameOrPath, invocation: invocation).scenario
  }

  /// The scenario a command names, and the file it came from.
  func locateScenario(_ nameOrPath: String, invocation: Sandbox.Invocation)
    throws(CommandFailure) -> (scenario: Scenario, file: URL)
  {
    let located = try loadScenarioFile(nameOrPath, invocation: invocation)
    return (located.scenario, located.file)
  }

  /// The scenario a command names, the file it came from and the file's JSON document.
  func loadScenarioFile(_ nameOrPath: String, invocation: Sandbox.Invocation)
    throws(CommandFailure) -> (scenario: Scenario, file: URL, document: JSONValue)
  {
    let looksLikePath = Scenario.isPath(nameOrPath)
    let url: URL
    if looksLikePath {
      url = invocation.url(of: nameOrPath)
    } else {
      url = Scenario.resolve(nameOrPath, scenariosDirectory: scenarios)
    }
    do {
      let loaded = try Scenario.loadFile(contentsOf: url)
      return (loaded.scenario, url, loaded.document)
    } catch {
      if case .fileNotFound = error, !looksLikePath {
        let known = scenarioNames
        throw CommandFailure(
          message: "No scenario named \(quoted(nameOrPath)) (\(url.path) does not exist); "
            + "available: \(known.isEmpty ? "none" : known.joined(separator: ", "))",
          exitCode: error.exitCode)
      }
      throw CommandFailure(message: error.description, exitCode: error.exitCode)
    }
  }
}
