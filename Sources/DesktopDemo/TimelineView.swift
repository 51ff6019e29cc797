import Frames
import MonsterWars

/// The timeline the player opened: which of the session's copies it shows, and the preview
/// stepping forward from it.
public struct TimelineView {
  /// The copy of `MatchSession.timeline` the preview started from.
  public internal(set) var index: Int
  /// The past match as the player watches it.
  public internal(set) var preview: TimelinePreview
  /// Whether the preview plays forward.
  public internal(set) var isWatching = false

  /// The view of the copy at `index` of `session`'s timeline.
  init(index: Int, session: MatchSession) {
    self.index = index
    preview = session.preview(at: index)
  }

  /// `m:ss` for a tick at `ticksPerSecond`.
  static func clock(_ tick: UInt64, ticksPerSecond: Int) -> String {
    let seconds = Int(tick) / max(ticksPerSecond, 1)
    let remainder = seconds % 60
    return "\(seconds / 60):\(remainder < 10 ? "0" : "")\(remainder)"
  }

  /// Draws the timeline bar along the bottom of the overlay: a mark for every copy kept, a
  /// taller one every ten seconds, the preview's place in yellow and what the keys do.
  func draw(
    into builder: inout FrameBuilder, timeline: [Match], now: UInt64, canBranch: Bool
  ) {
    guard let first = timeline.first else { return }
    let ticksPerSecond = first.scenario.match.ticksPerSecond
    let left: Float = 40
    let width = Frame.overlayWidth - 80
    let top = Frame.overlayHeight - 84
    builder.drawOverlay(
      .rect(
        RectDraw(
          x: left - 12, y: top - 30, width: width + 24, height: 78, color: .black.withAlpha(200))),
      layer: 96)
    let start = first.world.tick
    let span = Float(max(now - start, 1))
    func x(_ tick: UInt64) -> Float { left + width * Float(tick - min(tick, start)) / span }
    builder.drawOverlay(
      .rect(
        RectDraw(
          x: left, y: top + 8, width: width, height: 2,
          color: Color(red: 150, green: 150, blue: 150))
      ), layer: 97)
    for copy in timeline {
      let second = Int(copy.world.tick) / max(ticksPerSecond, 1)
      let height: Float = second % 10 == 0 ? 12 : 6
      builder.drawOverlay(
        .rect(
          RectDraw(
            x: x(copy.world.tick), y: top + 9 - height / 2, width: 1, height: height,
            color: Color(red: 200, green: 200, blue: 200))), layer: 97)
    }
    let shown = preview.match.world.tick
    builder.drawOverlay(
      .rect(
        RectDraw(
          x: x(shown) - 2, y: top - 2, width: 4, height: 22,
          color: Color(red: 255, green: 215, blue: 90))), layer: 98)
    let title = DemoMessage(
      text: "Timeline: \(Self.clock(shown, ticksPerSecond: ticksPerSecond)) of "
        + "\(Self.clock(now, ticksPerSecond: ticksPerSecond))"
        + (isWatching ? " (playing)" : ""),
      color: Color(red: 255, green: 215, blue: 90), size: 12)
    title.draw(into: &builder, x: left, y: top - 24)
    let keys = DemoMessage(
      text: "Left/Right 1 s back/on  Up/Down 10 s back/on  Space play/stop"
        + (canBranch ? "  Enter play on from here" : "") + "  T back to now  H all keys",
      color: Color(red: 230, green: 230, blue: 230), size: 12)
    keys.draw(into: &builder, x: left, y: top + 24)
  }
}
