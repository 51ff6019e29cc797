import Foundation
import Imaging
import Testing

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
