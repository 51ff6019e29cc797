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

extension DemoMessage {
  /// Draws the line on its band where `layout` places it, near the first of `places` with
  /// room; where none has, it is not drawn.
  func drawOnBand(
    layout: inout HUDLayout, near places: [HUDLayout.Place], into builder: inout FrameBuilder
  ) {
    Self.drawOnBands([self], layout: &layout, near: places, into: &builder)
  }

  /// Draws `lines` one under another, each on its band, as one block placed by `layout` near
  /// the first of `places` with room, lines centred in it where it is placed in the middle.
  static func drawOnBands(
    _ lines: [DemoMessage], layout: inout HUDLayout, near places: [HUDLayout.Place],
    into builder: inout FrameBuilder
  ) {
    guard !lines.isEmpty else { return }
    let width = (lines.map(\.width).max() ?? 0) + 8
    let height = lines.reduce(0) { $0 + $1.fontSize + 4 }
    guard let block = layout.place(width: width, height: height, near: places) else { return }
    let isCentred = abs(block.x + block.width / 2 - layout.canvas.width / 2) < 1
    var y = block.y + 2
    for line in lines {
      let x = isCentred ? block.x + (block.width - line.width) / 2 : block.x + 4
      line.drawOnBand(into: &builder, x: x, y: y)
      y += line.fontSize + 4
    }
  }

  /// `text` in lines at most `width` overlay units wide at `size`, broken between the double
  /// spaces that part a hint line's items where they can be, else between words.
  static func wrapped(_ text: String, width: Float, size: Float) -> [String] {
    TextLines.wrappedItems(text, width: max(Int(width / size), 1))
  }
}
