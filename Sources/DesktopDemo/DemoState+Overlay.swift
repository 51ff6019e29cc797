import Foundation
import Frames
import MonsterWars
import TraitSandbox

extension DemoState {
  /// The player's orders as the HUD shows them: kinds with their counts in the order they
  /// were first placed, and what the next one waits for, if it cannot be paid yet.
  static func ordersText(_ castle: Castle) -> String {
    guard let next = castle.orders.first else { return "Orders: none" }
    var counts: [(kind: UnitKind, count: Int)] = []
    for kind in castle.orders {
      if let index = counts.firstIndex(where: { $0.kind == kind }) {
        counts[index].count += 1
      } else {
        counts.append((kind, 1))
      }
    }
    let list = counts.map {
      $0.count > 1 ? "\($0.kind.displayName) x\($0.count)" : $0.kind.displayName
    }
    let cost = castle.armory.cost(of: next) ?? 0
    let wait = cost > castle.spawner.budget ? "; \(next.displayName) next, needs $\(Int(cost))" : ""
    return "Orders \(castle.orders.count)/\(Castle.maximumOrders): "
      + list.joined(separator: ", ") + wait
  }

  /// The topmost entity whose sprite covers a world position in `frame`: among its instances
  /// and its sprite commands, the one drawn last.
  static func entity(in frame: Frame, atX x: Float, y: Float) -> AnyEntityID? {
    frame.entity(atX: x, y: y)
  }

  /// The match's frame with the demo's overlays: inspector, debug figures, notices.
  public func decorate(_ frame: Frame, now: Double, statistics: FrameStatistics) -> Frame {
    decoration(now: now, statistics: statistics).apply(to: frame)
  }

  /// The demo's overlays as they stand at demo time `now`, for any frame of the match.
  public func decoration(now: Double, statistics: FrameStatistics) -> Decoration {
    // Everything shown is of the match on screen: the timeline's preview while it is open.
    let match = shownMatch
    var builder = FrameBuilder()
    if let selection, let inspection = match.world.inspect(selection) {
      InspectorPanel.draw(inspection.inspectorRows, into: &builder)
    }
    if showsDebugOverlay {
      // Below the player's side and orders (lines at 42 and 58), when they are shown.
      DebugOverlay(
        statistics: statistics, world: match.world, network: networkFigures,
        top: isAutoplay ? 56 : 90
      )
      .draw(into: &builder)
    }
    drawSideAndOrders(of: match, into: &builder)
    drawCentreMessages(of: match, into: &builder)
    drawHints(of: match, now: now, into: &builder)
    if let problem = replayError ?? reloadError {
      ReloadErrorPanel(message: problem).draw(into: &builder)
    }
    if showsHelp { DemoHelp(self).draw(into: &builder) }
    return Decoration(
      overlay: builder.overlay, camera: camera, isFollowing: isFollowing, selection: selection)
  }

  /// The player's side and waiting orders, under the castles' labels.
  private func drawSideAndOrders(of match: Match, into builder: inout FrameBuilder) {
    if isSpectating {
      let watching = DemoMessage(
        text: "Watching: left (blue) against right (red)", color: .white, size: 12)
      watching.drawOnBand(into: &builder, x: 12, y: 42)
    } else if !isAutoplay {
      let you = DemoMessage(
        text: "You: \(playerSide.name) (\(playerSide.colorName))", color: playerSide.color,
        size: 12)
      you.drawOnBand(into: &builder, x: 12, y: 42)
      if let castle = match.castle(of: playerSide) {
        let orders = DemoMessage(
          text: Self.ordersText(castle), color: Color(red: 230, green: 230, blue: 230), size: 12)
        orders.drawOnBand(into: &builder, x: 12, y: 58)
      }
    }
  }

  /// What the middle of the window says: the outcome, the network banner, the timeline, how to go on after the end.
  private func drawCentreMessages(of match: Match, into builder: inout FrameBuilder) {
    if let outcome = match.outcome, !isAutoplay {
      let verdict: (String, Color) =
        switch outcome.winner {
        case let winner? where isSpectating: ("\(winner.name.capitalized) won", winner.color)
        case playerSide: ("You won", playerSide.color)
        case nil: ("Nobody won", .white)
        case let winner?: ("You lost", winner.color)
        }
      let message = DemoMessage(text: verdict.0, color: verdict.1, size: 24)
      message.drawOnBand(into: &builder, x: (Frame.overlayWidth - message.width) / 2, y: 280)
    }
    for (index, line) in netplayBanner.enumerated() {
      let message = DemoMessage(
        text: line, color: index == 0 ? .white : Color(red: 255, green: 215, blue: 120),
        size: index == 0 ? 16 : 12)
      message.draw(
        into: &builder, x: (Frame.overlayWidth - message.width) / 2, y: 200 + Float(index) * 26)
    }
    if let timelineView {
      timelineView.draw(
        into: &builder, timeline: session.timeline, now: self.match.world.tick,
        canBranch: canBranch)
    }
    if match.isOver && netplayBanner.isEmpty && timelineView == nil {
      // Over the network only the host restarts; a spectator only watches.
      let canRestart = !isSpectating && (netplaySide == nil || netplaySide == .left)
      let hint = DemoMessage(
        text: canRestart ? "Press R to restart, Esc to quit" : "Esc quits", color: .white)
      hint.drawOnBand(into: &builder, x: (Frame.overlayWidth - hint.width) / 2, y: 400)
    }
    if let replay, replay.isFinished(session) {
      let end = DemoMessage(
        text: "End of the recording, stateHash \(match.world.stateHash()). R plays it again, "
          + "Esc quits", color: .white)
      end.drawOnBand(into: &builder, x: (Frame.overlayWidth - end.width) / 2, y: 430)
    }
  }

  /// The key hints along the bottom and the latest notice.
  private func drawHints(of match: Match, now: Double, into builder: inout FrameBuilder) {
    if let replay, !replay.isFinished(session), replayError == nil {
      let help = DemoMessage(
        text: "Playing a recording  P pause  +/- speed  R from the start  H all keys  Esc quit",
        color: Color(red: 230, green: 230, blue: 230), size: 12)
      help.drawOnBand(into: &builder, x: 12, y: Frame.overlayHeight - 24)
    }
    if isSpectating {
      let help = DemoMessage(
        text: "Watching  H all keys  Esc quit", color: Color(red: 230, green: 230, blue: 230),
        size: 12)
      help.drawOnBand(into: &builder, x: 12, y: Frame.overlayHeight - 24)
    } else if !isAutoplay && !match.isOver && replay == nil && timelineView == nil {
      // Over the network the clock is both players', and only the host restarts.
      let rest =
        (netplaySide == nil
          ? "  P pause  +/- speed  R restart" : netplaySide == .left ? "  R restart" : "")
        + "  T timeline"
      let help = DemoMessage(
        text: "H all keys  " + BuyKeys.help(for: scenario) + "  Backspace cancel" + rest,
        color: Color(red: 230, green: 230, blue: 230), size: 12)
      help.drawOnBand(into: &builder, x: 12, y: Frame.overlayHeight - 24)
    }
    if let notice, notice.until > now {
      let message = DemoMessage(text: notice.text, color: Color(red: 255, green: 215, blue: 90))
      message.drawOnBand(into: &builder, x: (Frame.overlayWidth - message.width) / 2, y: 84)
    }
  }
}
