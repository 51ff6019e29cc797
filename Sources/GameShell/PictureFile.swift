import Foundation
import Imaging

/// Writes pictures: PNG or BMP by the file's extension, atomically.
package enum PictureFile {
  /// Checks that `path` names a file type we can write; an option's `check`.
  @Sendable package static func checkExtension(_ path: String) throws(OptionValueError) {
    let lowered = path.lowercased()
    guard lowered.hasSuffix(".png") || lowered.hasSuffix(".bmp") else {
      throw .invalid("expected a .png or .bmp file")
    }
  }

  /// Encodes and writes `image` to `url`.
  package static func write(_ image: Image, to url: URL) throws(CommandFailure) {
    let bytes = url.pathExtension.lowercased() == "bmp" ? BMP.encode(image) : PNG.encode(image)
    do {
      try AtomicFile.write(bytes, to: url)
    } catch {
      throw CommandFailure(
        message: error.description, exitCode: ExitCode.cannotCreate)
    }
  }
}
