import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes files so that readers see either the old contents or the complete new contents,
/// never a partial file, even if the process dies midway.
public enum AtomicFile {
  /// Writes `bytes` to `url` by way of a uniquely named temporary file in the same directory,
  /// flushed to disk and then renamed over the destination.
  ///
  /// An existing destination keeps its permission bits. On failure the temporary file is
  /// removed and the destination is untouched.
  /// - Throws: `AtomicFileError` naming the path and the reason, such as a missing directory.
  /// - Complexity: O(`bytes.count`) plus two `fsync` calls.
  public static func write(_ bytes: some Collection<UInt8>, to url: URL) throws(AtomicFileError) {
    guard url.isFileURL else {
      throw AtomicFileError(path: url.absoluteString, reason: "not a file URL")
    }
    let path = url.path(percentEncoded: false)
    let directory = url.deletingLastPathComponent().path(percentEncoded: false)
    let contents = Array(bytes)

    let (descriptor, temporaryPath) = try createTemporaryFile(
      for: path, name: url.lastPathComponent, in: directory)
    var isOpen = true
    do throws(AtomicFileError) {
      try contents.withUnsafeBufferPointer { (buffer) throws(AtomicFileError) in
        try writeFully(UnsafeRawBufferPointer(buffer), to: descriptor, path: path)
      }
      var existing = stat()
      if stat(path, &existing) == 0 && existing.st_mode & S_IFMT == S_IFREG {
        _ = fchmod(descriptor, existing.st_mode & 0o7777)
      }
      guard fsync(descriptor) == 0 else { throw failure(path, "could not flush to disk") }
      isOpen = false
      guard close(descriptor) == 0 else { throw failure(path, "could not close the file") }
      guard rename(temporaryPath, path) == 0 else {
        throw failure(path, "could not replace the destination")
      }
    } catch {
      if isOpen { close(descriptor) }
      unlink(temporaryPath)
      throw error
    }
    // Flushing the directory makes the rename itself durable; failing that is not an error
    // because the data is already complete and in place.
    let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directoryDescriptor >= 0 {
      _ = fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }

  private static func createTemporaryFile(
    for path: String, name: String, in directory: String
  ) throws(AtomicFileError) -> (Int32, String) {
    // A random suffix with O_EXCL keeps concurrent writers of the same file apart.
    for _ in 0..<16 {
      let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
      let temporaryPath =
        (directory.hasSuffix("/") ? directory : directory + "/")
        + ".\(name).tmp-\(getpid())-\(suffix)"
      let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      if descriptor >= 0 { return (descriptor, temporaryPath) }
      guard errno == EEXIST else {
        switch errno {
        case ENOENT, ENOTDIR:
          throw failure(path, "the directory '\(directory)' does not exist")
        case EACCES, EPERM:
          throw failure(path, "no permission to create files in '\(directory)'")
        default:
          throw failure(path, "could not create a temporary file in '\(directory)'")
        }
      }
    }
    throw failure(path, "could not find an unused temporary file name in '\(directory)'")
  }

  /// An error for `path` whose reason ends with the current `errno` message.
  private static func failure(_ path: String, _ reason: String) -> AtomicFileError {
    let code = errno
    return AtomicFileError(
      path: path, reason: "\(reason) (\(String(cString: strerror(code))))", code: code)
  }
}

/// Writes all of `buffer`, retrying after interruptions and short writes.
private func writeFully(
  _ buffer: UnsafeRawBufferPointer, to descriptor: Int32, path: String
) throws(AtomicFileError) {
  var offset = 0
  while offset < buffer.count {
    let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
    if written < 0 {
      if errno == EINTR { continue }
      let code = errno
      throw AtomicFileError(
        path: path, reason: "could not write the data (\(String(cString: strerror(code))))",
        code: code)
    }
    offset += written
  }
}
