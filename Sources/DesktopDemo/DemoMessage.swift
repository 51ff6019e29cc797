import Frames
import MonsterWars

/// A one-line HUD message with an explicit colour and size.
struct DemoMessage: HUDLabel {
  var text: String
  var color: Color
  var size: Float = 16
  var textColor: Color { color }
  var fontSize: Float { size }
}

extension DemoMessage {
  /// Draws the shadow, then the text, on `layer` and the one above: over a panel drawn on a
  /// layer below.
  func draw(into builder: inout FrameBuilder, x: Float, y: Float, layer: Int) {
    if let shadowColor {
      let offset = max(1, fontSize / 8)
      builder.drawOverlay(
        .text(TextDraw(text, x: x + offset, y: y + offset, size: fontSize, color: shadowColor)),
        layer: layer)
    }
    builder.drawOverlay(
      .text(TextDraw(text, x: x, y: y, size: fontSize, color: textColor)), layer: layer + 1)
  }
}

extension DemoMessage {
  /// The dark band a HUD line is drawn on, so that it reads over grass, sand or an army.
  static let bandColor = Color(red: 16, green: 18, blue: 24, alpha: 190)

  /// Draws the line on a band of its own, 4 overlay pixels wider each side and 2 taller above
  /// and below: lines drawn a font size plus 4 apart have bands that touch but do not overlap.
  func drawOnBand(into builder: inout FrameBuilder, x: Float, y: Float) {
    builder.drawOverlay(
      .rect(
        RectDraw(
          x: x - 4, y: y - 2, width: width + 8, height: fontSize + 4, color: Self.bandColor)),
      layer: 99)
    draw(into: &builder, x: x, y: y)
  }
}

extension Side {
  /// The colour the side's castle and monsters are drawn in, as a word: "blue", "red".
  var colorName: String { self == .left ? "blue" : "red" }
}
