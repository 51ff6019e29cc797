import Foundation
import Frames
import HeadlessRenderer
import Imaging

/// Writes every k-th frame of a run as `frame_<tick>.png`.
package struct FrameRecorder {
  /// Where the frames go.
  package let folder: URL
  /// Every how many ticks a frame is written.
  package let every: Int
  /// Draws the frames.
  package var backend: HeadlessBackend
  /// How many frames have been written so far.
  package private(set) var framesWritten = 0
  /// The zoom and centre each frame is drawn with (`--zoom`, `--center`).
  package var zoom: Float = 1
  package var center: WorldPoint?

  /// Creates `folder` (relative to the working directory) for frames of `size`.
  package init(
    folder: String, every: Int, size: OutputSize, sprites: SpriteLibrary,
    invocation: Invocation
  ) throws(CommandFailure) {
    self.folder = invocation.url(of: folder)
    self.every = every
    backend = HeadlessBackend(width: size.width, height: size.height, sprites: sprites)
    if let problem = Self.createFolder(self.folder.path(percentEncoded: false)) {
      throw CommandFailure(message: "--frames: \(problem)", exitCode: ExitCode.cannotCreate)
    }
  }

  /// Creates `path` and any missing folders above it; returns what went wrong, if anything,
  /// naming the part of the path at fault.
  package static func createFolder(_ path: String) -> String? {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
      let kind = FileKind.at(prefix)
      if kind != .missing {
        guard kind == .folder else {
          return "'\(InputFileError.shown(prefix))' is not a folder, so frames cannot go in it"
        }
        continue
      }
      guard mkdir(prefix, 0o755) == 0 || errno == EEXIST else {
        let reason = String(cString: strerror(errno))
        return "cannot create the folder '\(InputFileError.shown(prefix))': \(reason)"
      }
    }
    return nil
  }

  /// Writes the frame `make` draws of tick `tick` (with the camera `zoom` and `center` ask,
  /// over the frame's world) if `tick` is a multiple of `every`; `make` is called only then,
  /// for a canvas of the pictures' size.
  package mutating func record(
    tick: UInt64, _ make: (_ canvas: OverlayCanvas) -> Frame
  ) throws(CommandFailure) {
    guard tick % UInt64(every) == 0 else { return }
    var frame = make(.fitting(width: backend.width, height: backend.height))
    if let camera = CameraOptions.camera(
      zoom: zoom, center: center, arena: (frame.worldWidth, frame.worldHeight))
    {
      frame.camera = camera
    }
    backend.render(frame)
    let digits = String(tick)
    let name = "frame_" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
    try PictureFile.write(backend.image, to: folder.appendingPathComponent(name))
    framesWritten += 1
  }
}
