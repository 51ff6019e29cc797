import Frames
import TraitSandbox

/// What the demo puts over a frame of the match, read off the demo's state at one moment: the
/// overlay (inspector, orders, notices, debug figures), the camera and the selection.
///
/// A value, so the frame loop can decorate and draw one frame while the match steps on to the
/// next on another thread.
public struct Decoration: Sendable {
  /// Overlay commands that depend on the demo's state, not on the frame.
  public var overlay: [DrawCommand]
  /// Where the player pointed the camera; `nil` shows the whole arena.
  public var camera: Camera?
  /// Whether the camera keeps the selection in the middle of the view.
  public var isFollowing: Bool
  /// The entity open in the inspector.
  public var selection: AnyEntityID?
  /// Where the layout put the minimap, drawn while the camera is zoomed in.
  public var minimap: OverlayRect?
  /// Where the layout put the inspector: the wheel over it scrolls its rows.
  public var inspector: OverlayRect?
  /// The most the inspector's rows scroll: where its last row shows at its bottom.
  public var inspectorScrollLimit = 0
  /// Where the timeline's bar is, while it is open: a click or a drag on it seeks.
  public var timelineBar: OverlayRect?
  /// Where the recording's bar is, while one plays back: a click or a drag on it seeks.
  public var replayBar: OverlayRect?
  /// Every piece the layout placed, none over another: the bar along the top, the speed's
  /// band, the panels and the lines.
  public var panels: [OverlayRect] = []
  /// Where the help went, while it shows: among `panels` when it found room, else over them.
  public var help: OverlayRect?

  /// Overlays of the demo's state: `overlay` over the frame, the camera and what it follows,
  /// and where the layout put the panels the mouse acts on.
  public init(
    overlay: [DrawCommand], camera: Camera?, isFollowing: Bool, selection: AnyEntityID?,
    minimap: OverlayRect? = nil, inspector: OverlayRect? = nil, timelineBar: OverlayRect? = nil
  ) {
    self.overlay = overlay
    self.camera = camera
    self.isFollowing = isFollowing
    self.selection = selection
    self.minimap = minimap
    self.inspector = inspector
    self.timelineBar = timelineBar
  }

  /// The layer of the frame drawn around the selected entity, over every sprite and bar.
  static let selectionLayer = 95

  /// The camera `frame` is shown with: `camera`, centred on the selection while following it.
  public func camera(for frame: Frame) -> Camera? {
    guard isFollowing, let selection else { return camera }
    return camera(showing: Self.place(of: selection, in: frame, pairing: nil, alpha: 1))
  }

  /// `camera`, centred on `selected` (where the selection is drawn) while following it.
  private func camera(showing selected: Place?) -> Camera? {
    guard isFollowing, let selected, let camera else { return camera }
    return Camera(centreX: selected.x, centreY: selected.y, zoom: camera.zoom)
  }

  /// `frame` with the camera, a frame around the selection, the minimap while zoomed in, and
  /// the overlay.
  ///
  /// With a pairing, the frame is to be drawn with its instances moved `alpha` of the way
  /// from the pairing's earlier frame (see `RenderBackend.drawFrame(_:pairedWith:alpha:)`),
  /// and the camera and the marker follow the selection to where it is drawn.
  /// - Complexity: O(instances + world commands) to find the selection and fill the minimap,
  ///   none of them copied.
  public func apply(to frame: Frame, pairedWith pairing: InstancePairing? = nil, alpha: Float = 1)
    -> Frame
  {
    var decorated = frame
    // One search of the world finds the selection for both the camera and its marker.
    let selected = selection.flatMap {
      Self.place(of: $0, in: frame, pairing: pairing, alpha: alpha)
    }
    let camera = camera(showing: selected)
    decorated.camera = camera
    var builder = FrameBuilder()
    if let marker = selected {
      builder.draw(
        .rect(
          RectDraw(
            x: marker.x - marker.width / 2 - 2, y: marker.y - marker.height / 2 - 2,
            width: marker.width + 4, height: marker.height + 4,
            color: Color(red: 255, green: 215, blue: 90), isFilled: false)),
        layer: Self.selectionLayer)
    }
    if let camera, let minimap {
      Minimap.draw(
        frame, camera: camera, selected: selected.map { ($0.x, $0.y) },
        at: (minimap.x, minimap.y), into: &builder)
    }
    if !builder.world.isEmpty {
      // Sorted by layer already: the marker can go at the end unless a world command is
      // higher, and only then is the whole list sorted again.
      if (frame.world.last?.layer ?? .min) <= Self.selectionLayer {
        decorated.world.append(contentsOf: builder.world)
      } else {
        decorated.world =
          Frame(
            tick: 0, worldWidth: 1, worldHeight: 1, world: frame.world + builder.world
          ).world
      }
    }
    decorated.overlay =
      Frame(
        tick: 0, worldWidth: 1, worldHeight: 1,
        overlay: frame.overlay + overlay + builder.overlay
      ).overlay
    return decorated
  }

  /// Where and how large an entity is drawn.
  private struct Place {
    var x: Float
    var y: Float
    var width: Float
    var height: Float
  }

  /// Where `entity` is drawn in `frame`, moved `alpha` of the way from the pairing's earlier
  /// frame when there is one: its instance, or else its sprite command.
  private static func place(
    of entity: AnyEntityID, in frame: Frame, pairing: InstancePairing?, alpha: Float
  ) -> Place? {
    frame.place(of: entity, pairedWith: pairing, alpha: alpha).map {
      Place(x: $0.x, y: $0.y, width: $0.width, height: $0.height)
    }
  }
}
