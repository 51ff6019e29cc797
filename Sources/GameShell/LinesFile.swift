import Foundation
import Imaging

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file `--out` names for a command's lines: checked before the work starts, so a long
/// run cannot end in a path it could never write, then written atomically at the end.
package enum LinesFile {
  /// Throws, with exit code 73, unless `url` can be replaced by a regular file: an existing
  /// directory, FIFO, device or socket is refused, as is a missing or unwritable directory.
  /// `option` names the option that gave the path.
  package static func checkDestination(_ url: URL, option: String = "--out") throws(CommandFailure)
  {
    let path = url.path(percentEncoded: false)
    let existing = FileKind.at(path)
    if existing != .missing, let kind = existing.nameUnlessRegular {
      throw failure(
        path,
        option == "--out"
          ? "it is \(kind); --out replaces a regular file (omit --out to write the lines "
            + "to standard output)"
          : "it is \(kind); \(option) replaces a regular file")
    }
    var directory = url.deletingLastPathComponent().path(percentEncoded: false)
    if directory.count > 1 && directory.hasSuffix("/") { directory.removeLast() }
    let directoryKind = FileKind.at(directory)
    guard directoryKind == .folder else {
      throw failure(path, directoryKind.reasonNotAFolder(directory))
    }
    guard access(directory, W_OK) == 0 else {
      throw failure(path, "no permission to create files in '\(directory)'")
    }
  }

  /// Writes `bytes` to `url` atomically (a temporary file, then a rename).
  package static func write(_ bytes: [UInt8], to url: URL) throws(CommandFailure) {
    do {
      try AtomicFile.write(bytes, to: url)
    } catch {
      throw failure(url.path(percentEncoded: false), error.reason)
    }
  }

  private static func failure(_ path: String, _ reason: String) -> CommandFailure {
    CommandFailure(message: "Cannot write \(path): \(reason)", exitCode: ExitCode.cannotCreate)
  }
}
