import Foundation
import MonsterWars

/// Notices when the scenario file changes on disk and reloads it.
///
/// Compares the file's bytes rather than its modification time: scenario files are a few
/// kilobytes, and two saves within the file system's timestamp resolution still count.
struct ScenarioWatcher {
  let file: URL
  /// The unit types the scenario is read for.
  let roster: Roster
  private var lastContents: Data?

  init(file: URL, roster: Roster) {
    self.file = file
    self.roster = roster
    lastContents = try? Data(contentsOf: file)
  }

  /// The reloaded scenario, or why it failed, if the file changed since the last poll.
  mutating func poll() -> Result<Scenario, ScenarioError>? {
    let contents = try? Data(contentsOf: file)
    guard contents != lastContents else { return nil }
    lastContents = contents
    guard let contents else {
      return .failure(.fileNotFound(path: file.path))
    }
    do {
      return .success(
        try Scenario.parse(contents, path: file.path, name: scenarioName, roster: roster))
    } catch {
      return .failure(error)
    }
  }

  private var scenarioName: String {
    file.deletingPathExtension().lastPathComponent
  }
}
