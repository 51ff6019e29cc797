import Foundation
import Frames
import Imaging
import MonsterWars
import SDLBackend
import TraitSandbox

/// What a demo session did.
public struct DemoSummary: Sendable, Equatable {
  /// Frames drawn.
  public var frames: Int
  /// The simulation tick shown last.
  public var tick: UInt64
  /// Average frames per second over the session.
  public var framesPerSecond: Double
  /// Where the frames spent their time, per frame on average.
  public var split: FrameTimeSplit
  /// The times between one frame's start and the next's: what a player sees as smooth or not.
  public var frameTimes: FrameTimeHistogram
  /// The state hash of the match when the session ended: what `sandbox replay` prints for its
  /// recording.
  public var stateHash: StateHash
}
