/// How HUD text looks. Every member has a default, so a view model overrides only what it must.
public protocol HUDTextStyle {
  /// The text colour; white by default.
  var textColor: Color { get }
  /// The height of a line in overlay pixels; 16 by default.
  var fontSize: Float { get }
  /// The colour of the one-pixel drop shadow that keeps text readable; `nil` for none.
  var shadowColor: Color? { get }
}

extension HUDTextStyle {
  /// White.
  public var textColor: Color { .white }
  /// 16 overlay pixels.
  public var fontSize: Float { 16 }
  /// Translucent black.
  public var shadowColor: Color? { Color(red: 0, green: 0, blue: 0, alpha: 180) }
}

/// A HUD view model that shows itself as one line of text.
public protocol HUDLabel: HUDTextStyle {
  /// What the label says.
  var text: String { get }
  /// Draws the label with its top-left corner at (`x`, `y`) in overlay coordinates; by default
  /// its shadow, then its text.
  func draw(into builder: inout FrameBuilder, x: Float, y: Float)
}

extension HUDLabel {
  /// Draws the shadow, then the text, on layers 100 and 101.
  public func draw(into builder: inout FrameBuilder, x: Float, y: Float) {
    draw(into: &builder, x: x, y: y, layer: 100)
  }

  /// Draws the shadow on `layer`, then the text on the one above: over a panel drawn on a
  /// layer below.
  public func draw(into builder: inout FrameBuilder, x: Float, y: Float, layer: Int) {
    if let shadowColor {
      let offset = max(1, fontSize / 8)
      builder.drawOverlay(
        .text(TextDraw(text, x: x + offset, y: y + offset, size: fontSize, color: shadowColor)),
        layer: layer)
    }
    builder.drawOverlay(
      .text(TextDraw(text, x: x, y: y, size: fontSize, color: textColor)), layer: layer + 1)
  }

  /// The label's drawn width in overlay pixels.
  public var width: Float { Float(text.unicodeScalars.count) * fontSize }
}
