import Frames

/// The whole HUD of a match, laid out on the overlay canvas.
public struct MatchHUD: Equatable, Sendable {
  /// Both castles' status, left then right.
  public var castles: [CastleStatusLabel]
  /// The clock.
  public var clock: TickLabel
  /// The simulation speed.
  public var speed: SpeedLabel
  /// Whether the speed label is drawn: not in a window that says the speed itself.
  public var showsSpeed = true
  /// The end-of-match banner, once the match is over.
  public var outcome: OutcomeLabel?

  /// The height of the bar along the top: the castles' labels and the clock.
  public static let barHeight: Float = 36

  /// The band the speed label is drawn on, under the bar's middle, on `canvas`: what a window's
  /// layout keeps its panels off.
  public static func speedBand(of speed: SpeedLabel, canvas: OverlayCanvas) -> OverlayRect {
    OverlayRect(
      x: (canvas.width - speed.width) / 2 - 6, y: barHeight + 2, width: speed.width + 12,
      height: speed.fontSize + 6)
  }

  /// The least space between two of the bar's labels.
  static let labelGap: Float = 24

  /// Draws the HUD on the builder's canvas: castles in the top corners, the clock and speed
  /// top centre, and a banner across the middle when the match is over.
  public func draw(into builder: inout FrameBuilder) {
    let margin: Float = 12
    let canvas = builder.canvas
    builder.drawOverlay(
      .rect(
        RectDraw(
          x: 0, y: 0, width: canvas.width, height: Self.barHeight, color: .black.withAlpha(190))),
      layer: 99)
    // The labels at their own size where they fit side by side, else at the smallest.
    let labels: [any HUDLabel] = castles + [clock]
    let ownWidth = labels.reduce(0) { $0 + $1.width } + 2 * (Self.labelGap + margin)
    let size = ownWidth > canvas.width ? OverlayCanvas.smallestTextSize : nil
    var left = margin
    var right = canvas.width - margin
    for castle in castles {
      let label = SizedLabel(castle, size: size)
      let x = castle.side == .left ? margin : canvas.width - margin - label.width
      label.draw(into: &builder, x: x, y: (Self.barHeight - label.fontSize) / 2 + 2)
      if castle.side == .left { left = x + label.width } else { right = x }
    }
    // Centred, unless that would crowd a castle's label: then in the middle of the space
    // between them.
    let clock = SizedLabel(clock, size: size)
    let centred = (canvas.width - clock.width) / 2
    let x =
      centred >= left + Self.labelGap && centred + clock.width <= right - Self.labelGap
      ? centred : (left + right - clock.width) / 2
    clock.draw(into: &builder, x: x, y: (Self.barHeight - clock.fontSize) / 2 + 2)
    if showsSpeed {
      // On a band of its own, which it reads over whatever armies pass under it.
      let band = Self.speedBand(of: speed, canvas: canvas)
      builder.drawOverlay(
        .rect(
          RectDraw(
            x: band.x, y: band.y, width: band.width, height: band.height,
            color: .black.withAlpha(170))),
        layer: 99)
      speed.draw(into: &builder, x: band.x + 6, y: band.y + 3)
    }
    if let outcome {
      let outcome = SizedLabel(
        outcome,
        size: outcome.width > canvas.width - 24
          ? (canvas.width - 24) / Float(outcome.text.count) : nil)
      let y = (canvas.height - outcome.fontSize) / 2
      builder.drawOverlay(
        .rect(
          RectDraw(
            x: 0, y: y - 20, width: canvas.width, height: outcome.fontSize + 40,
            color: .black.withAlpha(150))),
        layer: 99)
      outcome.draw(into: &builder, x: (canvas.width - outcome.width) / 2, y: y)
    }
  }
}

/// A HUD label drawn at another size where the canvas is too small for its own.
private struct SizedLabel: HUDLabel {
  var base: any HUDLabel
  var size: Float?
  init(_ base: any HUDLabel, size: Float?) {
    self.base = base
    self.size = size
  }
  var text: String { base.text }
  var textColor: Color { base.textColor }
  var fontSize: Float { size ?? base.fontSize }
  var shadowColor: Color? { base.shadowColor }
}
