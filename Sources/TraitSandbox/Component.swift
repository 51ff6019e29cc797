/// The state of one trait, kept in one small value: `Movement` for `MovementTrait`, `Health`
/// for `HealthTrait`, and so on.
///
/// A component is a value type that can cross threads (`Sendable`), be compared (`Equatable`),
/// be written out and read back (`Codable`), and feed its exact state into the world's state
/// hash. Hashing needs no code: the default `hash(into:)` walks the `Codable` encoding, so a
/// field added to a component is hashed as soon as it exists. A component on a hot path may
/// implement `hash(into:)` itself for speed (walking an encoding costs thousands of
/// instructions); it must then feed exactly what `hashEncoding(into:)` feeds, which a test can
/// check, as the built-in components' tests do.
///
/// The same encoding saves the component with its world (`World.save(to:)`). Keep state in
/// values, arrays and optionals, not dictionaries: a dictionary's order changes from run to
/// run, so it could be neither hashed nor saved deterministically.
public protocol Component: Sendable, Equatable, Codable {
  /// Mixes every stored value into the hasher, in a fixed order.
  func hash(into hasher: inout StateHasher)
}

extension Component {
  /// Mixes every value of the component's `Codable` encoding into the hasher.
  public func hash(into hasher: inout StateHasher) {
    hashEncoding(into: &hasher)
  }

  /// Mixes every value of the component's `Codable` encoding into the hasher, in encoding
  /// order: numbers and Booleans as `StateHasher.combine` takes them, each optional as a
  /// presence flag (0 or 1) followed by its value, each array element after its position.
  ///
  /// - Complexity: O(encoded values), with the overhead of `Codable`'s containers.
  public func hashEncoding(into hasher: inout StateHasher) {
    StateHashEncoder.hash(self, into: &hasher)
  }
}
