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
    Self.clamped(camera, arena: match.world.arenaSize)
  }

  /// `camera` clamped to an arena of `arena`'s size, as `clamped(_:)`.
  static func clamped(_ camera: Camera, arena: Vector2) -> Camera {
    let view = camera.view(worldWidth: arena.x, worldHeight: arena.y)
    return Camera(
      centreX: view.x + view.width / 2, centreY: view.y + view.height / 2, zoom: camera.zoom)
  }

  /// The camera after a view action (`zoom`, `zoomToward`, `lookAt`, `pan` or `fitArena`) in an
  /// arena of `arena`'s size, or `nil` for the whole arena; `nil` for any other action. The
  /// keys' `zoom` keeps `focus` (where the selection is drawn) in place, when there is one.
  ///
  /// What the demo's state does with these actions, and what the window does at once with a
  /// key pressed while the simulation is stepping, before the state takes it.
  static func camera(
    _ camera: Camera?, after action: DemoAction, arena: Vector2, focus: (x: Float, y: Float)? = nil
  ) -> Camera?? {
    switch action {
    case .zoom(let factor):
      return .some(
        Camera.zoomed(
          camera, by: factor, toward: focus, worldWidth: arena.x, worldHeight: arena.y))
    case .zoomToward(let factor, let x, let y):
      return .some(
        Camera.zoomed(
          camera, by: factor, toward: (x, y), worldWidth: arena.x, worldHeight: arena.y))
    case .lookAt(let x, let y):
      guard let current = camera else { return .some(nil) }
      return .some(clamped(Camera(centreX: x, centreY: y, zoom: current.zoom), arena: arena))
    case .pan(let x, let y):
      guard let current = camera else { return .some(nil) }
      let view = current.view(worldWidth: arena.x, worldHeight: arena.y)
      return .some(
        clamped(
          Camera(
            centreX: current.centreX + x * view.width,
            centreY: current.centreY + y * view.height, zoom: current.zoom), arena: arena))
    case .fitArena:
      return .some(nil)
    default:
      return nil
    }
  }

  /// The camera a frame is shown with: the player's, centred on the selection while following
  /// it (found in `frame`), or `nil` for the whole arena.
  public func camera(for frame: Frame) -> Camera? {
    Decoration(overlay: [], camera: camera, isFollowing: isFollowing, selection: selection)
      .camera(for: frame)
  }
}
