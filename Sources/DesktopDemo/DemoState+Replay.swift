import Frames
import MonsterWars

extension DemoState {
  /// The ticks a recording plays from its start to its end, restarts and travels through the
  /// timeline included: each part from where it began to where the next began.
  static func ticksPlayed(by recording: MatchRecording, from start: UInt64) -> Int {
    var total = 0
    var partStart = start
    for input in recording.inputs {
      switch input.input {
      case .restart:
        total += Int(input.tick - min(input.tick, partStart))
        partStart = 0
      case .travel(let tick):
        total += Int(input.tick - min(input.tick, partStart))
        partStart = tick
      default: break
      }
    }
    return total + Int(recording.finalTick - min(recording.finalTick, partStart))
  }

  /// The ticks the recording being played back plays in all, and how many it has played.
  public var replayProgress: (played: Int, total: Int)? {
    guard let replay else { return nil }
    return (replayPlayed, Self.ticksPlayed(by: replay.recording, from: replayStartTick))
  }

  /// Seeks the recording being played back to `fraction` of its ticks: forward by playing on
  /// as fast as the simulation goes, back by playing it again from its start to there.
  mutating func seekReplay(to fraction: Float, at now: Double) {
    guard let progress = replayProgress, let recording = replay?.recording else { return }
    let target = Int((Float(progress.total) * min(max(fraction, 0), 1)).rounded())
    if target < progress.played {
      restartReplay(recording)
    }
    replaySeekTarget = target > replayPlayed ? target : nil
    if replaySeekTarget != nil {
      notice = ("seeking to \(clock(ticks: target)) of the recording", now + 1.5)
    }
  }

  /// Starts `recording` again from its first tick.
  mutating func restartReplay(_ recording: MatchRecording) {
    session = Self.prepared(recording.start(), threads: threadCount)
    replay = ReplayScript(recording)
    replayError = nil
    replayPlayed = 0
    replaySeekTarget = nil
    replayStartTick = session.match.world.tick
  }

  /// `m:ss` for `ticks` of the match's rate.
  func clock(ticks: Int) -> String {
    TimelineView.clock(UInt64(max(ticks, 0)), ticksPerSecond: match.scenario.match.ticksPerSecond)
  }

  /// The ticks a step runs while seeking, whatever the clock grants: as many as a frame's
  /// step of a small match takes in a few milliseconds; a big battle seeks slower.
  static let seekTicksPerStep = 60

  /// Draws the recording's bar along the bottom, where `layout` places it: how far it has
  /// played of how long it is, the part played in yellow, and the keys; returns the bar a
  /// click or a drag seeks on.
  func drawReplayBar(layout: inout HUDLayout, into builder: inout FrameBuilder) -> OverlayRect? {
    guard let progress = replayProgress else { return nil }
    let keys =
      "Click the bar: seek  P pause  +/- speed  R from the start  T timeline  H all keys  Esc quit"
    let keyLines = DemoMessage.wrapped(
      keys, width: layout.canvas.width - 2 * layout.margin - 24, size: 12)
    guard
      let band = layout.place(
        width: layout.canvas.width - 2 * layout.margin, height: 58 + Float(keyLines.count) * 16,
        near: [.bottom])
    else { return nil }
    builder.drawOverlay(
      .rect(
        RectDraw(
          x: band.x, y: band.y, width: band.width, height: band.height,
          color: DemoMessage.bandColor)), layer: 96)
    let bar = OverlayRect(x: band.x + 12, y: band.y + 26, width: band.width - 24, height: 8)
    let played = Float(progress.played) / Float(max(progress.total, 1))
    builder.drawOverlay(
      .rect(
        RectDraw(
          x: bar.x, y: bar.y, width: bar.width, height: bar.height,
          color: Color(red: 90, green: 90, blue: 90))), layer: 97)
    builder.drawOverlay(
      .rect(
        RectDraw(
          x: bar.x, y: bar.y, width: bar.width * min(played, 1), height: bar.height,
          color: Color(red: 255, green: 215, blue: 90))), layer: 98)
    let seeking = replaySeekTarget.map { "  (seeking to \(clock(ticks: $0)))" } ?? ""
    DemoMessage(
      text: "Recording: \(clock(ticks: progress.played)) of \(clock(ticks: progress.total))"
        + (isPaused ? ", paused" : "") + seeking,
      color: Color(red: 255, green: 215, blue: 90), size: 12
    ).draw(into: &builder, x: bar.x, y: band.y + 8)
    for (index, line) in keyLines.enumerated() {
      DemoMessage(text: line, color: Color(red: 230, green: 230, blue: 230), size: 12)
        .draw(into: &builder, x: bar.x, y: bar.bottom + 8 + Float(index) * 16)
    }
    return bar.insetBy(-6)
  }
}
