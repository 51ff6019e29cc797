/// A stable identity for one entity; never reused within a run.
public struct EntityID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The identity's number; the first entity of a world is 1.
  public let rawValue: UInt64

  /// Creates an identity from its number.
  @inlinable
  public init(rawValue: UInt64) {
    self.rawValue = rawValue
  }

  /// The placeholder an entity carries before the world gives it an identity.
  public static let unassigned = EntityID(rawValue: 0)

  /// Orders identities by creation.
  @inlinable
  public static func < (lhs: EntityID, rhs: EntityID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// The identity as `#N`.
  public var description: String { "#\(rawValue)" }
}
