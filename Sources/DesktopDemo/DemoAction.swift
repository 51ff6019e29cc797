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
  /// Move the camera closer (a factor above 1) or farther (below 1).
  case zoom(by: Float)
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
  /// Leave the demo.
  case quit
}
