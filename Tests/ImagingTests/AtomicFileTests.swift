import Foundation
import Testing

@testable import Imaging

@Suite("AtomicFile")
struct AtomicFileTests {
  @Test("the file appears complete and no temporary file remains")
  func writesFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var random = TestRandom(seed: 5)
    let bytes = random.bytes(200_000)
    try AtomicFile.write(bytes, to: directory.file("out.bin"))
    #expect(try Data(contentsOf: directory.file("out.bin")) == Data(bytes))
    #expect(try directory.contents() == ["out.bin"])
  }

  @Test("an existing file is replaced whole")
  func replacesFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let target = directory.file("image.png")
    try AtomicFile.write([UInt8](repeating: 1, count: 1000), to: target)
    try AtomicFile.write(Data([9, 8, 7]), to: target)
    #expect(try Data(contentsOf: target) == Data([9, 8, 7]))
    #expect(try directory.contents() == ["image.png"])
  }

  @Test("empty contents make an empty file")
  func emptyFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try AtomicFile.write([UInt8](), to: directory.file("empty"))
    #expect(try Data(contentsOf: directory.file("empty")).isEmpty)
  }

  @Test("writing into a missing directory names the path and the reason")
  func missingDirectory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let target = directory.url.appendingPathComponent("missing/out.png")
    let error = #expect(throws: AtomicFileError.self) {
      try AtomicFile.write([1, 2, 3], to: target)
    }
    #expect(error?.path == target.path)
    #expect(error?.code == ENOENT)
    #expect(error?.description.contains(target.path) == true)
    #expect(error?.description.contains("does not exist") == true)
  }

  @Test("writing under a file names that file as what is not a folder")
  func fileInPlaceOfDirectory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.file("plain")
    try AtomicFile.write([1], to: file)
    let target = file.appendingPathComponent("out.png")
    let error = #expect(throws: AtomicFileError.self) {
      try AtomicFile.write([1, 2, 3], to: target)
    }
    #expect(error?.code == ENOTDIR)
    #expect(error?.description.contains("'\(file.path)' is a file, not a folder") == true)
    #expect(error?.description.contains("does not exist") == false)
    #expect(try Data(contentsOf: file) == Data([1]))
  }

  @Test("a failed rename leaves the destination alone and removes the temporary file")
  func failedRename() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let target = directory.file("taken")
    try FileManager.default.createDirectory(
      at: target.appendingPathComponent("child"), withIntermediateDirectories: true)
    let error = #expect(throws: AtomicFileError.self) {
      try AtomicFile.write([1, 2, 3], to: target)
    }
    #expect(error?.path == target.path)
    #expect(try directory.contents() == ["taken"])
  }
}

@Suite("AtomicFile destinations and interruptions")
struct AtomicFileDestinationTests {
  private func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("AtomicFileDestinationTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  private func reason(writing url: URL) -> String? {
    do {
      try AtomicFile.write([1, 2, 3], to: url)
      return nil
    } catch {
      return error.reason
    }
  }

  @Test("what is not a regular file is never replaced or written into")
  func notRegularFiles() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("fifo.bin")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    #expect(reason(writing: fifo) == "is a FIFO (named pipe), not a file; it was left alone")
    let device = folder.appendingPathComponent("null.bin")
    try FileManager.default.createSymbolicLink(
      at: device, withDestinationURL: URL(fileURLWithPath: "/dev/null"))
    #expect(reason(writing: device) == "is a link to a device, not a file; it was left alone")
    let subfolder = folder.appendingPathComponent("sub.bin")
    try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: false)
    #expect(reason(writing: subfolder) == "is a folder, not a file; it was left alone")
    // Each is still what it was, and no temporary file was left.
    var status = stat()
    #expect(lstat(fifo.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    #expect(lstat(device.path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(names.sorted() == ["fifo.bin", "null.bin", "sub.bin"])
  }

  @Test("a symbolic link to a file is followed: the file is replaced and the link kept")
  func linkToFile() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let real = folder.appendingPathComponent("real.bin")
    try Data([9]).write(to: real)
    let link = folder.appendingPathComponent("link.bin")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
    try AtomicFile.write([1, 2, 3], to: link)
    #expect(try Data(contentsOf: real) == Data([1, 2, 3]))
    var status = stat()
    #expect(lstat(link.path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
  }

  @Test("the temporary files of writes in progress are what an interrupt removes")
  func interruptRemovesTemporaryFiles() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let inProgress = folder.appendingPathComponent(".out.png.tmp-1-abc")
    let finished = folder.appendingPathComponent(".other.png.tmp-1-def")
    try Data([1]).write(to: inProgress)
    try Data([1]).write(to: finished)
    let slot = InterruptCleanup.register(inProgress.path)
    let other = InterruptCleanup.register(finished.path)
    #expect(slot >= 0 && other >= 0 && slot != other)
    InterruptCleanup.unregister(other)
    // Only this test's folder: other tests' writes may be in flight in this process, and
    // removing their temporary files would fail them.
    InterruptCleanup.removeRegisteredFiles(under: folder.path)
    InterruptCleanup.unregister(slot)
    #expect(!FileManager.default.fileExists(atPath: inProgress.path))
    #expect(FileManager.default.fileExists(atPath: finished.path))
  }
}
