import Foundation
import Frames
import Imaging

/// Why sprites failed to load: every problem found, one per file.
public struct SpriteLoadError: Error, Equatable, CustomStringConvertible {
  /// The folder the sprites came from, if they came from files.
  public var directory: String?
  /// One line per problem, each naming its file.
  public var problems: [String]

  /// "Sprites in DIR could not be loaded: a.bmp: missing; b.bmp: truncated ...".
  public var description: String {
    let place = directory.map { " in \($0)" } ?? ""
    return "Sprites\(place) could not be loaded: " + problems.joined(separator: "; ")
  }
}
