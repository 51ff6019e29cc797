/// The identity of one entity with its type erased: what frames, events and mixed lists carry.
///
/// The simulation hands out typed identities (`EntityID<Entity>` in TraitSandbox); this is the
/// same number without the type, so a draw command can say which entity it shows without the
/// frame knowing any entity type.
public struct AnyEntityID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The identity's number; the first entity of a world is 1, and 0 means none.
  public let rawValue: UInt64

  /// Creates an identity from its number.
  @inlinable
  public init(rawValue: UInt64) {
    self.rawValue = rawValue
  }

  /// Orders identities by creation.
  @inlinable
  public static func < (lhs: AnyEntityID, rhs: AnyEntityID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// The identity as `#N`.
  public var description: String { "#\(rawValue)" }
}
