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

  /// The fraction of the way from the first copy kept to now at overlay x `x`, on a bar drawn
  /// at `bar`: where a click on the bar seeks to.
  static func fraction(atX x: Float, bar: OverlayRect) -> Float {
    min(max((x - bar.x) / max(bar.width, 1), 0), 1)
  }

  /// The copy of `timeline` (ticks kept, oldest first) nearest the tick `fraction` of the way
  /// from its first to `now`.
  static func index(at fraction: Float, timeline: [UInt64], now: UInt64) -> Int {
    guard let first = timeline.first else { return 0 }
    let tick = Float(first) + fraction * Float(max(now, first) - first)
    var best = 0
    for (index, kept) in timeline.enumerated()
    where abs(Float(kept) - tick) < abs(Float(timeline[best]) - tick) {
      best = index
    }
    return best
  }

  /// Draws the timeline along the bottom of the overlay, where `layout` places it: a mark for
  /// every copy kept, a taller one every ten seconds, the preview's place in yellow and what
  /// the keys do; returns the bar a click or a drag seeks on.
  @discardableResult
  func draw(
    layout: inout HUDLayout, into builder: inout FrameBuilder, timeline: [Match], now: UInt64,
    canBranch: Bool
  ) -> OverlayRect? {
    guard let first = timeline.first else { return nil }
    let ticksPerSecond = first.scenario.match.ticksPerSecond
    let keys = DemoMessage(
      text: "Left/Right 1 s back/on  Up/Down 10 s back/on  Space play/stop  Click the bar: seek"
        + (canBranch ? "  Enter play on from here" : "") + "  T back to now  H all keys",
      color: Color(red: 230, green: 230, blue: 230), size: 12)
    let keyLines = DemoMessage.wrapped(
      keys.text, width: layout.canvas.width - 2 * layout.margin - 24, size: 12)
    guard
      let band = layout.place(
        width: layout.canvas.width - 2 * layout.margin, height: 64 + Float(keyLines.count) * 16,
        near: [.bottom])
    else { return nil }
    let left = band.x + 12
    let width = band.width - 24
    let top = band.y + 30
    builder.drawOverlay(
      .rect(
        RectDraw(
          x: band.x, y: band.y, width: band.width, height: band.height,
          color: .black.withAlpha(200))),
      layer: 96)
    let bar = OverlayRect(x: left, y: top - 4, width: width, height: 24)
    drawMarks(of: timeline, now: now, on: bar, into: &builder)
    let shown = preview.match.world.tick
    let title = DemoMessage(
      text: "Timeline: \(Self.clock(shown, ticksPerSecond: ticksPerSecond)) of "
        + "\(Self.clock(now, ticksPerSecond: ticksPerSecond))"
        + (isWatching ? " (playing)" : ""),
      color: Color(red: 255, green: 215, blue: 90), size: 12)
    title.draw(into: &builder, x: left, y: top - 24)
    for (index, line) in keyLines.enumerated() {
      DemoMessage(text: line, color: keys.color, size: 12)
        .draw(into: &builder, x: left, y: top + 24 + Float(index) * 16)
    }
    return bar
  }

  /// Draws the bar's track, a mark for every copy of `timeline` kept (a taller one every ten
  /// seconds) and the preview's place in yellow, on `bar`, from its first copy to `now`.
  private func drawMarks(
    of timeline: [Match], now: UInt64, on bar: OverlayRect, into builder: inout FrameBuilder
  ) {
    guard let first = timeline.first else { return }
    let ticksPerSecond = first.scenario.match.ticksPerSecond
    let (left, width, top) = (bar.x, bar.width, bar.y + 4)
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
    builder.drawOverlay(
      .rect(
        RectDraw(
          x: x(preview.match.world.tick) - 2, y: top - 2, width: 4, height: 22,
          color: Color(red: 255, green: 215, blue: 90))), layer: 98)
  }
}
