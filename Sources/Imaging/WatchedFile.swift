import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file polled for changes, for live reloading: its size, modification time and identity are
/// looked at first, and it is read only when one of them changed; then its bytes are compared,
/// so a file saved again unchanged is no change.
///
/// Reading goes through the `read` it is given (`InputFile.read`, say): a file replaced by a
/// FIFO, a device or something huge is reported, never read.
package struct WatchedFile<Failure: Error> {
  /// The file.
  package let url: URL
  private let read: (URL) throws(Failure) -> [UInt8]
  private var lastSignature: FileSignature?
  private var lastContents: [UInt8]?

  /// Watches `url`, as it stands now, reading it with `read` when it changes.
  package init(_ url: URL, read: @escaping (URL) throws(Failure) -> [UInt8]) {
    self.url = url
    self.read = read
    lastSignature = FileSignature(of: url)
    lastContents = try? read(url)
  }

  /// The file's bytes, or why they could not be read, if it changed since the last poll;
  /// `nil` if it did not.
  ///
  /// - Complexity: One `stat`, and a read of the file when it changed.
  package mutating func poll() -> Result<[UInt8], Failure>? {
    let signature = FileSignature(of: url)
    guard signature != lastSignature else { return nil }
    lastSignature = signature
    let contents: [UInt8]
    do {
      contents = try read(url)
    } catch {
      lastContents = nil
      return .failure(error)
    }
    guard contents != lastContents else { return nil }
    lastContents = contents
    return .success(contents)
  }
}

/// What a poll compares before reading a file: its size, modification time and identity.
private struct FileSignature: Equatable {
  let size: Int64
  let modifiedSeconds: Int
  let modifiedNanoseconds: Int
  let device: UInt64
  let inode: UInt64

  /// The file's signature, or `nil` if nothing is there.
  init?(of url: URL) {
    var status = stat()
    guard stat(url.path(percentEncoded: false), &status) == 0 else { return nil }
    size = Int64(status.st_size)
    #if canImport(Darwin)
      modifiedSeconds = Int(status.st_mtimespec.tv_sec)
      modifiedNanoseconds = Int(status.st_mtimespec.tv_nsec)
    #else
      modifiedSeconds = Int(status.st_mtim.tv_sec)
      modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
    #endif
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
  }
}
