/// Encodes values one after another into an archive.
public struct ArchiveWriter {
  let sink: ArchiveSink

  /// Creates an empty archive; `userInfo` is what encoding types see as `encoder.userInfo`.
  public init(userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
    sink = ArchiveSink(userInfo: userInfo)
  }

  /// Appends `value`.
  ///
  /// - Complexity: O(encoded values).
  public mutating func encode<Value: Encodable>(_ value: Value) throws {
    try sink.encodeValue(value)
  }

  /// The archive's bytes: the key table, then the values.
  public var bytes: [UInt8] {
    var bytes: [UInt8] = []
    append(to: &bytes)
    return bytes
  }

  /// Appends the archive's bytes to `output`, growing it once: for a file that puts a header
  /// before them, without a second copy of a big archive.
  public func append(to output: inout [UInt8]) {
    var table: [UInt8] = []
    ArchiveSink.appendVarint(UInt64(sink.keys.count), to: &table)
    for key in sink.keys {
      ArchiveSink.appendVarint(UInt64(key.utf8.count), to: &table)
      table.append(contentsOf: key.utf8)
    }
    output.reserveCapacity(output.count + table.count + sink.body.count)
    output += table
    output += sink.body
  }
}
