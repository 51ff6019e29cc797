import Frames

/// A one-line HUD message with an explicit colour and size.
struct DemoMessage: HUDLabel {
  var text: String
  var color: Color
  var size: Float = 16
  var textColor: Color { color }
  var fontSize: Float { size }
}
