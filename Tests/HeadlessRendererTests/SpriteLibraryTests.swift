import Foundation
import Frames
import HeadlessRenderer
import Imaging
import Testing

/// The shipped sprites folder, three folders up from this file.
let shippedSprites = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Assets/sprites", isDirectory: true)

/// Every sprite file shipped, by name.
let gameSprites =
  ((try? FileManager.default.contentsOfDirectory(atPath: shippedSprites.path)) ?? [])
  .filter { $0.hasSuffix(".bmp") }.map { SpriteID(String($0.dropLast(4))) }.sorted()

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
    let library = try SpriteLibrary.load(from: shippedSprites, sprites: gameSprites)
    #expect(library.ids == gameSprites)
    #expect(library.placeholders.isEmpty)
    #expect(gameSprites.contains(.font) && gameSprites.contains(.background))
  }

  @Test("a missing font or background and every corrupt sprite are reported at once, by file")
  func everyProblemIsListed() throws {
    let folder = try copyOfShippedSprites()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.removeItem(at: folder.appendingPathComponent("font.bmp"))
    try FileManager.default.removeItem(at: folder.appendingPathComponent("background.bmp"))
    let corrupt = try #require(gameSprites.first { $0 != .font && $0 != .background })
    let file = folder.appendingPathComponent("\(corrupt.name).bmp")
    try Data(try Data(contentsOf: file).prefix(60)).write(to: file)
    let error = try #require(throws: SpriteLoadError.self) {
      try SpriteLibrary.load(from: folder, sprites: gameSprites + [SpriteID("ghost")])
    }
    #expect(error.problems.count == 3, "a missing entity sprite is no problem: \(error.problems)")
    #expect(error.problems.contains("font.bmp: missing"))
    #expect(error.problems.contains("background.bmp: missing"))
    #expect(
      error.problems.contains {
        $0.hasPrefix("\(corrupt.name).bmp: ") && !$0.hasSuffix("missing")
      })
    #expect(error.description.hasPrefix("Sprites in \(folder.path) could not be loaded: "))
  }

  @Test("an entity sprite without a file gets a light placeholder, a different shape for each")
  func placeholders() throws {
    let ghosts = ["ghost", "golem", "wisp"].map(SpriteID.init)
    let library = try SpriteLibrary.load(from: shippedSprites, sprites: ghosts + [.font])
    #expect(library.placeholders == ghosts)
    #expect(library.ids == [.font] + ghosts)
    let images = try ghosts.map { try #require(library.images[$0]) }
    #expect(images.allSatisfy { $0.width == 32 && $0.height == 32 })
    #expect(Set(images.map(\.pixels)).count == 3, "three placeholders, three looks")
    for image in images {
      let opaque = (0..<32).flatMap { y in (0..<32).map { x in image[x: x, y: y] } }
        .filter { $0.a == 255 }
      // Mostly light body, which takes the side's tint; some dark outline and initial.
      let light = opaque.filter { $0.r > 200 }.count
      let dark = opaque.filter { $0.r < 40 }.count
      #expect(light > dark && dark > 50, "light \(light), dark \(dark)")
      #expect(image[x: 0, y: 0].a == 0, "the corners are transparent")
    }
    // Facing left, the shape turns but the initial still reads the right way round.
    for (id, image) in zip(ghosts, images) {
      let mirror = try #require(library.mirrorImages[id])
      var flipped = image
      for y in 0..<32 {
        for x in 0..<32 { flipped[x: x, y: y] = image[x: 31 - x, y: y] }
      }
      #expect(mirror != flipped, "\(id)")
      let opaque = { (picture: Image) in
        picture.pixels.enumerated().filter { $0.offset % 4 == 3 && $0.element == 255 }.count
      }
      #expect(abs(opaque(mirror) - opaque(image)) < 40, "the same shape, turned: \(id)")
    }
    // The initial: the same shape with another name differs only where the glyph is.
    let other = try SpriteLibrary.load(
      from: shippedSprites, sprites: [SpriteID("moth"), SpriteID("zz"), SpriteID("zzz"), .font])
    #expect(other.images[SpriteID("moth")]?.pixels != images[0].pixels)
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
      try SpriteLibrary.load(from: folder, sprites: gameSprites)
    }
    #expect(error.problems.count == 1)
    #expect(error.problems[0].hasPrefix("quirk.bmp: "))
  }
}
