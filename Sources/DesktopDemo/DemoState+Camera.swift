import Foundation
import Frames
import MonsterWars
import TraitSandbox

extension DemoState {
  /// A camera showing the whole arena.
  var fitCamera: Camera {
    let arena = match.world.arenaSize
    return Camera(centreX: arena.x / 2, centreY: arena.y / 2, zoom: 1)
  }

  /// `camera` with its centre moved to where the view it shows is centred, so panning past an
  /// edge does not pile up distance to pan back.
  func clamped(_ camera: Camera) -> Camera {
    let arena = match.world.arenaSize
    let view = camera.view(worldWidth: arena.x, worldHeight: arena.y)
    return Camera(
      centreX: view.x + view.width / 2, centreY: view.y + view.height / 2, zoom: camera.zoom)
  }

  /// The camera a frame is shown with: the player's, centred on the selection while following
  /// it (found in `frame`), or `nil` for the whole arena.
  public func camera(for frame: Frame) -> Camera? {
    Decoration(overlay: [], camera: camera, isFollowing: isFollowing, selection: selection)
      .camera(for: frame)
  }
}
