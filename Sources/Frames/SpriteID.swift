/// A sprite's name in the asset folder, e.g. `zap` for `Assets/sprites/zap.bmp`.
///
/// Each drawable entity type names its sprite once, as a static constant, so sprite names are
/// not scattered through the code as strings; backends see only these ids, never entity types.
public struct SpriteID: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The sprite's file name without extension.
  public let name: String

  /// Creates a sprite identifier from a file name without extension.
  public init(_ name: String) {
    self.name = name
  }

  /// The sprite's name.
  public var description: String { name }

  /// Orders sprite ids by name.
  public static func < (lhs: SpriteID, rhs: SpriteID) -> Bool {
    lhs.name < rhs.name
  }

  /// The arena's background picture, stretched over the whole world.
  public static let background = SpriteID("background")
  /// The bitmap font: 96 glyphs (ASCII 32...127) of 8x8 pixels in a 16 x 6 grid (`FontSheet`).
  public static let font = SpriteID("font")
}
