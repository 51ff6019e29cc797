import MonsterWars

extension DemoState {
  /// The match the window shows: the timeline's preview while it is open, else the live one.
  public var shownMatch: Match { timelineView?.preview.match ?? match }

  /// Whether playing on from the timeline is allowed: not in a replay, where the recording
  /// decides, nor over the network, where the other player shares the match.
  var canBranch: Bool { replay == nil && netplaySide == nil }

  /// Handles the timeline's actions, and keeps the others from changing a match the player
  /// is not looking at while it is open.
  ///
  /// - Returns: Whether `action` was handled here.
  mutating func handleTimeline(_ action: DemoAction, at now: Double) -> Bool {
    switch action {
    case .toggleTimeline:
      if timelineView != nil {
        timelineView = nil
        notice = ("back to now", now + 1.5)
      } else if session.timeline.isEmpty {
        notice = ("no timeline is kept for this match", now + 2)
      } else {
        timelineView = TimelineView(index: session.timeline.count - 1, session: session)
      }
    case .scrub(let seconds):
      guard let view = timelineView else { return true }
      let index = min(max(view.index + seconds, 0), session.timeline.count - 1)
      timelineView = TimelineView(index: index, session: session)
    case .seekTimeline(let fraction):
      guard let view = timelineView else { return true }
      let index = TimelineView.index(
        at: fraction, timeline: session.timeline.map(\.world.tick), now: match.world.tick)
      timelineView = TimelineView(index: index, session: session)
      timelineView?.isWatching = view.isWatching
    case .toggleWatching:
      timelineView?.isWatching.toggle()
    case .togglePause where timelineView != nil:
      // In the timeline P plays and stops the past, as Space does.
      timelineView?.isWatching.toggle()
    case .playFromHere:
      guard let view = timelineView else { return true }
      guard canBranch else {
        notice = (
          replay != nil
            ? "a recording plays as it was: the timeline only shows it"
            : "over the network the timeline only shows the past", now + 2.5
        )
        return true
      }
      let tick = view.preview.match.world.tick
      session.apply(.travel(toTick: tick))
      timelineView = nil
      selection = nil
      isPaused = false
      let clock = TimelineView.clock(tick, ticksPerSecond: match.scenario.match.ticksPerSecond)
      notice = ("playing on from \(clock): a new branch (the recording keeps both)", now + 3)
    case .buy, .cancelOrder, .restart, .stepOnce:
      guard timelineView != nil else { return false }
      notice = ("the timeline is open: T returns to now", now + 2)
    default:
      return false
    }
    return true
  }

  /// Steps the timeline's preview while the player watches it, up to the live match's tick.
  mutating func advancePreview(steps: Int) {
    guard var view = timelineView, view.isWatching else { return }
    // Taken out while it steps, so that its match is not shared and copied.
    timelineView = nil
    for _ in 0..<steps where !view.preview.isAtEnd { view.preview.step() }
    if view.preview.isAtEnd { view.isWatching = false }
    timelineView = view
  }
}
