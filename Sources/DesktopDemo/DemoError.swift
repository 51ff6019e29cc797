import Foundation
import Frames
import Imaging
import MonsterWars
import SDLBackend
import TraitSandbox

/// Why the demo could not run.
public struct DemoError: Error, Equatable, CustomStringConvertible {
  /// What went wrong, for the user.
  public var message: String
  /// Whether the cause is that no display is available.
  public var isMissingDisplay: Bool

  /// The message.
  public var description: String { message }
}
