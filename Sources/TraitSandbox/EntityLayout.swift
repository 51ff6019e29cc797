@_spi(Reflection) import Swift

/// Where each stored property of an entity type lives in its bytes, read once by reflection
/// when the type is registered: what the world's columns, state hash, snapshots and
/// `sandbox describe` know about a type beyond its declaration.
///
/// The world stores an entity as 4-byte words, one column per word (see `EntityColumns`). The
/// layout says which bytes of which word hold state: padding between fields is left out of the
/// state hash and written to snapshots as zeros, and values that hold references (arrays,
/// strings) are hashed and saved through `Codable` instead of as bytes.
public struct EntityLayout: Sendable, Equatable {
  /// One leaf of the type's stored state: a number, a Boolean, an optional's tag, or a value
  /// the layout does not look into.
  public struct Field: Sendable, Equatable, Codable {
    /// The property's path from the entity, e.g. `movement.velocity.x`.
    public var path: String
    /// The value's type name, e.g. `Float`.
    public var typeName: String
    /// Where the value starts in the entity, in bytes.
    public var offset: Int
    /// The value's size in bytes.
    public var size: Int
    /// What a snapshot checks of the value, and whether the state hash reads its bytes.
    public var kind: Kind
    /// For a value inside an optional, where that optional's tag byte is: the value holds state
    /// only while the tag says the optional is present.
    public var tagOffset: Int?
  }

  /// One stored property of the entity type itself.
  public struct Property: Sendable, Equatable {
    /// The property's name, e.g. `movement`.
    public var name: String
    /// Its type's name, e.g. `Movement`.
    public var typeName: String
    /// Its type.
    public var type: ObjectIdentifier
    /// Where it starts in the entity, in bytes.
    public var offset: Int
    /// Its size in bytes.
    public var size: Int
    /// Whether its type is a trait's `Component`.
    public var isComponent: Bool

    /// The bytes it takes in the entity.
    public var bytes: Range<Int> { offset..<(offset + size) }
  }

  /// What the layout knows of one leaf.
  public enum Kind: String, Sendable, Equatable, Codable {
    /// A `Float`; a loaded one must be finite.
    case float
    /// A `Double`; a loaded one must be finite.
    case double
    /// A `Bool`: one byte, 0 or 1.
    case bool
    /// A fixed-width integer: any bits are a value.
    case integer
    /// The tag byte of an optional of plain values that keeps one after its payload (such as
    /// `Vector2?`): 0 when present, 1 when absent, and an absent optional's payload is zero.
    case optionalTag
    /// Plain bytes the layout cannot look into (an enum, say): hashed as bytes, but not checked
    /// on loading, so a type holding one is saved through `Codable`.
    case opaque
    /// A value that holds references (an array, a string, a class): hashed and saved through
    /// `Codable`, never as bytes.
    case reference
  }

  /// The type's name, e.g. `Turret`.
  public let typeName: String
  /// The type's stride in bytes.
  public let stride: Int
  /// The 4-byte words one entity takes: its stride, rounded up.
  public let wordCount: Int
  /// The entity's stored properties, in declaration order.
  public let properties: [Property]
  /// Every leaf, in declaration order.
  public let fields: [Field]
  /// For each word, the bytes that hold plain state, a bit per byte from the lowest address:
  /// padding and references are 0.
  public let stateMasks: [UInt8]
  /// Whether some leaf holds references.
  public let hasReferences: Bool
  /// Where the entity's identity is stored, when `id` is a stored property (8 bytes).
  public let identityOffset: Int?
  /// Where its position is stored, when `position` is a stored `Vector2`.
  public let positionOffset: Int?
  /// Where its faction is stored, when `faction` is a stored `Faction`.
  public let factionOffset: Int?
  /// Whether every leaf is a number, a Boolean or an optional of them: the type's columns are
  /// saved as bytes, and every value is checked when they are loaded.
  public let isSavedAsBytes: Bool

  /// The layout of `Entity`, by reflection.
  ///
  /// - Complexity: O(stored properties, recursively), once per type.
  public init<Entity>(of type: Entity.Type) {
    var fields: [Field] = []
    Self.collect(type, path: "", offset: 0, tagOffset: nil, into: &fields)
    typeName = String(describing: type)
    var properties: [Property] = []
    _ = _forEachField(of: type, options: []) { name, offset, childType, _ in
      properties.append(
        Property(
          name: String(cString: name), typeName: String(describing: childType),
          type: ObjectIdentifier(childType), offset: offset, size: Self.layoutSize(childType),
          isComponent: childType is any Component.Type))
      return true
    }
    self.properties = properties
    func offset(of name: String, size: Int, typePrefix: String) -> Int? {
      properties.first { property in
        property.name == name && property.size == size && property.typeName.hasPrefix(typePrefix)
      }?.offset
    }
    identityOffset = offset(of: "id", size: 8, typePrefix: "EntityID<")
    positionOffset = offset(of: "position", size: 8, typePrefix: "Vector2")
    factionOffset = offset(of: "faction", size: 1, typePrefix: "Faction")
    stride = MemoryLayout<Entity>.stride
    wordCount = (MemoryLayout<Entity>.stride + 3) / 4
    self.fields = fields
    var masks = [UInt8](repeating: 0, count: wordCount)
    for field in fields where field.kind != .reference {
      for byte in field.offset..<(field.offset + field.size) {
        masks[byte / 4] |= 1 << UInt8(byte % 4)
      }
    }
    stateMasks = masks
    hasReferences = fields.contains { $0.kind == .reference }
    isSavedAsBytes = !fields.contains { $0.kind == .reference || $0.kind == .opaque }
  }

  /// Appends the leaves of `type`, stored at `offset` in the entity, depth first.
  private static func collect(
    _ type: Any.Type, path: String, offset: Int, tagOffset: Int?, into fields: inout [Field]
  ) {
    let size = layoutSize(type)
    guard size > 0 else { return }
    func leaf(_ kind: Kind) {
      fields.append(
        Field(
          path: path, typeName: String(describing: type), offset: offset, size: size,
          kind: kind, tagOffset: tagOffset))
    }
    // Identity comparisons first: a failed protocol conformance check scans the process's
    // conformance records, and a world looks at every type of every entity type once.
    if type == Float.self { return leaf(.float) }
    if type == Double.self { return leaf(.double) }
    if type == Bool.self { return leaf(.bool) }
    if Self.integerTypes.contains(where: { $0 == type }) { return leaf(.integer) }
    switch type {
    case let optional as any OptionalLayoutProbe.Type
    where String(describing: type).hasPrefix("Optional<"):
      guard let payload = optional.taggedPayload else {
        return leaf(isPlain(type) ? .opaque : .reference)
      }
      let payloadSize = layoutSize(payload)
      collect(payload, path: path, offset: offset, tagOffset: offset + payloadSize, into: &fields)
      fields.append(
        Field(
          path: path.isEmpty ? "tag" : path + ".tag", typeName: "Optional tag",
          offset: offset + payloadSize, size: 1, kind: .optionalTag, tagOffset: tagOffset))
      return
    default:
      break
    }
    var children: [(name: String, offset: Int, type: Any.Type)] = []
    // Reflection opens structs and tuples; enums, classes and the rest are leaves.
    let isAggregate = _forEachField(of: type, options: []) { name, childOffset, childType, _ in
      children.append((String(cString: name), childOffset, childType))
      return true
    }
    guard isAggregate, !children.isEmpty else { return leaf(isPlain(type) ? .opaque : .reference) }
    for child in children {
      let childPath = path.isEmpty ? child.name : path + "." + child.name
      collect(
        child.type, path: childPath, offset: offset + child.offset, tagOffset: tagOffset,
        into: &fields)
    }
  }

  /// The standard library's fixed-width integers.
  private static let integerTypes: [Any.Type] = [
    Int.self, UInt.self, Int8.self, UInt8.self, Int16.self, UInt16.self, Int32.self,
    UInt32.self, Int64.self, UInt64.self,
  ]

  private static func layoutSize(_ type: Any.Type) -> Int {
    func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
    return _openExistential(type, do: size)
  }

  /// Whether values of `type` are plain bytes, with no references to count.
  private static func isPlain(_ type: Any.Type) -> Bool {
    func plain<T>(_: T.Type) -> Bool { _isPOD(T.self) }
    return _openExistential(type, do: plain)
  }

  /// The leaves that cover any byte of `bytes`, for naming what a check found there.
  public func fields(overlapping bytes: Range<Int>) -> [Field] {
    fields.filter { $0.offset < bytes.upperBound && $0.offset + $0.size > bytes.lowerBound }
  }

  /// The stored properties (the first part of each leaf's path) that cover any byte of
  /// `bytes`, in declaration order, each once.
  public func propertyNames(overlapping bytes: Range<Int>) -> [String] {
    var names: [String] = []
    for field in fields(overlapping: bytes) {
      let name = String(field.path.prefix { $0 != "." })
      if !names.contains(name) { names.append(name) }
    }
    return names
  }
}

/// Tells whether an optional keeps a tag byte after a plain payload, as `Vector2?` does: its
/// payload has no spare bit patterns to mark absence with.
private protocol OptionalLayoutProbe {
  /// The payload's type, if the optional is laid out that way.
  static var taggedPayload: Any.Type? { get }
}

extension Optional: OptionalLayoutProbe {
  fileprivate static var taggedPayload: Any.Type? {
    let isTagged =
      MemoryLayout<Wrapped>.size > 0 && _isPOD(Wrapped.self)
      && MemoryLayout<Wrapped?>.size == MemoryLayout<Wrapped>.size + 1
    return isTagged ? Wrapped.self : nil
  }
}
