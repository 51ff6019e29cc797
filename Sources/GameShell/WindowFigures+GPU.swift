import SDLBackend

/// What the instanced GPU path's OpenGL calls took on the main thread, split by whether a
/// frame sent a new tick's instances: what a window says of the GPU path when it closes.
struct GPUCallCost: Equatable {
  /// Frames that sent new instances to the GPU (a tick had arrived).
  var framesWithUpload = 0
  /// Those frames' calls' total seconds.
  var secondsWithUpload = 0.0
  /// The part of `secondsWithUpload` spent sending the instances.
  var uploadSeconds = 0.0
  /// Frames drawn from instances already on the GPU.
  var framesWithoutUpload = 0
  /// Those frames' calls' total seconds.
  var secondsWithoutUpload = 0.0

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

  /// "GPU path on the main thread, OpenGL calls before each swap: 1.20 ms a frame with a new
  /// tick's instances (0.30 ms of it sending them; 40 frames), 0.50 ms without (20 frames)";
  /// `nil` before a frame drawn on the GPU.
  var line: String? {
    guard framesWithUpload + framesWithoutUpload > 0 else { return nil }
    func mean(_ seconds: Double, _ frames: Int) -> String {
      frames > 0 ? String(format: "%.2f ms", seconds / Double(frames) * 1000) : "-"
    }
    return "GPU path on the main thread, OpenGL calls before each swap: "
      + "\(mean(secondsWithUpload, framesWithUpload)) a frame with a new tick's instances "
      + "(\(mean(uploadSeconds, framesWithUpload)) of it sending them; \(framesWithUpload) "
      + "frames), \(mean(secondsWithoutUpload, framesWithoutUpload)) without "
      + "(\(framesWithoutUpload) frames)"
  }
}
