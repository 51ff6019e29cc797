import Foundation
import Frames
import MonsterWars
import TraitSandbox

extension DemoState {
  /// The topmost entity whose sprite covers a world position in `frame`: among its instances
  /// and its sprite commands, the one drawn last.
  static func entity(in frame: Frame, atX x: Float, y: Float) -> AnyEntityID? {
    frame.entity(atX: x, y: y)
  }

  /// The match's frame with the demo's overlays, laid out on the frame's canvas.
  public func decorate(_ frame: Frame, now: Double, statistics: FrameStatistics) -> Frame {
    decoration(now: now, statistics: statistics, canvas: frame.overlayCanvas).apply(to: frame)
  }

  /// The demo's overlays as they stand at demo time `now`, for any frame of the match, laid
  /// out on `canvas` by one pass (`HUDLayout`): the bar and the speed along the top, the
  /// player's side and orders, the hints along the bottom, the minimap, the inspector, F1's
  /// figures, the messages and the help, none over another or over the player's castle.
  public func decoration(
    now: Double, statistics: FrameStatistics, canvas: OverlayCanvas = .standard
  ) -> Decoration {
    // Everything shown is of the match on screen: the timeline's preview while it is open.
    let match = shownMatch
    var builder = FrameBuilder(canvas: canvas)
    var layout = HUDLayout(canvas: canvas, keepClear: keptClear(of: match, canvas: canvas))
    layout.reserve(OverlayRect(x: 0, y: 0, width: canvas.width, height: MatchHUD.barHeight))
    layout.reserve(MatchHUD.speedBand(of: speedLabel, canvas: canvas))
    drawSideAndOrders(of: match, layout: &layout, into: &builder)
    let bar = drawBottomLine(of: match, layout: &layout, into: &builder)
    if let problem = replayError ?? reloadError {
      ReloadErrorPanel(message: problem).draw(layout: &layout, into: &builder)
    }
    var minimap: OverlayRect?
    if camera != nil {
      minimap = layout.place(
        width: Minimap.width, height: Minimap.height, near: [.bottomRight, .bottomLeft, .topRight])
    }
    var inspector: OverlayRect?
    var scrollLimit = 0
    if let selection, let inspection = inspection(of: selection, in: match) {
      let placed = InspectorPanel.place(
        inspection.inspectorRows, layout: &layout, scroll: inspectorScroll, into: &builder)
      (inspector, scrollLimit) = (placed.rect, placed.scrollLimit)
    }
    if showsDebugOverlay {
      DebugOverlay(statistics: statistics, world: match.world, network: networkFigures)
        .draw(layout: &layout, into: &builder)
    }
    drawCentreMessages(of: match, layout: &layout, into: &builder)
    if let notice, notice.until > now {
      let message = DemoMessage(text: notice.text, color: Color(red: 255, green: 215, blue: 90))
      message.drawOnBand(layout: &layout, near: [.top, .centre], into: &builder)
    }
    let help = showsHelp ? DemoHelp(self).draw(layout: &layout, into: &builder) : nil
    var decoration = Decoration(
      overlay: builder.overlay, camera: camera, isFollowing: isFollowing, selection: selection,
      minimap: minimap, inspector: inspector, timelineBar: timelineView != nil ? bar : nil)
    decoration.replayBar = timelineView == nil ? bar : nil
    decoration.panels = layout.taken
    decoration.inspectorScrollLimit = scrollLimit
    decoration.help = help
    return decoration
  }

  /// What the inspector shows of `entity` in `match`, sides named as the game names them.
  func inspection(of entity: AnyEntityID, in match: Match) -> EntityInspection? {
    match.world.inspect(entity)?.namingFactions { index in
      Side(Faction(index)).map { "\($0.name) (\($0.colorName))" }
    }
  }

  /// The speed label the frames show as the demo stands: paused, or behind the speed asked.
  var speedLabel: SpeedLabel {
    // Behind, the rate reached is not known here: the widest one reserves room for any.
    SpeedLabel(
      speed: isFallingBehind ? 0.25 : speed, isPaused: isPaused,
      isFallingBehind: isFallingBehind, askedSpeed: speed)
  }

  /// The player's castle and the ground in front of its gate where its monsters come out, on
  /// `canvas` as the camera shows them: what no panel covers. Nothing when no one plays a
  /// side in this window (the computer plays both, or a spectator watches).
  func keptClear(of match: Match, canvas: OverlayCanvas) -> [OverlayRect] {
    guard !isAutoplay, !isSpectating, let castle = match.castle(of: playerSide) else { return [] }
    var frame = Frame(
      tick: 0, worldWidth: match.world.arenaSize.x, worldHeight: match.world.arenaSize.y)
    frame.camera = camera
    let shown = Viewport(world: frame, width: Int(canvas.width), height: Int(canvas.height))
    let area = castle.keptInSight
    let rect = OverlayRect(
      x: shown.outputX(area.left), y: shown.outputY(area.top),
      width: (area.right - area.left) * shown.scale,
      height: (area.bottom - area.top) * shown.scale
    ).insetBy(-8)
    let onCanvas = OverlayRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
    return rect.overlaps(onCanvas) ? [rect] : []
  }

  /// The player's side and waiting orders, under the castles' labels.
  private func drawSideAndOrders(
    of match: Match, layout: inout HUDLayout, into builder: inout FrameBuilder
  ) {
    var lines: [DemoMessage] = []
    if isSpectating {
      lines.append(
        DemoMessage(text: "Watching: left (blue) against right (red)", color: .white, size: 12))
    } else if !isAutoplay {
      lines.append(
        DemoMessage(
          text: "You: \(playerSide.name) (\(playerSide.colorName))", color: playerSide.color,
          size: 12))
      if let castle = match.castle(of: playerSide) {
        lines.append(
          DemoMessage(
            text: castle.ordersSummary, color: Color(red: 230, green: 230, blue: 230),
            size: 12))
      }
    }
    DemoMessage.drawOnBands(lines, layout: &layout, near: [.topLeft, .top], into: &builder)
  }

  /// What the middle of the window says: the outcome, the network banner, the timeline, how to
  /// go on after the end.
  private func drawCentreMessages(
    of match: Match, layout: inout HUDLayout, into builder: inout FrameBuilder
  ) {
    var lines: [DemoMessage] = []
    if let outcome = match.outcome, !isAutoplay {
      let verdict: (String, Color) =
        switch outcome.winner {
        case let winner? where isSpectating: ("\(winner.name.capitalized) won", winner.color)
        case playerSide: ("You won", playerSide.color)
        case nil: ("Nobody won", .white)
        case let winner?: ("You lost", winner.color)
        }
      lines.append(DemoMessage(text: verdict.0, color: verdict.1, size: 24))
    }
    for (index, line) in netplayBanner.enumerated() {
      lines.append(
        DemoMessage(
          text: line, color: index == 0 ? .white : Color(red: 255, green: 215, blue: 120),
          size: index == 0 ? 16 : 12))
    }
    if match.isOver && netplayBanner.isEmpty && timelineView == nil {
      // Over the network only the host restarts; a spectator only watches.
      let canRestart = !isSpectating && (netplaySide == nil || netplaySide == .left)
      lines.append(
        DemoMessage(
          text: canRestart ? "Press R to restart, Esc to quit" : "Esc quits", color: .white))
    }
    if let replay, replay.isFinished(session) {
      lines.append(
        DemoMessage(
          text: "End of the recording, stateHash \(match.world.stateHash()). R plays it again, "
            + "Esc quits", color: .white))
    }
    DemoMessage.drawOnBands(lines, layout: &layout, near: [.centre, .top, .bottom], into: &builder)
  }

  /// The line along the bottom: the timeline while it is open, or a recording's bar (returning
  /// the bar, which a click seeks on), else the key hints.
  private func drawBottomLine(
    of match: Match, layout: inout HUDLayout, into builder: inout FrameBuilder
  ) -> OverlayRect? {
    if let timelineView {
      return timelineView.draw(
        layout: &layout, into: &builder, timeline: session.timeline, now: self.match.world.tick,
        canBranch: canBranch)
    }
    if replay != nil {
      return drawReplayBar(layout: &layout, into: &builder)
    }
    let text: String
    if isSpectating {
      text = "H all keys  Watching  Esc quit"
    } else if !isAutoplay && !match.isOver {
      // Over the network the clock is both players', and only the host restarts.
      let rest =
        (netplaySide == nil
          ? "  P pause  +/- speed  R restart" : netplaySide == .left ? "  R restart" : "")
        + "  T timeline"
      text = "H all keys  " + BuyKeys.help(for: scenario) + "  Backspace cancel" + rest
    } else {
      text = "H all keys  T timeline  Esc quit"
    }
    let lines = DemoMessage.wrapped(
      text, width: layout.canvas.width - 2 * layout.margin - 8, size: 12
    ).map { DemoMessage(text: $0, color: Color(red: 230, green: 230, blue: 230), size: 12) }
    DemoMessage.drawOnBands(lines, layout: &layout, near: [.bottomLeft, .bottom], into: &builder)
    return nil
  }
}
