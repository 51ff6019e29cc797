/// The entity inspector: a panel of rows that any game's window draws where its layout puts it
/// (`EntityInspection.inspectorRows` makes the rows for one entity). Rows that do not fit
/// scroll: the wheel over the panel moves them.
package enum InspectorPanel {
  /// The panel's width on the overlay canvas.
  package static let width: Float = 410
  /// The least height the layout gives the panel: its title and a few rows.
  package static let minimumHeight: Float = 120
  /// The gap between the panel's edge and its rows.
  static let padding: Float = 8

  /// The height the panel needs to show every one of `rows`.
  package static func height(of rows: [any InspectorRow]) -> Float {
    rows.reduce(2 * padding) { $0 + $1.fontSize + 4 }
  }

  /// The most `scroll` can be for `rows` in a panel `height` tall: the first row shown when
  /// the last one is at the bottom.
  package static func maximumScroll(of rows: [any InspectorRow], height: Float) -> Int {
    var room = height - 2 * padding - rowHeight
    var first = rows.count
    while first > 0, room >= rows[first - 1].fontSize + 4 {
      room -= rows[first - 1].fontSize + 4
      first -= 1
    }
    return first
  }

  /// Draws `rows` from the `scroll`-th on where `layout` places the panel: as tall as they
  /// need, or as the room near the top right allows (at least `minimumHeight`, over the
  /// layout's other pieces only where no room is left); returns where it went and the most
  /// its rows scroll there.
  package static func place(
    _ rows: [any InspectorRow], layout: inout HUDLayout, scroll: Int,
    into builder: inout FrameBuilder
  ) -> (rect: OverlayRect, scrollLimit: Int) {
    let rect =
      layout.placeColumn(
        width: width, height: height(of: rows), minimumHeight: minimumHeight,
        near: [.topRight, .right, .topLeft])
      ?? OverlayRect(
        x: layout.canvas.width - width - layout.margin, y: layout.margin, width: width,
        height: minimumHeight)
    draw(rows, in: rect, scroll: scroll, into: &builder)
    return (rect, maximumScroll(of: rows, height: rect.height))
  }

  /// The height of the line that says how many rows are above or below.
  static let rowHeight: Float = 16

  /// Draws `rows` from the `scroll`-th on (kept within what can scroll) on a translucent panel
  /// filling `rect`, clipping each row to the panel's width; a first line says how many rows
  /// are above when scrolled, a last one how many are below when they do not all fit.
  package static func draw(
    _ rows: [any InspectorRow], in rect: OverlayRect, scroll: Int = 0,
    into builder: inout FrameBuilder
  ) {
    builder.drawOverlay(
      .rect(
        RectDraw(rect, color: Color(red: 10, green: 12, blue: 20, alpha: 200))),
      layer: 98)
    let first = min(max(scroll, 0), maximumScroll(of: rows, height: rect.height))
    var y = rect.y + padding
    let bottom = rect.bottom - padding
    var shown: [any InspectorRow] = []
    if first > 0 {
      shown.append(InspectorMoreRow(text: "^ \(first) more: the wheel scrolls"))
    }
    var index = first
    while index < rows.count {
      let used = shown.reduce(0) { $0 + $1.fontSize + 4 }
      let isLast = index == rows.count - 1
      // The last line is kept for "more below" unless this row is the last.
      let room = bottom - y - used - (isLast ? 0 : rowHeight)
      guard rows[index].fontSize + 4 <= room else { break }
      shown.append(rows[index])
      index += 1
    }
    if index < rows.count {
      shown.append(InspectorMoreRow(text: "v \(rows.count - index) more: the wheel scrolls"))
    }
    for row in shown {
      let x = rect.x + padding + Float(row.indent) * row.fontSize
      let room = Int((rect.right - padding - x) / row.fontSize)
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

/// The inspector's line saying how many rows are out of sight.
struct InspectorMoreRow: InspectorRow {
  var text: String
  var textColor: Color { Color(red: 255, green: 215, blue: 90) }
  var fontSize: Float { 12 }
}
