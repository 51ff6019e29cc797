/// The side an entity belongs to: a small number that the world's `Hostility` turns into
/// friends and enemies.
///
/// The core gives factions no names or places; a game does.
@frozen
public struct Faction: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The most factions a world can have.
  public static let limit = 64

  /// The faction's number, kept in one byte so entities and target entries stay small.
  @usableFromInline internal let number: UInt8

  /// The faction's number, `0..<Faction.limit`.
  @inlinable
  public var index: Int { Int(number) }

  /// Creates faction number `index`, which must be in `0..<Faction.limit`.
  @inlinable
  public init(_ index: Int) {
    precondition((0..<Self.limit).contains(index), "faction \(index) outside 0..<\(Self.limit)")
    self.number = UInt8(index)
  }

  /// Orders factions by number.
  @inlinable
  public static func < (lhs: Faction, rhs: Faction) -> Bool { lhs.number < rhs.number }

  /// The faction as `faction N`.
  public var description: String { "faction \(index)" }

  /// Encodes the number alone.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(index)
  }

  /// Decodes the number alone, checking that it is in range.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let index = try container.decode(Int.self)
    guard (0..<Self.limit).contains(index) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "faction \(index) outside 0..<\(Self.limit)")
    }
    self.number = UInt8(index)
  }
}
