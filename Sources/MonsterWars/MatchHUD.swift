import Frames

/// The whole HUD of a match, laid out on the overlay canvas.
public struct MatchHUD: Equatable, Sendable {
  /// Both castles' status, left then right.
  public var castles: [CastleStatusLabel]
  /// The clock.
  public var clock: TickLabel
  /// The simulation speed.
  public var speed: SpeedLabel
  /// The end-of-match banner, once the match is over.
  public var outcome: OutcomeLabel?

  /// Draws the HUD: castles in the top corners, the clock and speed top centre, and a banner
  /// across the middle when the match is over.
  public func draw(into builder: inout FrameBuilder) {
    let margin: Float = 12
    builder.drawOverlay(
      .rect(
        RectDraw(x: 0, y: 0, width: Frame.overlayWidth, height: 36, color: .black.withAlpha(110))),
      layer: 99)
    for label in castles {
      let x = label.side == .left ? margin : Frame.overlayWidth - margin - label.width
      label.draw(into: &builder, x: x, y: 10)
    }
    clock.draw(into: &builder, x: (Frame.overlayWidth - clock.width) / 2, y: 10)
    // On a band of its own, which it reads over whatever armies pass under it.
    let speedX = (Frame.overlayWidth - speed.width) / 2
    builder.drawOverlay(
      .rect(
        RectDraw(
          x: speedX - 6, y: 38, width: speed.width + 12, height: speed.fontSize + 6,
          color: .black.withAlpha(170))),
      layer: 99)
    speed.draw(into: &builder, x: speedX, y: 41)
    if let outcome {
      let y = (Frame.overlayHeight - outcome.fontSize) / 2
      builder.drawOverlay(
        .rect(
          RectDraw(
            x: 0, y: y - 20, width: Frame.overlayWidth, height: outcome.fontSize + 40,
            color: .black.withAlpha(150))),
        layer: 99)
      outcome.draw(into: &builder, x: (Frame.overlayWidth - outcome.width) / 2, y: y)
    }
  }
}
