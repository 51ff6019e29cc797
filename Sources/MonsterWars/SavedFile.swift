import Foundation
import Imaging
import TraitSandbox

/// The two kinds of file a MonsterWars game saves, each in the same envelope.
///
/// The envelope is 28 bytes, little-endian, then the body:
///
/// | Bytes | Holds |
/// | --- | --- |
/// | 0-7 | `TSandbox`, in ASCII |
/// | 8-11 | the kind: `SNAP` or `RECD` |
/// | 12-15 | the kind's format version, from 1 |
/// | 16-23 | the body's length in bytes |
/// | 24-27 | the body's CRC-32 |
///
/// The body is an `Archive`; what it holds is each kind's to say.
public enum SavedFileKind: String, Sendable, CaseIterable {
  /// A whole match at one tick (`MatchSnapshot`).
  case snapshot = "SNAP"
  /// A demo session's inputs (`MatchRecording`).
  case recording = "RECD"

  /// `bytes` with its envelope's body length and checksum set to the body's, as a file
  /// damaged after it was written would not have them; bytes too short for an envelope come
  /// back as they are. A fuzzer feeds readers such files, so that its changes reach the
  /// archive behind the checksum.
  public static func resealed(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.count >= SavedFile.headerSize else { return bytes }
    var resealed = bytes
    let body = bytes[SavedFile.headerSize...]
    SavedFile.seal(&resealed, length: body.count, checksum: Checksum.crc32(body))
    return resealed
  }

  /// The kind as messages name it.
  public var name: String {
    switch self {
    case .snapshot: "snapshot"
    case .recording: "recording"
    }
  }
}

/// Why a saved file could not be read; its `description` is one short sentence.
public struct SavedFileError: Error, Equatable, CustomStringConvertible {
  /// What is wrong with the file, e.g. "its checksum does not match: the file is damaged".
  public let reason: String

  /// Creates an error.
  public init(_ reason: String) {
    self.reason = reason
  }

  /// The reason.
  public var description: String { reason }
}

/// Wraps and unwraps the envelope `SavedFileKind` describes.
enum SavedFile {
  static let magic = Array("TSandbox".utf8)
  static let headerSize = 28

  /// The file: the envelope, then `archive` as its body.
  static func wrap(_ archive: ArchiveWriter, kind: SavedFileKind, version: UInt32) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: headerSize)
    archive.append(to: &bytes)
    let body = bytes[headerSize...]
    bytes.replaceSubrange(
      0..<headerSize,
      with: header(
        kind: kind, version: version, length: body.count, checksum: Checksum.crc32(body)))
    return bytes
  }

  /// The file in memory: the envelope, then what `body` writes.
  static func bytes(
    kind: SavedFileKind, version: UInt32, _ body: (inout EnvelopeSink<[UInt8]>) throws -> Void
  ) throws -> [UInt8] {
    var sink = EnvelopeSink(output: [UInt8](repeating: 0, count: headerSize))
    try body(&sink)
    var bytes = sink.output
    bytes.replaceSubrange(
      0..<headerSize,
      with: header(
        kind: kind, version: version, length: sink.length, checksum: sink.checksum.value))
    return bytes
  }

  /// Writes the file to `url` atomically as it is made, a piece at a time: `prefix`, the
  /// envelope, then what `body` writes; the envelope's length and checksum are filled in at the
  /// end.
  ///
  /// - Throws: `AtomicFileError` if the file cannot be written; what `body` throws.
  static func write(
    to url: URL, kind: SavedFileKind, version: UInt32, after prefix: [UInt8] = [],
    _ body: (inout EnvelopeSink<FileOutput>) throws -> Void
  ) throws {
    try AtomicFile.write(to: url) { file in
      try prefix.withUnsafeBytes { try file.write($0) }
      try [UInt8](repeating: 0, count: headerSize).withUnsafeBytes { try file.write($0) }
      var sink = EnvelopeSink(output: FileOutput(file: file))
      try body(&sink)
      file = sink.output.file
      try file.overwrite(
        at: prefix.count,
        with: header(
          kind: kind, version: version, length: sink.length, checksum: sink.checksum.value))
    }
  }

  /// The envelope for a body of `length` bytes whose CRC-32 is `checksum`.
  private static func header(
    kind: SavedFileKind, version: UInt32, length: Int, checksum: UInt32
  ) -> [UInt8] {
    var header = magic + Array(kind.rawValue.utf8)
    withUnsafeBytes(of: version.littleEndian) { header.append(contentsOf: $0) }
    header += [UInt8](repeating: 0, count: headerSize - header.count)
    seal(&header, length: length, checksum: checksum)
    return header
  }

  /// Writes the body's length and CRC-32 into an envelope's last two fields.
  static func seal(_ header: inout [UInt8], length: Int, checksum: UInt32) {
    withUnsafeBytes(of: UInt64(length).littleEndian) { header.replaceSubrange(16..<24, with: $0) }
    withUnsafeBytes(of: checksum.littleEndian) { header.replaceSubrange(24..<28, with: $0) }
  }

  /// The body of a file of `kind`, after checking its envelope; the version must be one this
  /// program reads.
  static func unwrap(
    _ bytes: [UInt8], kind: SavedFileKind, versions supported: ClosedRange<UInt32>
  ) throws(SavedFileError) -> [UInt8] {
    Array(bytes[try bodyStart(of: bytes, kind: kind, versions: supported)...])
  }

  /// Where the body of a file of `kind` starts, after checking its envelope (the version
  /// must be one this program reads, and the checksum must match).
  static func bodyStart(
    of bytes: [UInt8], kind: SavedFileKind, versions supported: ClosedRange<UInt32>,
    checkThreads: Int = 1
  ) throws(SavedFileError) -> Int {
    guard bytes.count >= magic.count, Array(bytes[0..<magic.count]) == magic else {
      throw SavedFileError("it is not a TraitSandbox \(kind.name)")
    }
    guard bytes.count >= headerSize else {
      throw SavedFileError("it ends inside its header: the file is truncated")
    }
    func read<Value: FixedWidthInteger>(_: Value.Type, at offset: Int) -> Value {
      var value = Value.zero
      for index in 0..<MemoryLayout<Value>.size {
        value |= Value(bytes[offset + index]) << (8 * index)
      }
      return value
    }
    let tag = String(decoding: bytes[8..<12], as: UTF8.self)
    guard let found = SavedFileKind(rawValue: tag) else {
      throw SavedFileError("it is not a TraitSandbox \(kind.name)")
    }
    guard found == kind else {
      throw SavedFileError("it is a \(found.name), not a \(kind.name)")
    }
    let version = read(UInt32.self, at: 12)
    guard version != 0 else { throw SavedFileError("its format version 0 is damaged") }
    guard version <= supported.upperBound else {
      throw SavedFileError(
        "it is in \(kind.name) format \(version), newer than this program's "
          + "\(supported.upperBound): a newer sandbox wrote it")
    }
    guard version >= supported.lowerBound else {
      throw SavedFileError(
        "it is in \(kind.name) format \(version), which an older version of sandbox wrote; "
          + "this one reads format \(supported.lowerBound)")
    }
    let length = read(UInt64.self, at: 16)
    let available = UInt64(bytes.count - headerSize)
    guard length <= available else {
      throw SavedFileError(
        "it holds \(available) of its \(length) bytes: the file is truncated")
    }
    guard length == available else {
      throw SavedFileError("it has \(available - length) bytes after its end")
    }
    let checksum = bytes.withUnsafeBytes {
      Checksum.crc32(UnsafeRawBufferPointer(rebasing: $0[headerSize...]), threads: checkThreads)
    }
    guard checksum == read(UInt32.self, at: 24) else {
      throw SavedFileError("its checksum does not match: the file is damaged")
    }
    return headerSize
  }
}

/// A saved file's body on its way out: what it writes goes to `output`, counted and
/// checksummed for the envelope.
struct EnvelopeSink<Output: SnapshotSink>: SnapshotSink {
  var output: Output
  var length = 0
  var checksum = Checksum.RunningCRC32()

  mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
    length += bytes.count
    checksum.update(bytes)
    try output.write(bytes)
  }
}

/// A file being written, as a `SnapshotSink`.
struct FileOutput: SnapshotSink {
  var file: AtomicFileStream

  mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
    try file.write(bytes)
  }
}
