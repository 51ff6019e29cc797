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

// MARK: - Writing

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

/// The bytes and open containers of one archive being written.
final class ArchiveSink {
  /// What writing changes. It lives behind a pointer: a class's stored properties pay a
  /// run-time exclusivity check on every access, which would cost more than writing a value.
  struct State {
    var body: [UInt8] = []
    var keys: [String] = []
    var keyIndex: [String: Int] = [:]
    /// For each key, the key written after it last time: a type writes its keys in the same
    /// order every time, so this finds most keys without hashing them.
    var nextKey: [Int] = []
    var previousKey = -1
    /// Containers opened and not yet ended; each ends with a 0.
    var openContainers = 0
  }

  private let state: UnsafeMutablePointer<State>
  let userInfo: [CodingUserInfoKey: Any]

  init(userInfo: [CodingUserInfoKey: any Sendable]) {
    self.userInfo = userInfo
    state = .allocate(capacity: 1)
    state.initialize(to: State())
  }

  deinit {
    state.deinitialize(count: 1)
    state.deallocate()
  }

  var body: [UInt8] {
    get { state.pointee.body }
    _modify { yield &state.pointee.body }
  }

  var keys: [String] { state.pointee.keys }

  var openContainers: Int {
    get { state.pointee.openContainers }
    set { state.pointee.openContainers = newValue }
  }

  static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
    var rest = value
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  func varint(_ value: UInt64) { Self.appendVarint(value, to: &body) }

  func signed(_ value: Int64) {
    varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
  }

  func fixed32(_ value: UInt32) {
    withUnsafeBytes(of: value.littleEndian) { body.append(contentsOf: $0) }
  }

  func fixed64(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { body.append(contentsOf: $0) }
  }

  func string(_ value: String) {
    varint(UInt64(value.utf8.count))
    body.append(contentsOf: value.utf8)
  }

  /// Ends the containers opened deeper than `depth`.
  func close(deeperThan depth: Int) {
    while openContainers > depth {
      body.append(0)
      openContainers -= 1
    }
  }

  func keyHeader(_ key: some CodingKey, isNil: Bool) {
    let name = key.stringValue
    let index: Int
    let previous = state.pointee.previousKey
    let guess = previous >= 0 ? state.pointee.nextKey[previous] : -1
    if guess >= 0 && state.pointee.keys[guess] == name {
      index = guess
    } else {
      if let known = state.pointee.keyIndex[name] {
        index = known
      } else {
        index = state.pointee.keys.count
        state.pointee.keys.append(name)
        state.pointee.nextKey.append(-1)
        state.pointee.keyIndex[name] = index
      }
      if previous >= 0 { state.pointee.nextKey[previous] = index }
    }
    state.pointee.previousKey = index
    varint(UInt64(index + 1) * 2 + (isNil ? 1 : 0))
  }

  /// Encodes one value at the current depth, ending whatever containers it opens.
  func encodeValue<Value: Encodable>(_ value: Value) throws {
    if Value.self == Vector2.self {
      let vector = unsafeBitCast(value, to: Vector2.self)
      fixed32(vector.x.bitPattern)
      fixed32(vector.y.bitPattern)
      return
    }
    if Value.self is any ArchivedOptional.Type, let optional = value as? any ArchivedOptional {
      // An optional outside a keyed container's `encodeIfPresent`: a presence byte first.
      body.append(optional.isNone ? 0 : 1)
      if optional.isNone { return }
    }
    let depth = openContainers
    try value.encode(to: ArchiveEncoder(sink: self, depth: depth))
    close(deeperThan: depth)
  }
}

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

// MARK: - Reading

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

/// The bytes, key table and open containers of one archive being read.
final class ArchiveSource {
  /// What reading changes. It lives behind a pointer: a class's stored properties pay a
  /// run-time exclusivity check on every access, which would cost more than reading a value.
  struct State {
    var keys: [String] = []
    /// Where the values begin, after the key table.
    var start = 0
    var offset = 0
    /// Kinds of the containers opened and not yet ended, innermost last.
    var openContainers: [ContainerKind] = []
    /// The key table index of the field being read in each open keyed container (-1 before
    /// the first), for messages.
    var fieldPath: [Int] = []
    /// Whether the optional being read is absent: what its `decodeNil()` answers.
    var optionalIsNone = false
  }

  let bytes: [UInt8]
  private let state: UnsafeMutablePointer<State>
  let userInfo: [CodingUserInfoKey: Any]

  enum ContainerKind { case keyed, unkeyed }

  init(_ bytes: [UInt8], userInfo: [CodingUserInfoKey: any Sendable]) throws(ArchiveError) {
    self.bytes = bytes
    self.userInfo = userInfo
    state = .allocate(capacity: 1)
    state.initialize(to: State())
    var keys: [String] = []
    let count = try varint()
    guard count <= UInt64(bytes.count) else { throw error("the key table's size is damaged") }
    for _ in 0..<count {
      let key = try string()
      keys.append(key)
    }
    state.pointee.keys = keys
    state.pointee.start = offset
  }

  deinit {
    state.deinitialize(count: 1)
    state.deallocate()
  }

  var keys: [String] { state.pointee.keys }
  var start: Int { state.pointee.start }

  var offset: Int {
    get { state.pointee.offset }
    set { state.pointee.offset = newValue }
  }

  var openContainers: [ContainerKind] {
    get { state.pointee.openContainers }
    _modify { yield &state.pointee.openContainers }
  }

  var fieldPath: [Int] {
    get { state.pointee.fieldPath }
    _modify { yield &state.pointee.fieldPath }
  }

  var optionalIsNone: Bool {
    get { state.pointee.optionalIsNone }
    set { state.pointee.optionalIsNone = newValue }
  }

  func error(_ reason: String) -> ArchiveError {
    let field = fieldPath.filter { $0 >= 0 && $0 < keys.count }.map { keys[$0] }
      .joined(separator: ".")
    return ArchiveError(
      offset: max(0, offset - start), reason: field.isEmpty ? reason : "\(field): \(reason)")
  }

  func byte() throws(ArchiveError) -> UInt8 {
    guard offset < bytes.count else { throw error("the data ends too early") }
    defer { offset += 1 }
    return bytes[offset]
  }

  func varint() throws(ArchiveError) -> UInt64 {
    var value: UInt64 = 0
    for index in 0..<Archive.maximumVarintLength {
      let next = try byte()
      let bits = UInt64(next & 0x7F)
      if index == Archive.maximumVarintLength - 1 && bits > 1 {
        throw error("a number is longer than 64 bits")
      }
      value |= bits << (7 * UInt64(index))
      if next & 0x80 == 0 { return value }
    }
    throw error("a number is longer than 64 bits")
  }

  func signed() throws(ArchiveError) -> Int64 {
    let raw = try varint()
    return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
  }

  func fixed32() throws(ArchiveError) -> UInt32 {
    guard bytes.count - offset >= 4 else { throw error("the data ends too early") }
    var value: UInt32 = 0
    for index in 0..<4 { value |= UInt32(bytes[offset + index]) << (8 * UInt32(index)) }
    offset += 4
    return value
  }

  func fixed64() throws(ArchiveError) -> UInt64 {
    let low = try fixed32()
    let high = try fixed32()
    return UInt64(high) << 32 | UInt64(low)
  }

  func float() throws(ArchiveError) -> Float {
    let value = Float(bitPattern: try fixed32())
    guard value.isFinite else { throw error("a number is not finite (\(value))") }
    return value
  }

  func double() throws(ArchiveError) -> Double {
    let value = Double(bitPattern: try fixed64())
    guard value.isFinite else { throw error("a number is not finite (\(value))") }
    return value
  }

  func string() throws(ArchiveError) -> String {
    let length = try varint()
    guard length <= UInt64(bytes.count - offset) else { throw error("the data ends too early") }
    let end = offset + Int(length)
    guard let text = String(validating: bytes[offset..<end], as: UTF8.self) else {
      throw error("a text is not valid UTF-8")
    }
    offset = end
    return text
  }

  func bool() throws(ArchiveError) -> Bool {
    switch try byte() {
    case 0: return false
    case 1: return true
    case let other: throw error("expected a Boolean (0 or 1), found \(other)")
    }
  }

  func integer<Value: FixedWidthInteger>(_ type: Value.Type) throws(ArchiveError) -> Value {
    if Value.isSigned {
      let raw = try signed()
      guard let value = Value(exactly: raw) else {
        throw error("\(raw) does not fit in \(Value.self)")
      }
      return value
    }
    let raw = try varint()
    guard let value = Value(exactly: raw) else {
      throw error("\(raw) does not fit in \(Value.self)")
    }
    return value
  }

  /// Ends the containers opened deeper than `depth`, checking that each was read to its end.
  func close(deeperThan depth: Int) throws(ArchiveError) {
    while openContainers.count > depth {
      let kind = openContainers.removeLast()
      if kind == .keyed { fieldPath.removeLast() }
      let next = try varint()
      guard next == 0 else {
        if kind == .keyed, let name = keyName(header: next) {
          throw error("field '\(name)' is not one this program reads")
        }
        throw error("a list has more elements than this program reads")
      }
    }
  }

  func open(_ kind: ContainerKind) {
    openContainers.append(kind)
    if kind == .keyed { fieldPath.append(-1) }
  }

  /// The key a keyed container's header names, if it is in the table.
  func keyName(header: UInt64) -> String? {
    let index = header / 2
    guard index >= 1, index <= UInt64(keys.count) else { return nil }
    return keys[Int(index - 1)]
  }

  /// The next header of a keyed container, without reading past it.
  func peekHeader() throws(ArchiveError) -> UInt64 {
    let saved = offset
    defer { offset = saved }
    return try varint()
  }

  /// Reads a keyed container's next header, which must name `key`; returns whether the value
  /// is nil.
  func expect(_ key: some CodingKey) throws(ArchiveError) -> Bool {
    let name = key.stringValue
    // Messages about this key name it themselves; the path holds the containers around it.
    fieldPath[fieldPath.count - 1] = -1
    let header = try varint()
    guard header != 0 else { throw error("field '\(name)' is missing") }
    guard let found = keyName(header: header) else {
      throw error("a field's name is damaged (key \(header / 2) of \(keys.count))")
    }
    guard found == name else { throw error("expected field '\(name)', found '\(found)'") }
    fieldPath[fieldPath.count - 1] = Int(header / 2) - 1
    return header & 1 == 1
  }

  /// Whether the next header names `key`.
  func next(is key: some CodingKey) throws(ArchiveError) -> (matches: Bool, isNil: Bool) {
    let header = try peekHeader()
    guard header != 0, let found = keyName(header: header) else { return (false, false) }
    return (found == key.stringValue, header & 1 == 1)
  }

  func decodeValue<Value: Decodable>(_ type: Value.Type) throws -> Value {
    if Value.self == Vector2.self {
      let x = try float()
      let y = try float()
      return unsafeBitCast(Vector2(x, y), to: Value.self)
    }
    if Value.self is any ArchivedOptional.Type {
      // Optional's `init(from:)` asks `decodeNil()`, which answers from the presence byte.
      switch try byte() {
      case 0: optionalIsNone = true
      case 1: optionalIsNone = false
      case let other: throw error("expected a presence byte (0 or 1), found \(other)")
      }
    }
    let depth = openContainers.count
    let value = try Value(from: ArchiveDecoder(source: self, depth: depth))
    try close(deeperThan: depth)
    return value
  }
}

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

/// `Optional`, seen without its wrapped type: an archive writes a presence byte before one.
protocol ArchivedOptional {
  var isNone: Bool { get }
}

extension Optional: ArchivedOptional {
  var isNone: Bool { self == nil }
}
