/// Where a saved world's bytes go, in order: a file being written, or memory.
///
/// `World.save(to:)` writes its columns a piece at a time, so a sink that passes them on (to a
/// file) never holds a second copy of a big world.
public protocol SnapshotSink {
  /// Appends `bytes`.
  mutating func write(_ bytes: UnsafeRawBufferPointer) throws
}

extension SnapshotSink {
  /// Appends an archive, after its length as 8 little-endian bytes.
  public mutating func write(_ archive: ArchiveWriter) throws {
    let bytes = archive.bytes
    try write(UInt64(bytes.count))
    try bytes.withUnsafeBytes { try write($0) }
  }

  /// Appends `value` as 8 little-endian bytes.
  public mutating func write(_ value: UInt64) throws {
    try withUnsafeBytes(of: value.littleEndian) { try write($0) }
  }
}

extension Array: SnapshotSink where Element == UInt8 {
  /// Appends `bytes` to the array.
  public mutating func write(_ bytes: UnsafeRawBufferPointer) {
    append(contentsOf: bytes)
  }
}

/// A saved world's bytes, read from the front: the counterpart of `SnapshotSink`.
public struct SnapshotReader {
  /// Every byte.
  public let bytes: [UInt8]
  /// Where reading has got to.
  public private(set) var offset: Int
  /// What the types decoded from the archives it reads see as `decoder.userInfo`.
  public let userInfo: [CodingUserInfoKey: any Sendable]

  /// A reader of `bytes` from `offset`; `userInfo` goes to every archive it reads.
  public init(
    _ bytes: [UInt8], from offset: Int = 0, userInfo: [CodingUserInfoKey: any Sendable] = [:]
  ) {
    self.bytes = bytes
    self.offset = min(max(offset, 0), bytes.count)
    self.userInfo = userInfo
  }

  /// How many bytes are left.
  public var remainingByteCount: Int { bytes.count - offset }

  /// Whether every byte has been read.
  public var isAtEnd: Bool { offset == bytes.count }

  /// An error at the current offset.
  public func error(_ reason: String) -> ArchiveError {
    ArchiveError(offset: offset, reason: reason)
  }

  /// Reads 8 little-endian bytes.
  ///
  /// - Throws: `ArchiveError` if fewer are left.
  public mutating func readUInt64() throws(ArchiveError) -> UInt64 {
    guard remainingByteCount >= 8 else { throw error("the bytes end inside a length") }
    var value: UInt64 = 0
    for byte in (0..<8).reversed() { value = value << 8 | UInt64(bytes[offset + byte]) }
    offset += 8
    return value
  }

  /// Reads an archive that `SnapshotSink.write(_:)` wrote, after its length.
  ///
  /// - Throws: `ArchiveError` if the length runs past the bytes or the key table is damaged.
  public mutating func readArchive() throws(ArchiveError) -> ArchiveReader {
    let length = try readUInt64()
    guard length <= UInt64(remainingByteCount) else {
      throw error("an archive of \(length) bytes runs past the end: the bytes are truncated")
    }
    let start = offset
    offset += Int(length)
    do {
      return try ArchiveReader(Array(bytes[start..<offset]), userInfo: userInfo)
    } catch {
      throw ArchiveError(offset: start + error.offset, reason: error.reason)
    }
  }

  /// Passes the next `count` bytes to `body` and moves past them.
  ///
  /// - Throws: `ArchiveError` if fewer are left; whatever `body` throws.
  mutating func read<Value>(
    _ count: Int, _ body: (UnsafeRawBufferPointer) throws(ArchiveError) -> Value
  ) throws(ArchiveError) -> Value {
    guard count >= 0, count <= remainingByteCount else {
      throw error("\(count) bytes are due but \(remainingByteCount) are left: truncated")
    }
    let start = offset
    let result: Result<Value, ArchiveError> = bytes.withUnsafeBytes { raw in
      do throws(ArchiveError) {
        return .success(try body(UnsafeRawBufferPointer(rebasing: raw[start..<(start + count)])))
      } catch {
        return .failure(error)
      }
    }
    offset += count
    return try result.get()
  }
}
