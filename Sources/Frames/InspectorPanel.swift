/// The entity inspector: a panel of rows at the right of the overlay, which any game's window
/// draws (`EntityInspection.inspectorRows` makes the rows for one entity).
package enum InspectorPanel {
  /// The panel's left edge, top and width on the overlay canvas.
  package static let left: Float = 860
  package static let top: Float = 56
  package static let width: Float = 410

  /// The lowest the panel may reach, above the controls line.
  package static let bottom: Float = 690

  /// Draws the rows on a translucent panel at the right of the overlay, clipping rows to its
  /// width and ending with an ellipsis row when they do not all fit.
  package static func draw(_ rows: [any InspectorRow], into builder: inout FrameBuilder) {
    var fitting: [any InspectorRow] = []
    var height: Float = 16
    for row in rows {
      if height + row.fontSize + 4 > bottom - top - 16 {
        fitting.append(InspectorFieldRow(text: "..."))
        height += 15
        break
      }
      fitting.append(row)
      height += row.fontSize + 4
    }
    builder.drawOverlay(
      .rect(
        RectDraw(
          x: left - 8, y: top - 8, width: width, height: height,
          color: Color(red: 10, green: 12, blue: 20, alpha: 200))),
      layer: 98)
    var y = top
    for row in fitting {
      let x = left + Float(row.indent) * row.fontSize
      let room = Int((left - 8 + width - 8 - x) / row.fontSize)
      if row.text.count > room {
        ClippedRow(row: row, text: String(row.text.prefix(max(room - 1, 1))) + "~")
          .draw(into: &builder, x: x, y: y)
      } else {
        row.draw(into: &builder, x: x, y: y)
      }
      y += row.fontSize + 4
    }
  }
}
