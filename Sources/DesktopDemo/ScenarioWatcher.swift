import Foundation
import Imaging
import MonsterWars

/// Notices when the scenario file changes on disk and reloads it.
///
/// A `WatchedFile`: each poll looks at the file's size, modification time and identity first,
/// reads it only when one of them changed, and compares the bytes, so a file saved again
/// unchanged is not reloaded. Reading goes through `Scenario.contents(of:)`: a file replaced by
/// a FIFO, a device or something huge is reported, never read.
struct ScenarioWatcher {
  /// The unit types the scenario is read for.
  let roster: Roster
  private var watched: WatchedFile<ScenarioError>

  /// The scenario file.
  var file: URL { watched.url }

  init(file: URL, roster: Roster) {
    self.roster = roster
    watched = WatchedFile(file) { url throws(ScenarioError) in try Scenario.contents(of: url) }
  }

  /// The reloaded scenario, or why it failed, if the file changed since the last poll.
  mutating func poll() -> Result<Scenario, ScenarioError>? {
    switch watched.poll() {
    case nil: return nil
    case .failure(let error): return .failure(error)
    case .success(let contents):
      do {
        return .success(
          try Scenario.parse(Data(contents), path: file.path, name: scenarioName, roster: roster))
      } catch {
        return .failure(error)
      }
    }
  }

  private var scenarioName: String {
    file.deletingPathExtension().lastPathComponent
  }
}
