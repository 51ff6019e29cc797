import Foundation
import GameShell
import HeadlessRenderer
import MonsterWars

extension Match {
  /// Draws the match as it stands with the pure-Swift renderer at `size`, through the camera
  /// `zoom` and `center` ask, and writes the picture to `url` (PNG or BMP by its extension):
  /// what `run --png` and `replay --png` write, as `render` draws it (no speed label: a
  /// picture has no speed).
  func writePicture(
    to url: URL, size: OutputSize, zoom: Float = 1, center: WorldPoint? = nil,
    sprites: SpriteLibrary
  ) throws(CommandFailure) {
    var backend = HeadlessBackend(width: size.width, height: size.height, sprites: sprites)
    var frame = makeFrame(
      canvas: .fitting(width: size.width, height: size.height), showsSpeed: false)
    frame.camera = CameraOptions.camera(
      zoom: zoom, center: center, arena: (world.arenaSize.x, world.arenaSize.y))
    backend.render(frame)
    try PictureFile.write(backend.image, to: url)
  }
}
