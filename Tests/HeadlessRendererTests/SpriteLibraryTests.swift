import Foundation
import Frames
import HeadlessRenderer
import Imaging
import Testing

/// The shipped sprites folder, three folders up from this file.
let shippedSprites = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Assets/sprites", isDirectory: true)

let gameSprites = ["background", "cannonball", "castle", "font", "laser", "munch", "quirk", "zap"]
  .map(SpriteID.init)

/// A scratch copy of the shipped sprites that a test may break.
func copyOfShippedSprites() throws -> URL {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("sprites-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.copyItem(at: shippedSprites, to: folder)
  return folder
}

@Suite("Sprite library")
struct SpriteLibraryTests {
  @Test("every shipped sprite loads, and the font is a 128x48 glyph sheet")
  func shippedSpritesLoad() throws {
    let library = try SpriteLibrary.load(from: shippedSprites, required: gameSprites)
    #expect(library.ids == gameSprites)
  }

  @Test("missing and corrupt sprites are all reported at once, each by file name")
  func everyProblemIsListed() throws {
    let folder = try copyOfShippedSprites()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.removeItem(at: folder.appendingPathComponent("zap.bmp"))
    try FileManager.default.removeItem(at: folder.appendingPathComponent("castle.bmp"))
    let laser = folder.appendingPathComponent("laser.bmp")
    try Data(try Data(contentsOf: laser).prefix(60)).write(to: laser)
    let error = try #require(throws: SpriteLoadError.self) {
      try SpriteLibrary.load(from: folder, required: gameSprites)
    }
    #expect(error.problems.count == 3)
    #expect(error.problems.contains("castle.bmp: missing"))
    #expect(error.problems.contains("zap.bmp: missing"))
    #expect(error.problems.contains { $0.hasPrefix("laser.bmp: ") && !$0.hasSuffix("missing") })
    #expect(error.description.hasPrefix("Sprites in \(folder.path) could not be loaded: "))
  }

  @Test("a font sheet of the wrong size is rejected")
  func wrongFontSize() {
    #expect(throws: SpriteLoadError.self) {
      try SpriteLibrary(images: [.font: Image(width: 64, height: 48)])
    }
  }

  @Test("a file that is not a BMP at all is rejected with a reason")
  func notABitmap() throws {
    let folder = try copyOfShippedSprites()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("not a bitmap".utf8).write(to: folder.appendingPathComponent("quirk.bmp"))
    let error = try #require(throws: SpriteLoadError.self) {
      try SpriteLibrary.load(from: folder, required: gameSprites)
    }
    #expect(error.problems.count == 1)
    #expect(error.problems[0].hasPrefix("quirk.bmp: "))
  }
}
