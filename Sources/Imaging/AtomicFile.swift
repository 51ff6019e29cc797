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
    let contents = Array(bytes)
    do {
      try write(to: url) { file in
        try contents.withUnsafeBytes { try file.write($0) }
      }
    } catch let error as AtomicFileError {
      throw error
    } catch {
      preconditionFailure("writing bytes threw \(error)")
    }
  }

  /// Writes the bytes `produce` hands to its stream to `url`, as `write(_:to:)` writes a whole
  /// array: by way of a temporary file, flushed and renamed. The stream passes big data on a
  /// piece at a time, so it is never all in memory.
  ///
  /// - Throws: `AtomicFileError` naming the path and the reason, or what `produce` throws; in
  ///   either case the temporary file is removed and the destination is untouched.
  /// - Complexity: O(bytes written) plus two `fsync` calls.
  public static func write(
    to url: URL, _ produce: (inout AtomicFileStream) throws -> Void
  ) throws {
    guard url.isFileURL else {
      throw AtomicFileError(path: url.absoluteString, reason: "not a file URL")
    }
    let shownPath = url.path(percentEncoded: false)
    let path = try destination(of: shownPath)
    let directory = (path as NSString).deletingLastPathComponent

    let (descriptor, temporaryPath) = try createTemporaryFile(
      for: shownPath, name: (path as NSString).lastPathComponent,
      in: directory.isEmpty ? "." : directory)
    let slot = InterruptCleanup.register(temporaryPath)
    defer { InterruptCleanup.unregister(slot) }
    var isOpen = true
    do {
      var stream = AtomicFileStream(descriptor: descriptor, path: path)
      try produce(&stream)
      try stream.flush()
      var existing = stat()
      if stat(path, &existing) == 0 && FileKind(mode: existing.st_mode) == .regularFile {
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

  /// Where a write to `path` goes: `path` itself, or the file a symbolic link there points
  /// to. Refuses what is not, and does not point to, a regular file (a folder, a FIFO, a
  /// device, a socket), and a path ending in `/`, so that a write never replaces or writes
  /// into one.
  private static func destination(of path: String) throws(AtomicFileError) -> String {
    var status = stat()
    guard !path.hasSuffix("/") else {
      throw AtomicFileError(
        path: path,
        reason: FileKind.at(path) == .folder
          ? "is a folder, not a file; it was left alone"
          : "the path ends in '/': name a file, not a folder")
    }
    guard lstat(path, &status) == 0 else { return path }  // Nothing there yet.
    var target = path
    if FileKind(mode: status.st_mode) == .symbolicLink {
      guard let resolved = realpath(path, nil) else {
        // A link to nowhere: the file it names will be created, if its folder exists.
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length > 0 else { return path }
        let link = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return link.hasPrefix("/")
          ? link
          : ((path as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent(link)
      }
      target = String(cString: resolved)
      free(resolved)
      guard stat(target, &status) == 0 else { return target }
    }
    guard let kind = FileKind.nameUnlessRegular(status.st_mode) else { return target }
    let what = target == path ? "is \(kind)" : "is a link to \(kind)"
    throw AtomicFileError(path: path, reason: "\(what), not a file; it was left alone")
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
        let directoryKind = FileKind.at(directory)
        switch errno {
        case ENOENT where directoryKind != .folder, ENOTDIR where directoryKind != .folder:
          throw failure(path, directoryKind.reasonNotAFolder(directory))
        case EACCES, EPERM:
          throw failure(path, "no permission to create files in '\(directory)'")
        default:
          throw failure(path, "cannot create files in '\(directory)'")
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

/// The temporary file an `AtomicFile.write(to:_:)` is filling: bytes go out in pieces of up
/// to 1 MiB.
public struct AtomicFileStream {
  private let descriptor: Int32
  private let path: String
  private var pending: [UInt8] = []
  /// The bytes written so far, pending ones included.
  public private(set) var byteCount = 0

  fileprivate init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
    pending.reserveCapacity(Self.pieceSize)
  }

  private static let pieceSize = 1 << 20

  /// Appends `bytes`.
  ///
  /// - Throws: `AtomicFileError` if the file cannot take them (a full disk, say).
  public mutating func write(_ bytes: UnsafeRawBufferPointer) throws(AtomicFileError) {
    byteCount += bytes.count
    if pending.count + bytes.count <= Self.pieceSize {
      pending.append(contentsOf: bytes)
      return
    }
    try flush()
    if bytes.count >= Self.pieceSize {
      try writeFully(bytes, to: descriptor, path: path)
    } else {
      pending.append(contentsOf: bytes)
    }
  }

  /// Replaces bytes already written, from `offset` on: for a header whose length and
  /// checksum are known only at the end.
  ///
  /// - Throws: `AtomicFileError` if the file cannot take them.
  public mutating func overwrite(at offset: Int, with bytes: [UInt8]) throws(AtomicFileError) {
    precondition(offset >= 0 && offset + bytes.count <= byteCount, "overwriting unwritten bytes")
    try flush()
    let code: Int32? = bytes.withUnsafeBytes { buffer in
      var done = 0
      while done < buffer.count {
        let written = pwrite(
          descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        done += written
      }
      return nil
    }
    if let code {
      throw AtomicFileError(
        path: path, reason: "could not write the data (\(String(cString: strerror(code))))",
        code: code)
    }
  }

  /// Writes out the pending bytes.
  fileprivate mutating func flush() throws(AtomicFileError) {
    guard !pending.isEmpty else { return }
    let failure: AtomicFileError? = pending.withUnsafeBytes { buffer in
      do throws(AtomicFileError) {
        try writeFully(buffer, to: descriptor, path: path)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
    pending.removeAll(keepingCapacity: true)
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
