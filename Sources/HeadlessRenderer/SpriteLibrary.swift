import Foundation
import Frames
import Imaging

/// The sprites a game draws with, decoded and checked once, when assets load.
public struct SpriteLibrary: Sendable {
  /// The size of one glyph cell in the font sheet: `FontSheet.glyphSize`.
  public static let glyphSize = FontSheet.glyphSize
  /// The font sheet's size: `FontSheet.width` x `FontSheet.height`.
  public static let fontSheetSize = (width: FontSheet.width, height: FontSheet.height)

  private let decoded: [SpriteID: SpriteImage]
  private let decodedMirrors: [SpriteID: SpriteImage]

  /// Every sprite held, as loaded or made: what the SDL backend packs into its atlas.
  public let images: [SpriteID: Image]

  /// The mirror images of the sprites whose mirror image is not their picture flipped (a
  /// placeholder's keeps its initial readable); what both backends draw a mirrored one with.
  public let mirrorImages: [SpriteID: Image]

  /// The entity sprites that had no file and are drawn with a placeholder, sorted by name.
  public let placeholders: [SpriteID]

  /// The sprites held, sorted by name.
  public var ids: [SpriteID] { images.keys.sorted() }

  /// Creates a library from decoded images; checks the font sheet's size if there is one.
  public init(images: [SpriteID: Image]) throws(SpriteLoadError) {
    try self.init(images: images, mirrorImages: [:], placeholders: [])
  }

  private init(
    images: [SpriteID: Image], mirrorImages: [SpriteID: Image], placeholders: [SpriteID]
  ) throws(SpriteLoadError) {
    var problems: [String] = []
    var decoded: [SpriteID: SpriteImage] = [:]
    for (id, image) in images {
      if let problem = Self.problem(with: image, id: id) {
        problems.append("\(id): \(problem)")
      } else {
        decoded[id] = SpriteImage(width: image.width, height: image.height, pixels: image.pixels)
      }
    }
    guard problems.isEmpty else {
      throw SpriteLoadError(directory: nil, problems: problems.sorted())
    }
    self.decoded = decoded
    self.decodedMirrors = mirrorImages.mapValues {
      SpriteImage(width: $0.width, height: $0.height, pixels: $0.pixels)
    }
    self.images = images
    self.mirrorImages = mirrorImages
    self.placeholders = placeholders.sorted()
  }

  /// The largest sprite file `load(from:sprites:)` reads: 16 MiB.
  public static let maximumFileSize = 16 << 20

  /// Loads `<id>.bmp` for every sprite from `directory`, and reports every unreadable file at
  /// once.
  ///
  /// The background and the font must have their files. An entity sprite without one is drawn
  /// with a placeholder (see `placeholders`): a light shape, a different one for each such
  /// sprite, with the name's initial, which takes the entity's tint like a drawn sprite. A file
  /// that is there but cannot be read or decoded is an error naming it, whatever it is for.
  ///
  /// - Throws: `SpriteLoadError` listing every missing required file and every bad file.
  /// - Complexity: O(texels of every sprite).
  public static func load(from directory: URL, sprites: [SpriteID]) throws(SpriteLoadError)
    -> SpriteLibrary
  {
    var problems: [String] = []
    var images: [SpriteID: Image] = [:]
    var missing: [SpriteID] = []
    for id in Set(sprites).sorted() {
      let file = directory.appendingPathComponent("\(id.name).bmp")
      let bytes: [UInt8]
      do {
        bytes = try InputFile.read(file, limit: maximumFileSize)
      } catch {
        if error.problem == .missing && id != .font && id != .background {
          missing.append(id)
        } else {
          let reason = error.problem == .missing ? "missing" : error.reason
          problems.append("\(file.lastPathComponent): \(reason)")
        }
        continue
      }
      do {
        let image = try BMP.decode(bytes)
        if let problem = problem(with: image, id: id) {
          problems.append("\(file.lastPathComponent): \(problem)")
        } else {
          images[id] = image
        }
      } catch {
        problems.append("\(file.lastPathComponent): \(error)")
      }
    }
    guard problems.isEmpty else {
      throw SpriteLoadError(directory: directory.path, problems: problems)
    }
    var mirrorImages: [SpriteID: Image] = [:]
    for (index, id) in missing.enumerated() {
      images[id] = SpritePlaceholder.image(for: id, index: index, font: images[.font])
      mirrorImages[id] = SpritePlaceholder.image(
        for: id, index: index, font: images[.font], isMirrored: true)
    }
    do {
      return try SpriteLibrary(images: images, mirrorImages: mirrorImages, placeholders: missing)
    } catch {
      throw SpriteLoadError(directory: directory.path, problems: error.problems)
    }
  }

  private static func problem(with image: Image, id: SpriteID) -> String? {
    if id == .font
      && (image.width != fontSheetSize.width || image.height != fontSheetSize.height)
    {
      return "expected a \(fontSheetSize.width)x\(fontSheetSize.height) glyph sheet, "
        + "found \(image.width)x\(image.height)"
    }
    return nil
  }

  /// Whether the library has the sprite.
  func contains(_ id: SpriteID) -> Bool {
    decoded.keys.contains(id)
  }

  /// The decoded sprite, if the library has it.
  func image(for id: SpriteID) -> SpriteImage? {
    decoded[id]
  }

  /// The sprite's own mirror image, if it has one rather than its picture flipped.
  func mirrorImage(for id: SpriteID) -> SpriteImage? {
    decodedMirrors[id]
  }
}
