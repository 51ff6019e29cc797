/// The name a kind of unit goes by in scenario files, reports and the demo: `quirk`, `zap`.
///
/// Each `Monster` type declares its kind once (`static let kind = UnitKind("quirk")`); a
/// `Roster` lists the types, and so the kinds, a match offers.
public struct UnitKind: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The key in scenario files, e.g. `quirk`: lowercase letters, digits and `-`.
  public let name: String

  /// Creates a kind from its scenario key.
  public init(_ name: String) {
    self.name = name
  }

  /// The kind as players read it: `Quirk`.
  public var displayName: String { name.prefix(1).uppercased() + name.dropFirst() }

  /// The scenario key.
  public var description: String { name }
}
