/// One value per unit kind, in a fixed order: a scenario's unit stats, an AI's weights, a
/// swarm's mix.
///
/// Iteration follows the order the table was built in (the roster's), never hashing, so the
/// same table always gives the same sums and the same random picks.
public struct UnitTable<Value: Sendable & Equatable>: Sendable, Equatable {
  /// The kinds, in order.
  public private(set) var kinds: [UnitKind]
  /// The values, one per kind, in the same order.
  public private(set) var values: [Value]

  /// Creates a table from kinds and values in matching order; kinds must be unique.
  public init(_ entries: [(kind: UnitKind, value: Value)]) {
    kinds = entries.map(\.kind)
    values = entries.map(\.value)
    precondition(Set(kinds).count == kinds.count, "unit kinds repeat: \(kinds)")
  }

  /// The value for `kind`, or `nil` if the table has no such kind.
  ///
  /// - Complexity: O(kinds); tables hold a handful.
  public subscript(kind: UnitKind) -> Value? {
    get { kinds.firstIndex(of: kind).map { values[$0] } }
    set {
      guard let index = kinds.firstIndex(of: kind) else {
        guard let newValue else { return }
        kinds.append(kind)
        values.append(newValue)
        return
      }
      if let newValue {
        values[index] = newValue
      } else {
        kinds.remove(at: index)
        values.remove(at: index)
      }
    }
  }

  /// Every kind with its value, in order.
  public var entries: [(kind: UnitKind, value: Value)] {
    zip(kinds, values).map { ($0, $1) }
  }
}

extension UnitTable where Value == Float {
  /// The sum of all values, added in order.
  public var total: Float { values.reduce(0, +) }
}

extension UnitTable: Codable where Value: Codable {
  private enum CodingKeys: String, CodingKey {
    case kinds, values
  }

  /// Writes the kinds and the values, in order.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kinds, forKey: .kinds)
    try container.encode(values, forKey: .values)
  }

  /// Reads a table `encode(to:)` wrote, checking that its kinds are unique and each has a value.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let kinds = try container.decode([UnitKind].self, forKey: .kinds)
    let values = try container.decode([Value].self, forKey: .values)
    guard kinds.count == values.count, Set(kinds).count == kinds.count else {
      throw DecodingError.dataCorruptedError(
        forKey: .values, in: container,
        debugDescription: "a unit table has \(kinds.count) kinds for \(values.count) values")
    }
    self.kinds = kinds
    self.values = values
  }
}
