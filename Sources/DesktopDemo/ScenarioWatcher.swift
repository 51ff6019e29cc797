import Foundation
import MonsterWars

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Notices when the scenario file changes on disk and reloads it.
///
/// Each poll looks at the file's size, modification time and identity first, and reads it only
/// when one of them changed; then it compares the bytes, so a file saved again unchanged is not
/// reloaded. Reading goes through `Scenario.contents(of:)`: a file replaced by a FIFO, a device
/// or something huge is reported, never read.
struct ScenarioWatcher {
  let file: URL
  /// The unit types the scenario is read for.
  let roster: Roster
  private var lastSignature: FileSignature?
  private var lastContents: [UInt8]?

  init(file: URL, roster: Roster) {
    self.file = file
    self.roster = roster
    lastSignature = FileSignature(of: file)
    lastContents = try? Scenario.contents(of: file)
  }

  /// The reloaded scenario, or why it failed, if the file changed since the last poll.
  mutating func poll() -> Result<Scenario, ScenarioError>? {
    let signature = FileSignature(of: file)
    guard signature != lastSignature else { return nil }
    lastSignature = signature
    let contents: [UInt8]
    do {
      contents = try Scenario.contents(of: file)
    } catch {
      lastContents = nil
      return .failure(error)
    }
    guard contents != lastContents else { return nil }
    lastContents = contents
    do {
      return .success(
        try Scenario.parse(Data(contents), path: file.path, name: scenarioName, roster: roster))
    } catch {
      return .failure(error)
    }
  }

  private var scenarioName: String {
    file.deletingPathExtension().lastPathComponent
  }
}

/// What a poll compares before reading a file: its size, modification time and identity.
private struct FileSignature: Equatable {
  let size: Int64
  let modifiedSeconds: Int
  let modifiedNanoseconds: Int
  let device: UInt64
  let inode: UInt64

  /// The file's signature, or `nil` if nothing is there.
  init?(of url: URL) {
    var status = stat()
    guard stat(url.path(percentEncoded: false), &status) == 0 else { return nil }
    size = Int64(status.st_size)
    #if canImport(Darwin)
      modifiedSeconds = Int(status.st_mtimespec.tv_sec)
      modifiedNanoseconds = Int(status.st_mtimespec.tv_nsec)
    #else
      modifiedSeconds = Int(status.st_mtim.tv_sec)
      modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
    #endif
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
  }
}
