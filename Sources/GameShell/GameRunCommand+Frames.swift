import Foundation
import Frames
import HeadlessRenderer
import Imaging

extension GameRunCommand {
  /// `--frames`: a folder for a picture of every k-th tick.
  static var frames: Option<String?> {
    .text(
      "frames", valueName: "dir",
      help: "Also write frames as PNG files (frame_<tick>.png) into this folder.")
  }

  /// `--every`: how often `--frames` writes one.
  static var every: Option<Int> {
    .integer(
      "every", valueName: "k", help: "With --frames, write every k-th tick (1 to 1000000).",
      in: 1...1_000_000, default: 1)
  }

  /// The options that say how the run's pictures (`--frames`, `--png`) are drawn.
  static var pictureOptions: [any OptionDeclaration] {
    [frames, every, GameOptions<G>.size, CameraOptions.zoom, CameraOptions.center]
  }

  /// What `--frames`, `--every`, `--size`, `--zoom` and `--center` ask of the run's pictures.
  struct Pictures {
    /// The folder `--frames` names, if given.
    var folder: String?
    /// Every how many ticks a frame is written.
    var every: Int
    /// The pictures' size; 1280 wide, by the world's shape, when not given.
    var size: OutputSize?
    /// How much closer than the whole world, and where.
    var zoom: Float
    var center: WorldPoint?

    /// Reads the options, which but for `--frames` go with `--frames` or `--png`.
    init(_ options: ParsedOptions) throws(CommandFailure) {
      folder = try options[GameRunCommand.frames]
      if folder == nil && options.contains(GameRunCommand.every) {
        throw .usage("--every goes with --frames")
      }
      let drawing: [any OptionDeclaration] = [
        GameOptions<G>.size, CameraOptions.zoom, CameraOptions.center,
      ]
      if folder == nil && !options.contains(GameOptions<G>.png),
        let given = drawing.first(where: { options.contains($0) })
      {
        throw .usage("--\(given.name) goes with --frames or --png")
      }
      every = try options[GameRunCommand.every]
      size = try options[GameOptions<G>.size]
      zoom = try options[CameraOptions.zoom]
      center = try options[CameraOptions.center]
    }

    /// What writes `--frames` for `game`'s run with `sprites`, if asked: the folder made.
    func recorder(
      for game: G, sprites: SpriteLibrary?, invocation: Invocation
    ) throws(CommandFailure) -> FrameRecorder? {
      guard let folder, let sprites else { return nil }
      var recorder = try FrameRecorder(
        folder: folder, every: every,
        size: size ?? GameOptions<G>.pictureSize(of: game.makeFrame()), sprites: sprites,
        invocation: invocation)
      recorder.zoom = zoom
      recorder.center = center
      return recorder
    }
  }
}
