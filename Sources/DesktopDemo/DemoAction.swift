import MonsterWars

/// Something the player asks the demo to do; the window's input maps onto these.
public enum DemoAction: Equatable, Sendable {
  /// Buy a unit for the player's castle.
  case buy(UnitKind)
  /// Take back the player's newest order not yet paid for.
  case cancelOrder
  /// Pause or resume the simulation.
  case togglePause
  /// Advance exactly one tick while paused.
  case stepOnce
  /// Run the simulation faster.
  case faster
  /// Run the simulation slower.
  case slower
  /// Start the match again from its first tick.
  case restart
  /// Show or hide the debug overlay.
  case toggleDebugOverlay
  /// Select the entity drawn at a world position, or close the inspector if none is there.
  case select(worldX: Float, worldY: Float)
  /// Move the camera closer (a factor above 1) or farther (below 1), toward the selection if
  /// there is one, else the view's centre: the keys.
  case zoom(by: Float)
  /// Move the camera closer or farther, keeping this world point where the view shows it: the
  /// wheel, toward the point under the pointer.
  case zoomToward(by: Float, worldX: Float, worldY: Float)
  /// Centre the view, zoomed as it is, on this world point: a click or a drag on the minimap.
  case lookAt(worldX: Float, worldY: Float)
  /// Move the view by these fractions of its width and height.
  case pan(x: Float, y: Float)
  /// Show the whole arena.
  case fitArena
  /// Keep the selected entity in the middle of the view, or stop doing so.
  case toggleFollow
  /// Open the timeline of the match's past, or close it and return to now.
  case toggleTimeline
  /// Move the open timeline by this many seconds (negative: back).
  case scrub(seconds: Int)
  /// Play the timeline's preview forward, or stop it.
  case toggleWatching
  /// Go back to the tick the timeline shows and play on from there: a new branch.
  case playFromHere
  /// Scroll the inspector's rows this many down (up when negative), to at most `limit` rows
  /// from its top (where its last row shows at its bottom): the wheel over it.
  case scrollInspector(rows: Int, limit: Int = .max)
  /// Show the copy of the match's past this fraction of the way along the open timeline: a
  /// click or a drag on its bar.
  case seekTimeline(fraction: Float)
  /// Play the recording on (or again from its start) to this fraction of its ticks: a click
  /// or a drag on its bar.
  case seekReplay(fraction: Float)
  /// Show or hide the help: every key and mouse action of the mode the demo is in.
  case toggleHelp
  /// Leave the demo.
  case quit
}

extension DemoAction {
  /// Whether the camera goes on following the selection after this action: a zoom keeps it,
  /// any other move of the view stops it.
  var keepsFollowing: Bool {
    switch self {
    case .zoom, .zoomToward: true
    default: false
    }
  }
}
