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
