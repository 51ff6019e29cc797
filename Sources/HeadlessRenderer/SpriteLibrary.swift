import Foundation
import Frames
import Imaging

/// The sprites a game draws with, decoded and checked once, when assets load.
public struct SpriteLibrary: Sendable {
  /// The size of one glyph cell in the font sheet: `FontSheet.glyphSize`.
  public static let glyphSize = FontSheet.glyphSize
  /// The font sheet's size: `FontSheet.width` x `FontSheet.height`.
  public static let fontSheetSize = (width: FontSheet.width, height: FontSheet.height)

  private let images: [SpriteID: SpriteImage]

  /// The sprites held, sorted by name.
  public var ids: [SpriteID] { images.keys.sorted() }

  /// Creates a library from decoded images; checks the font sheet's size if there is one.
  public init(images: [SpriteID: Image]) throws(SpriteLoadError) {
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
    self.images = decoded
  }

  /// The largest sprite file `load(from:required:)` reads: 16 MiB.
  public static let maximumFileSize = 16 << 20

  /// Loads `<id>.bmp` for every required sprite from `directory`, and reports every missing
  /// or unreadable file at once.
  public static func load(from directory: URL, required: [SpriteID]) throws(SpriteLoadError)
    -> SpriteLibrary
  {
    var problems: [String] = []
    var images: [SpriteID: Image] = [:]
    for id in Set(required).sorted() {
      let file = directory.appendingPathComponent("\(id.name).bmp")
      let bytes: [UInt8]
      do {
        bytes = try InputFile.read(file, limit: maximumFileSize)
      } catch {
        let missing = error.problem == .missing
        problems.append("\(file.lastPathComponent): \(missing ? "missing" : error.reason)")
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
    do {
      return try SpriteLibrary(images: images)
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
    images.keys.contains(id)
  }

  /// The decoded sprite, if the library has it.
  func image(for id: SpriteID) -> SpriteImage? {
    images[id]
  }
}
