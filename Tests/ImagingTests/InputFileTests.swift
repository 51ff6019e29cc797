import Foundation
import Testing

@testable import Imaging

@Suite("InputFile")
struct InputFileTests {
  /// A fresh folder for one test.
  private func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("InputFileTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  private func problem(_ url: URL, limit: Int = 100) -> InputFileError.Problem? {
    do {
      _ = try InputFile.read(url, limit: limit)
      return nil
    } catch {
      return error.problem
    }
  }

  @Test("a regular file is read whole, up to and including the limit")
  func regularFile() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("data.bin")
    let bytes = (0..<100).map { UInt8($0) }
    try Data(bytes).write(to: file)
    #expect(try InputFile.read(file, limit: 100) == bytes)
    #expect(try InputFile.read(file, limit: 1000) == bytes)
    #expect(problem(file, limit: 99) == .tooLarge(size: 100, limit: 99))
    let empty = folder.appendingPathComponent("empty")
    try Data().write(to: empty)
    #expect(try InputFile.read(empty, limit: 0) == [])
  }

  @Test("what is not a regular file is refused at once, never read")
  func notRegularFiles() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(problem(folder) == .notAFile("a folder"))
    #expect(problem(URL(fileURLWithPath: "/dev/zero")) == .notAFile("a device"))
    #expect(problem(URL(fileURLWithPath: "/dev/null")) == .notAFile("a device"))
    // A FIFO with no writer: opening it must not wait for one.
    let fifo = folder.appendingPathComponent("fifo")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    #expect(problem(fifo) == .notAFile("a FIFO (named pipe)"))
    // A symbolic link to a device is the device.
    let link = folder.appendingPathComponent("link")
    try FileManager.default.createSymbolicLink(
      at: link, withDestinationURL: URL(fileURLWithPath: "/dev/zero"))
    #expect(problem(link) == .notAFile("a device"))
  }

  @Test("a missing file, and a file named with a trailing slash")
  func missingAndSlash() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(problem(folder.appendingPathComponent("nothing")) == .missing)
    let file = folder.appendingPathComponent("data.json")
    try Data("{}".utf8).write(to: file)
    let slashed = URL(fileURLWithPath: file.path + "/")
    #expect(problem(slashed) == .notAFolder)
    let error = try #require(throws: InputFileError.self) { try InputFile.read(slashed, limit: 9) }
    #expect(error.description.hasSuffix("data.json/: ends in '/' but is a file, not a folder"))
  }

  @Test("messages escape control characters and shorten long paths")
  func shownPaths() {
    #expect(InputFileError.shown("a\u{1b}[31mb\nc") == "a\\u{1b}[31mb\\u{a}c")
    let long = String(repeating: "x", count: 500)
    let shown = InputFileError.shown(long)
    #expect(shown.count == 160)
    #expect(shown.contains("..."))
    #expect(InputFileError.shown("plain/path.json") == "plain/path.json")
  }
}
