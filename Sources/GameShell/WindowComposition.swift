import Frames
import TraitSandbox

/// A frame of the game as the window draws it, before the view's overlays: the game's frame,
/// how to draw it between its last two ticks, and what the game and the window say over it.
/// Kept by the main thread, it is drawn again through the view as it stands (a camera moved,
/// the help opened) while the game steps on.
struct WindowComposition {
  /// The game's frame (or the past's, while the timeline shows it).
  var frame: Frame
  /// The pairing of its instances with the tick's before, if it is drawn between them.
  var pairing: InstancePairing?
  /// How far between the two ticks it is drawn.
  var alpha: Float
  /// What the inspector shows of the selection.
  var inspection: EntityInspection?
  /// F1's lines and graph.
  var figures: [String]
  var graph: FrameTimeGraph?
  /// The banner: a settings file's problem, the timeline's or the replay's line, the end.
  var banner: String?
  /// The bar's fill: the timeline's or the replay's.
  var progress: Float?
  /// The player's own lines, and what of the world the panels keep clear of.
  var player: [String]
  var keptInSight: [WorldArea]

  /// The frame with `view`'s overlays, as `view` stands, and how to draw it.
  func shown(
    through view: inout GameView
  ) -> (frame: Frame, pairing: InstancePairing?, alpha: Float) {
    (drawn(through: &view), pairing, alpha)
  }

  /// The frame with `view`'s overlays, as `view` stands.
  func drawn(through view: inout GameView) -> Frame {
    view.shown(
      frame, pairedWith: pairing, alpha: alpha, inspection: inspection, figures: figures,
      graph: graph, banner: banner, progress: progress, player: player,
      keptInSight: keptInSight)
  }
}
