/// Decodes values one after another from an archive, in the order they were encoded.
public struct ArchiveReader {
  let source: ArchiveSource

  /// Reads the key table of `bytes`; `userInfo` is what decoding types see as
  /// `decoder.userInfo`.
  ///
  /// - Throws: `ArchiveError` if the key table is damaged.
  public init(
    _ bytes: [UInt8], userInfo: [CodingUserInfoKey: any Sendable] = [:]
  ) throws(ArchiveError) {
    source = try ArchiveSource(bytes, userInfo: userInfo)
  }

  /// Reads the next value.
  ///
  /// - Throws: `ArchiveError` naming the field and offset where the bytes do not hold a
  ///   `Value`.
  /// - Complexity: O(decoded values).
  public mutating func decode<Value: Decodable>(_ type: Value.Type) throws(ArchiveError) -> Value {
    do {
      return try source.decodeValue(type)
    } catch let error as ArchiveError {
      throw error
    } catch {
      throw source.error("\(Value.self) could not be read: \(Self.reason(of: error))")
    }
  }

  /// How many bytes are left to read; a count read from the archive can be checked against it
  /// before anything is allocated for it.
  public var remainingByteCount: Int { source.bytes.count - source.offset }

  /// Whether every byte has been read.
  public var isAtEnd: Bool { remainingByteCount == 0 }

  /// An error at the current offset.
  public func error(_ reason: String) -> ArchiveError { source.error(reason) }

  private static func reason(of error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context): context.debugDescription
    case DecodingError.keyNotFound(let key, _): "field '\(key.stringValue)' is missing"
    case DecodingError.typeMismatch(_, let context): context.debugDescription
    case DecodingError.valueNotFound(_, let context): context.debugDescription
    default: String(describing: error)
    }
  }
}
