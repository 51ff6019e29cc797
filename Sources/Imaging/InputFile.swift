import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(Glibc)
  private let systemRead = Glibc.read
#elseif canImport(Musl)
  private let systemRead = Musl.read
#elseif canImport(Darwin)
  private let systemRead = Darwin.read
#endif

/// Reads a whole file that a user named, the careful way: only a regular file, and only up to
/// a size limit checked before reading.
///
/// A FIFO, a device such as `/dev/zero`, a socket or a folder is refused at once instead of
/// blocking or reading forever; a file larger than the limit is refused before a byte of it is
/// read; a path ending in `/` must name a folder, so it never reads a file.
public enum InputFile {
  /// The bytes of the file at `url`, which must be a regular file of at most `limit` bytes.
  ///
  /// - Throws: `InputFileError`, naming the path and what is wrong with it.
  /// - Complexity: O(size of the file).
  public static func read(_ url: URL, limit: Int) throws(InputFileError) -> [UInt8] {
    let path = url.path(percentEncoded: false)
    // The path as typed, with the trailing slash that `relativePath` drops.
    let shownPath = url.relativePath + (url.hasDirectoryPath ? "/" : "")
    // Non-blocking, so that opening a FIFO with no writer returns at once.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      switch code {
      case ENOENT: throw InputFileError(path: shownPath, problem: .missing)
      case ENOTDIR where path.hasSuffix("/"):
        throw InputFileError(path: shownPath, problem: .notAFolder)
      default:
        throw InputFileError(path: shownPath, problem: .unreadable(String(cString: strerror(code))))
      }
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw InputFileError(
        path: shownPath, problem: .unreadable(String(cString: strerror(errno))))
    }
    if let kind = FileKind.nameUnlessRegular(status.st_mode) {
      throw InputFileError(path: shownPath, problem: .notAFile(kind))
    }
    guard Int(status.st_size) <= limit else {
      throw InputFileError(
        path: shownPath, problem: .tooLarge(size: Int(status.st_size), limit: limit))
    }
    // One byte more than the limit, in case the file grew since `fstat`.
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
    var count = 0
    while count < bytes.count {
      let got = bytes.withUnsafeMutableBytes { buffer in
        systemRead(descriptor, buffer.baseAddress.unsafelyUnwrapped + count, buffer.count - count)
      }
      if got == 0 { break }
      if got < 0 {
        if errno == EINTR { continue }
        throw InputFileError(
          path: shownPath, problem: .unreadable(String(cString: strerror(errno))))
      }
      count += got
      if count == bytes.count && count <= limit {
        // Still growing: keep reading, up to one byte past the limit.
        bytes.append(contentsOf: repeatElement(0, count: min(limit + 1, count * 2) - count))
      }
    }
    guard count <= limit else {
      throw InputFileError(path: shownPath, problem: .tooLarge(size: count, limit: limit))
    }
    bytes.removeSubrange(count...)
    return bytes
  }
}

/// Why `InputFile.read(_:limit:)` refused or failed to read a file.
public struct InputFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was wrong with the path.
  public enum Problem: Equatable, Sendable {
    /// Nothing exists at the path.
    case missing
    /// The path names something other than a regular file: a folder, a FIFO, a device, a
    /// socket.
    case notAFile(String)
    /// The path ends in `/` but names a file.
    case notAFolder
    /// The file is larger than the reader's limit for its kind.
    case tooLarge(size: Int, limit: Int)
    /// The system refused to read it, for the reason given.
    case unreadable(String)
  }

  /// The path as the user gave it.
  public let path: String
  /// What was wrong.
  public let problem: Problem

  /// Creates an error for `path`.
  public init(path: String, problem: Problem) {
    self.path = path
    self.problem = problem
  }

  /// Why, in words: the path itself is left for the caller to name.
  public var reason: String {
    switch problem {
    case .missing: "does not exist"
    case .notAFile(let kind): "is \(kind), not a file"
    case .notAFolder: "ends in '/' but is a file, not a folder"
    case .tooLarge(let size, let limit):
      "is \(size) bytes, over the limit of \(limit) bytes for this kind of file"
    case .unreadable(let reason): "cannot be read: \(reason)"
    }
  }

  /// The path, shortened and with control characters escaped, and the reason.
  public var description: String { "\(InputFileError.shown(path)): \(reason)" }

  /// A path (or any text a user gave) as messages show it: control characters escaped, at most
  /// `limit` characters, the middle cut out of a longer one.
  public static func shown(_ path: String, limit: Int = 160) -> String {
    var escaped = ""
    for scalar in path.unicodeScalars {
      if scalar.properties.generalCategory == .control {
        escaped += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
    guard escaped.count > limit, limit >= 8 else { return escaped }
    let head = (limit - 3) / 2
    return escaped.prefix(head) + "..." + escaped.suffix(limit - 3 - head)
  }
}
