import BoidsGame
import Foundation
import Imaging

extension SpriteArt {
  /// Writes every sprite as `<name>.bmp` into `directory`, for loaders that read files, such
  /// as `SDLBackend`.
  public static func writeBitmaps(to directory: URL) throws(AtomicFileError) {
    for (id, image) in images().sorted(by: { $0.key < $1.key }) {
      try AtomicFile.write(
        BMP.encode(image), to: directory.appendingPathComponent("\(id.name).bmp"))
    }
  }
}
