/// The state of one trait, kept in one small value: `Movement` for `MovementTrait`, `Health`
/// for `HealthTrait`, and so on.
///
/// A component is a value type that can cross threads (`Sendable`), be compared (`Equatable`),
/// be written out and read back (`Codable`), and feed its exact state into the world's state
/// hash. Hashing needs no code: the default `hash(into:)` walks the `Codable` encoding, so a
/// field added to a component is hashed as soon as it exists. A component may implement
/// `hash(into:)` itself for speed, as long as it hashes what the default would.
public protocol Component: Sendable, Equatable, Codable {
  /// Mixes every stored value into the hasher, in a fixed order.
  func hash(into hasher: inout StateHasher)
}

extension Component {
  /// Mixes every value of the component's `Codable` encoding into the hasher, with the keys
  /// that hold them.
  public func hash(into hasher: inout StateHasher) {
    StateHashEncoder.hash(self, into: &hasher)
  }
}
