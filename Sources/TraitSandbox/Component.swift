/// The state of one trait, kept in one small value: `Movement` for `MovementTrait`, `Health`
/// for `HealthTrait`, and so on.
///
/// A component is a value type that can cross threads (`Sendable`), be compared (`Equatable`),
/// be written out and read back (`Codable`), and feed its exact state into the world's state
/// hash. Neither hashing nor saving needs code: the world hashes a component of plain values
/// as the bytes of its columns, and saves an entity type made only of plain values the same
/// way, so a field added to a component is part of both as soon as it exists. A component
/// that holds arrays or strings is hashed through `hash(into:)`, whose default walks the
/// `Codable` encoding, and its entity type is saved through `Codable`; such a component on a
/// hot path may implement `hash(into:)` itself for speed (walking an encoding costs thousands
/// of instructions), and must then feed exactly what `hashEncoding(into:)` feeds, which a test
/// can check, as the built-in components' tests do.
///
/// Keep state in values, arrays and optionals, not dictionaries: a dictionary's order changes
/// from run to run, so it could be neither hashed nor saved deterministically.
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
