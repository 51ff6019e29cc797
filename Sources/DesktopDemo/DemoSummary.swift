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
  /// The way the window drew at the end.
  public var renderer: String
  /// What the GPU path's calls cost the main thread, when it drew.
  public var gpuCalls: GPUCallCost?
}

/// What the GPU path's OpenGL calls cost the main thread, apart from the GPU's own work: each
/// frame's calls are timed from the first to the last before the buffers are swapped.
public struct GPUCallCost: Sendable, Equatable {
  /// Frames that sent new instances to the GPU (a tick had arrived).
  public var framesWithUpload = 0
  /// Those frames' calls' total seconds.
  public var secondsWithUpload = 0.0
  /// The part of `secondsWithUpload` spent sending the instances.
  public var uploadSeconds = 0.0
  /// Frames drawn from instances already on the GPU.
  public var framesWithoutUpload = 0
  /// Those frames' calls' total seconds.
  public var secondsWithoutUpload = 0.0

  /// Frames counted.
  public var frames: Int { framesWithUpload + framesWithoutUpload }

  /// Counts one frame's cost.
  mutating func record(_ cost: OpenGLBackend.FrameCost) {
    let seconds = cost.uploadSeconds + cost.callSeconds
    if cost.uploadedBytes > 0 {
      framesWithUpload += 1
      secondsWithUpload += seconds
      uploadSeconds += cost.uploadSeconds
    } else {
      framesWithoutUpload += 1
      secondsWithoutUpload += seconds
    }
  }
}
