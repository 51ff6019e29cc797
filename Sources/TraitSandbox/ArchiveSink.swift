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
