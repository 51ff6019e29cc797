/// A compact binary form of `Codable` values, for saving worlds: what `World.save(to:)` writes
/// and `World.restore(from:)` reads.
///
/// An archive is a key table followed by values in the order they were encoded:
/// - the key table: a count, then each key's UTF-8 bytes after their length;
/// - a keyed container: for each value, a header `2 * (key's table index + 1) + isNil`, then
///   the value; a 0 ends the container;
/// - an unkeyed container: each element after a tag, 1 for a value and 2 for nil; a 0 ends it;
/// - `Bool` one byte; unsigned integers as LEB128 varints, signed ones zigzagged first; `Float`
///   and `Double` as little-endian bit patterns; `String` as its UTF-8 length and bytes;
///   `Vector2` as two `Float`s.
///
/// Reading checks every key against the one the decoding type asks for, so a value written by a
/// type with other fields fails with the field's name instead of giving a wrong value. A type
/// must decode its keys in the order it encodes them, as synthesized `Codable` does. Numbers
/// must be finite: simulation state never holds a NaN or an infinity, and reading refuses one.
///
/// A keyed container is read as a stream, so `allKeys` names only the next key: enough for
/// synthesized enums, not for a `Dictionary`, whose second entry fails to read. Simulation state
/// holds no dictionaries anyway: their order changes from run to run, so neither would its
/// state hash.
public enum Archive {
  /// A varint takes at most this many bytes.
  static let maximumVarintLength = 10
}

/// Why an archive could not be read: where, and what was wrong.
public struct ArchiveError: Error, Equatable, CustomStringConvertible {
  /// The byte offset in the archive's values (after the key table) where reading failed.
  public let offset: Int
  /// What was wrong, e.g. "expected field 'health', found 'gun'".
  public let reason: String

  /// Creates an error at `offset`.
  public init(offset: Int, reason: String) {
    self.offset = offset
    self.reason = reason
  }

  /// The reason and where it was found.
  public var description: String { "\(reason) (at byte \(offset))" }
}

/// `Optional`, seen without its wrapped type: an archive writes a presence byte before one.
protocol ArchivedOptional {
  var isNone: Bool { get }
}

extension Optional: ArchivedOptional {
  var isNone: Bool { self == nil }
}
