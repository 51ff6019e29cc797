/// The `Decoder` an archive hands each value.
struct ArchiveDecoder: Decoder {
  let source: ArchiveSource
  let depth: Int
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { source.userInfo }

  private func open(_ kind: ArchiveSource.ContainerKind) throws {
    if source.openContainers.count > depth {
      guard source.openContainers[depth] == kind else {
        throw source.error("a value is read as two kinds of container")
      }
      try source.close(deeperThan: depth + 1)
    } else {
      source.open(kind)
    }
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    try open(.keyed)
    return KeyedDecodingContainer(Keyed<Key>(source: source, depth: depth + 1))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try open(.unkeyed)
    return Unkeyed(source: source, depth: depth + 1)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    Single(source: source, depth: depth)
  }

  struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let source: ArchiveSource
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    /// Only the next key: enough for synthesized enums, which look for their one case key.
    var allKeys: [Key] {
      guard (try? source.close(deeperThan: depth)) != nil,
        let header = try? source.peekHeader(), header != 0,
        let name = source.keyName(header: header)
      else { return [] }
      return Key(stringValue: name).map { [$0] } ?? []
    }

    func contains(_ key: Key) -> Bool {
      guard (try? source.close(deeperThan: depth)) != nil else { return false }
      return (try? source.next(is: key).matches) ?? false
    }

    func decodeNil(forKey key: Key) throws -> Bool {
      try source.close(deeperThan: depth)
      let next = try source.next(is: key)
      guard next.matches else { throw source.error("expected field '\(key.stringValue)'") }
      guard next.isNil else { return false }
      _ = try source.expect(key)
      return true
    }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
      try source.close(deeperThan: depth)
      guard !(try source.expect(key)) else {
        throw source.error("field '\(key.stringValue)' is empty")
      }
      return try Single(source: source, depth: depth).decode(type)
    }

    // The primitives, read in place: what entities are mostly made of.

    /// Reads the header of a primitive value under `key`.
    private func header(_ key: Key) throws {
      try source.close(deeperThan: depth)
      guard !(try source.expect(key)) else {
        throw source.error("field '\(key.stringValue)' is empty")
      }
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
      try header(key)
      return try source.bool()
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
      try header(key)
      return try source.string()
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
      try header(key)
      return try source.double()
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
      try header(key)
      return try source.float()
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
      try header(key)
      return try source.integer(Int.self)
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
      try header(key)
      return try source.integer(Int32.self)
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
      try header(key)
      return try source.integer(Int64.self)
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
      try header(key)
      return try source.integer(UInt8.self)
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
      try header(key)
      return try source.integer(UInt32.self)
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
      try header(key)
      return try source.integer(UInt64.self)
    }

    func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
      try source.close(deeperThan: depth)
      guard try source.next(is: key).matches else { return nil }
      guard !(try source.expect(key)) else { return nil }
      return try Single(source: source, depth: depth).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
      try source.close(deeperThan: depth)
      guard !(try source.expect(key)) else {
        throw source.error("field '\(key.stringValue)' is empty")
      }
      source.open(.keyed)
      return KeyedDecodingContainer(Keyed<NestedKey>(source: source, depth: depth + 1))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try source.close(deeperThan: depth)
      guard !(try source.expect(key)) else {
        throw source.error("field '\(key.stringValue)' is empty")
      }
      source.open(.unkeyed)
      return Unkeyed(source: source, depth: depth + 1)
    }

    func superDecoder() throws -> any Decoder {
      ArchiveDecoder(source: source, depth: depth)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
      try source.close(deeperThan: depth)
      guard !(try source.expect(key)) else {
        throw source.error("field '\(key.stringValue)' is empty")
      }
      return ArchiveDecoder(source: source, depth: depth)
    }
  }

  struct Unkeyed: UnkeyedDecodingContainer {
    let source: ArchiveSource
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var count: Int? { nil }
    private(set) var currentIndex = 0

    init(source: ArchiveSource, depth: Int) {
      self.source = source
      self.depth = depth
    }

    var isAtEnd: Bool {
      guard (try? source.close(deeperThan: depth)) != nil,
        source.offset < source.bytes.count
      else { return true }
      return source.bytes[source.offset] == 0
    }

    /// Reads the next element's tag; returns whether the element is nil.
    private mutating func tag() throws -> Bool {
      try source.close(deeperThan: depth)
      let tag = try source.byte()
      currentIndex += 1
      switch tag {
      case 1: return false
      case 2: return true
      case 0: throw source.error("a list ends too early")
      default: throw source.error("a list's element is damaged (tag \(tag))")
      }
    }

    mutating func decodeNil() throws -> Bool {
      try source.close(deeperThan: depth)
      guard source.offset < source.bytes.count, source.bytes[source.offset] == 2 else {
        return false
      }
      source.offset += 1
      currentIndex += 1
      return true
    }

    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
      guard !(try tag()) else { throw source.error("a list's element is empty") }
      return try Single(source: source, depth: depth).decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
      guard !(try tag()) else { throw source.error("a list's element is empty") }
      source.open(.keyed)
      return KeyedDecodingContainer(Keyed<NestedKey>(source: source, depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      guard !(try tag()) else { throw source.error("a list's element is empty") }
      source.open(.unkeyed)
      return Unkeyed(source: source, depth: depth + 1)
    }

    mutating func superDecoder() throws -> any Decoder {
      guard !(try tag()) else { throw source.error("a list's element is empty") }
      return ArchiveDecoder(source: source, depth: depth)
    }
  }

  struct Single: SingleValueDecodingContainer {
    let source: ArchiveSource
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool {
      defer { source.optionalIsNone = false }
      return source.optionalIsNone
    }
    func decode(_ type: Bool.Type) throws -> Bool { try source.bool() }
    func decode(_ type: String.Type) throws -> String { try source.string() }
    func decode(_ type: Double.Type) throws -> Double { try source.double() }
    func decode(_ type: Float.Type) throws -> Float { try source.float() }
    func decode(_ type: Int.Type) throws -> Int { try source.integer(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try source.integer(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try source.integer(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try source.integer(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try source.integer(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try source.integer(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try source.integer(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try source.integer(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try source.integer(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try source.integer(UInt64.self) }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
      try source.decodeValue(type)
    }
  }
}
