import Foundation
import Testing

@testable import Imaging

@Suite("WatchedFile: a file polled for changes")
struct WatchedFileTests {
  /// A fresh folder for one test.
  private func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("WatchedFileTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  private func watch(_ url: URL) -> WatchedFile<InputFileError> {
    WatchedFile(url) { url throws(InputFileError) in try InputFile.read(url, limit: 100) }
  }

  @Test("a change is news once; the same bytes saved again are not")
  func changes() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("settings.json")
    try Data("{\"count\": 1}".utf8).write(to: file)
    var watched = watch(file)
    #expect(watched.poll() == nil)
    try Data("{\"count\": 22}".utf8).write(to: file)
    #expect(try watched.poll()?.get() == Array("{\"count\": 22}".utf8))
    #expect(watched.poll() == nil)
    // Saved again as it was: its time changed, its bytes did not.
    try Data("{\"count\": 22}".utf8).write(to: file)
    #expect(watched.poll() == nil)
  }

  @Test("a file gone, grown too large or become a FIFO is a failure, never a read")
  func failures() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("settings.json")
    try Data("{}".utf8).write(to: file)
    var watched = watch(file)
    try FileManager.default.removeItem(at: file)
    guard case .failure(let gone)? = watched.poll() else {
      Issue.record("a removed file was not reported")
      return
    }
    #expect(gone.problem == .missing)
    try Data(repeating: 32, count: 101).write(to: file)
    guard case .failure(let large)? = watched.poll() else {
      Issue.record("a file over the limit was not reported")
      return
    }
    #expect(large.problem == .tooLarge(size: 101, limit: 100))
    try FileManager.default.removeItem(at: file)
    #expect(mkfifo(file.path, 0o600) == 0)
    guard case .failure(let fifo)? = watched.poll() else {
      Issue.record("a FIFO was not reported")
      return
    }
    #expect(fifo.problem == .notAFile("a FIFO (named pipe)"))
    // Put back as it first was: news again, since what was read last failed.
    try FileManager.default.removeItem(at: file)
    try Data("{}".utf8).write(to: file)
    #expect(try watched.poll()?.get() == Array("{}".utf8))
  }
}
