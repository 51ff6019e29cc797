import Foundation
import GameShell
import HeadlessRenderer
import Imaging
import MonsterWars

/// Writes every k-th frame of a run as `frame_<tick>.png`.
struct FrameRecorder {
  /// Where the frames go.
  let folder: URL
  /// Every how many ticks a frame is written.
  let every: Int
  /// Draws the frames.
  var backend: HeadlessBackend
  /// How many frames have been written so far.
  private(set) var framesWritten = 0
  /// The zoom and centre each frame is drawn with (`--zoom`, `--center`).
  var zoom: Float = 1
  var center: WorldPoint?

  /// Creates `folder` (relative to the working directory) for frames of `size`.
  init(
    folder: String, every: Int, size: OutputSize, sprites: SpriteLibrary,
    invocation: Sandbox.Invocation
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
  static func createFolder(_ path: String) -> String? {
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

  /// Writes the match's current frame if its tick is a multiple of `every`.
  mutating func record(_ match: Match) throws(CommandFailure) {
    let tick = match.world.tick
    guard tick % UInt64(every) == 0 else { return }
    var frame = match.makeFrame(
      canvas: .fitting(width: backend.width, height: backend.height))
    frame.camera = CameraOptions.camera(
      zoom: zoom, center: center, arena: (match.world.arenaSize.x, match.world.arenaSize.y))
    backend.render(frame)
    let digits = String(tick)
    let name = "frame_" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
    try PictureFile.write(backend.image, to: folder.appendingPathComponent(name))
    framesWritten += 1
  }
}
