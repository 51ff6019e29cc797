import Synchronization

/// A sprite's name in the asset folder, e.g. `zap` for `Assets/sprites/zap.bmp`.
///
/// Each drawable entity type names its sprite once, as a static constant, so sprite names are
/// not scattered through the code as strings; backends see only these ids, never entity types.
///
/// An id is a small number standing for its name (names are kept once per process), so draw
/// commands holding one copy as plain bytes: a big battle's frame holds a hundred thousand.
public struct SpriteID: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The name's place in the process's table of sprite names: equal names, equal numbers.
  private let number: UInt32

  /// Creates a sprite identifier from a file name without extension.
  ///
  /// Every name is kept for the life of the process: make ids once, as constants, from the
  /// game's own names.
  /// - Complexity: O(name length), under a lock.
  public init(_ name: String) {
    number = SpriteNames.number(for: name)
  }

  /// The sprite's file name without extension.
  public var name: String { SpriteNames.name(of: number) }

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

/// Every sprite name the process has made an id for, numbered in the order first seen.
private enum SpriteNames {
  private static let table = Mutex<(numbers: [String: UInt32], names: [String])>(([:], []))

  static func number(for name: String) -> UInt32 {
    table.withLock { table in
      if let number = table.numbers[name] { return number }
      let number = UInt32(table.names.count)
      table.names.append(name)
      table.numbers[name] = number
      return number
    }
  }

  static func name(of number: UInt32) -> String {
    table.withLock { $0.names[Int(number)] }
  }
}
