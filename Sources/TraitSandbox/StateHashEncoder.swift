/// An `Encoder` that feeds every value of an encoding into a `StateHasher`: how a `Component`
/// is hashed without hashing code of its own.
///
/// Optionals feed a presence flag before their value, so one present and one absent optional
/// cannot be mistaken for each other; array elements feed their position, so nesting cannot
/// alias either. Keys are not hashed: a type's encoding visits its keys in a fixed order.
struct StateHashEncoder: Encoder {
  /// The hasher being fed, shared by every container of one encoding.
  final class Sink {
    var hasher: StateHasher
    init(_ hasher: StateHasher) { self.hasher = hasher }
  }

  let sink: Sink
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// Hashes `value`'s encoding into `hasher`.
  static func hash<Value: Encodable>(_ value: Value, into hasher: inout StateHasher) {
    let sink = Sink(hasher)
    do {
      try value.encode(to: StateHashEncoder(sink: sink))
    } catch {
      // Encoding into a hasher cannot fail; a value whose own `encode` throws is hashed as far
      // as it got, plus a marker, so the failure still shows in the hash.
      sink.hasher.combine(UInt64.max)
    }
    hasher = sink.hasher
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(Keyed<Key>(sink: sink))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    Unkeyed(sink: sink)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    Single(sink: sink)
  }

  // MARK: - Containers

  struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let sink: Sink
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
      sink.hasher.combine(UInt64(0))
    }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
      var single = Single(sink: sink)
      try single.encode(value)
    }

    /// A presence flag, then the value if present.
    private mutating func present<Value: Encodable>(_ value: Value?) throws {
      guard let value else {
        sink.hasher.combine(UInt64(0))
        return
      }
      sink.hasher.combine(UInt64(1))
      var single = Single(sink: sink)
      try single.encode(value)
    }

    mutating func encodeIfPresent<Value: Encodable>(_ value: Value?, forKey key: Key) throws {
      try present(value)
    }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      KeyedEncodingContainer(Keyed<NestedKey>(sink: sink))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      Unkeyed(sink: sink)
    }

    mutating func superEncoder() -> any Encoder { StateHashEncoder(sink: sink) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
      StateHashEncoder(sink: sink)
    }
  }

  struct Unkeyed: UnkeyedEncodingContainer {
    let sink: Sink
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    mutating func encodeNil() throws {
      count += 1
      sink.hasher.combine(count)
      sink.hasher.combine(UInt64(0))
    }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
      count += 1
      sink.hasher.combine(count)
      var single = Single(sink: sink)
      try single.encode(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
      count += 1
      sink.hasher.combine(count)
      return KeyedEncodingContainer(Keyed<NestedKey>(sink: sink))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      count += 1
      sink.hasher.combine(count)
      return Unkeyed(sink: sink)
    }

    mutating func superEncoder() -> any Encoder { StateHashEncoder(sink: sink) }
  }

  struct Single: SingleValueEncodingContainer {
    let sink: Sink
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { sink.hasher.combine(UInt64(0)) }
    mutating func encode(_ value: Bool) throws { sink.hasher.combine(value) }
    mutating func encode(_ value: String) throws { sink.hasher.combine(value) }
    mutating func encode(_ value: Double) throws { sink.hasher.combine(value.bitPattern) }
    mutating func encode(_ value: Float) throws { sink.hasher.combine(value) }
    mutating func encode(_ value: Int) throws { sink.hasher.combine(value) }
    mutating func encode(_ value: Int8) throws { sink.hasher.combine(Int(value)) }
    mutating func encode(_ value: Int16) throws { sink.hasher.combine(Int(value)) }
    mutating func encode(_ value: Int32) throws { sink.hasher.combine(Int(value)) }
    mutating func encode(_ value: Int64) throws { sink.hasher.combine(Int(value)) }
    mutating func encode(_ value: UInt) throws { sink.hasher.combine(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { sink.hasher.combine(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { sink.hasher.combine(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { sink.hasher.combine(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { sink.hasher.combine(value) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
      // Vectors are the commonest nested value: skip the container machinery for them.
      if let vector = value as? Vector2 {
        sink.hasher.combine(vector)
      } else {
        try value.encode(to: StateHashEncoder(sink: sink))
      }
    }
  }
}
