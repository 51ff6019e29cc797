import Frames

/// A stable identity for one entity of type `Entity`; never reused within a run.
///
/// The type parameter is a phantom: it costs nothing at run time, and it lets the compiler
/// check that `world[id]` reads the type the identity was made for. `erased` drops the type,
/// for lists that mix entity types.
public struct EntityID<Entity>: EntityIdentity, Hashable, Comparable, Codable {
  /// The identity's number; the first entity of a world is 1.
  public let rawValue: UInt64

  /// Creates an identity from its number.
  @inlinable
  public init(rawValue: UInt64) {
    self.rawValue = rawValue
  }

  /// The same identity with its type checked again: `nil`-free, for identities read back from
  /// a type-erased list whose type is known.
  @inlinable
  public init(_ erased: AnyEntityID) {
    self.rawValue = erased.rawValue
  }

  /// The placeholder an entity carries before the world gives it an identity.
  @inlinable
  public static var unassigned: EntityID { EntityID(rawValue: 0) }

  /// The identity without its type.
  @inlinable
  public var erased: AnyEntityID { AnyEntityID(rawValue: rawValue) }

  /// Orders identities by creation.
  @inlinable
  public static func < (lhs: EntityID, rhs: EntityID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// The identity as `#N`.
  public var description: String { "#\(rawValue)" }

  /// Encodes the number alone.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// Decodes the number alone.
  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(UInt64.self)
  }
}

/// Any entity identity, typed or not, for code that handles identities of unknown type.
public protocol EntityIdentity: Sendable, CustomStringConvertible {
  /// The identity's number.
  var rawValue: UInt64 { get }
}

extension AnyEntityID: EntityIdentity {}
