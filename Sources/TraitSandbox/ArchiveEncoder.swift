/// The `Encoder` an archive hands each value.
struct ArchiveEncoder: Encoder {
  let sink: ArchiveSink
  /// How many containers were open when this value began.
  let depth: Int
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { sink.userInfo }

  /// Opens this value's container, or goes back to it if it is already open.
  private func open() {
    if sink.openContainers > depth {
      sink.close(deeperThan: depth + 1)
    } else {
      sink.openContainers += 1
    }
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    open()
    return KeyedEncodingContainer(Keyed<Key>(sink: sink, depth: depth + 1))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    open()
    return Unkeyed(sink: sink, depth: depth + 1)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    Single(sink: sink, depth: depth)
  }

  struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let sink: ArchiveSink
    /// The number of open containers while this one is the innermost.
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
      sink.close(deeperThan: depth)
      sink.keyHeader(key, isNil: true)
    }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
      sink.close(deeperThan: depth)
      sink.keyHeader(key, isNil: false)
      var single = Single(sink: sink, depth: depth)
      try single.encode(value)
    }

    // The primitives, written in place: what entities are mostly made of.

    /// The header of a primitive value under `key`.
    private func header(_ key: Key) {
      sink.close(deeperThan: depth)
      sink.keyHeader(key, isNil: false)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
      header(key)
      sink.body.append(value ? 1 : 0)
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
      header(key)
      sink.string(value)
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
      header(key)
      sink.fixed64(value.bitPattern)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
      header(key)
      sink.fixed32(value.bitPattern)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
      header(key)
      sink.signed(Int64(value))
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
      header(key)
      sink.signed(Int64(value))
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
      header(key)
      sink.signed(value)
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
      header(key)
      sink.varint(UInt64(value))
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
      header(key)
      sink.varint(UInt64(value))
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
      header(key)
      sink.varint(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      sink.close(deeperThan: depth)
      sink.keyHeader(key, isNil: false)
      sink.openContainers += 1
      return KeyedEncodingContainer(Keyed<NestedKey>(sink: sink, depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      sink.close(deeperThan: depth)
      sink.keyHeader(key, isNil: false)
      sink.openContainers += 1
      return Unkeyed(sink: sink, depth: depth + 1)
    }

    mutating func superEncoder() -> any Encoder {
      ArchiveEncoder(sink: sink, depth: depth)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
      sink.close(deeperThan: depth)
      sink.keyHeader(key, isNil: false)
      return ArchiveEncoder(sink: sink, depth: depth)
    }
  }

  struct Unkeyed: UnkeyedEncodingContainer {
    let sink: ArchiveSink
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    init(sink: ArchiveSink, depth: Int) {
      self.sink = sink
      self.depth = depth
    }

    mutating func encodeNil() throws {
      sink.close(deeperThan: depth)
      sink.body.append(2)
      count += 1
    }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
      sink.close(deeperThan: depth)
      sink.body.append(1)
      count += 1
      var single = Single(sink: sink, depth: depth)
      try single.encode(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
      sink.close(deeperThan: depth)
      sink.body.append(1)
      count += 1
      sink.openContainers += 1
      return KeyedEncodingContainer(Keyed<NestedKey>(sink: sink, depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      sink.close(deeperThan: depth)
      sink.body.append(1)
      count += 1
      sink.openContainers += 1
      return Unkeyed(sink: sink, depth: depth + 1)
    }

    mutating func superEncoder() -> any Encoder {
      sink.close(deeperThan: depth)
      sink.body.append(1)
      count += 1
      return ArchiveEncoder(sink: sink, depth: depth)
    }
  }

  struct Single: SingleValueEncodingContainer {
    let sink: ArchiveSink
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws {
      throw EncodingError.invalidValue(
        0, .init(codingPath: [], debugDescription: "an archive keeps nil only under a key"))
    }
    mutating func encode(_ value: Bool) throws { sink.body.append(value ? 1 : 0) }
    mutating func encode(_ value: String) throws { sink.string(value) }
    mutating func encode(_ value: Double) throws { sink.fixed64(value.bitPattern) }
    mutating func encode(_ value: Float) throws { sink.fixed32(value.bitPattern) }
    mutating func encode(_ value: Int) throws { sink.signed(Int64(value)) }
    mutating func encode(_ value: Int8) throws { sink.signed(Int64(value)) }
    mutating func encode(_ value: Int16) throws { sink.signed(Int64(value)) }
    mutating func encode(_ value: Int32) throws { sink.signed(Int64(value)) }
    mutating func encode(_ value: Int64) throws { sink.signed(value) }
    mutating func encode(_ value: UInt) throws { sink.varint(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { sink.varint(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { sink.varint(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { sink.varint(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { sink.varint(value) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
      try sink.encodeValue(value)
    }
  }
}
