import Frames

/// The whole arena in a corner of the overlay while the camera is zoomed in: the entities as
/// coloured cells, and the part the view shows as a frame.
struct Minimap {
  /// The minimap's size on the overlay canvas.
  static let width: Float = 256
  static let height: Float = 144
  /// Cells across and down: each shows the last entity drawn in it, in its tint; runs of one
  /// colour along a row are drawn as one rectangle.
  static let columns = 128
  static let rows = 72

  /// Draws the minimap of `frame` (seen through `camera`) at the overlay's bottom right.
  ///
  /// - Complexity: O(world commands) plus O(cells).
  static func draw(_ frame: Frame, camera: Camera, into builder: inout FrameBuilder) {
    let left = Frame.overlayWidth - width - 12
    let top = Frame.overlayHeight - height - 44
    // The arena keeps its shape inside the minimap's box.
    let fit = Viewport(
      contentWidth: frame.worldWidth, contentHeight: frame.worldHeight, width: Int(width),
      height: Int(height))
    builder.drawOverlay(
      .rect(RectDraw(x: left, y: top, width: width, height: height, color: .black.withAlpha(220))),
      layer: 96)
    var cells = [Color?](repeating: nil, count: columns * rows)
    let cellWidth = width / Float(columns)
    let cellHeight = height / Float(rows)
    for command in frame.world {
      guard case .sprite(let sprite) = command.shape, sprite.entity != nil else { continue }
      let column = Int((fit.outputX(sprite.x) / cellWidth).rounded(.down))
      let row = Int((fit.outputY(sprite.y) / cellHeight).rounded(.down))
      guard (0..<columns).contains(column), (0..<rows).contains(row) else { continue }
      cells[row * columns + column] = sprite.tint
    }
    // A run of cells of one colour is one rectangle: an army fills long runs, and every
    // rectangle is a quad for the window to draw.
    for row in 0..<rows {
      var column = 0
      while column < columns {
        guard let color = cells[row * columns + column] else {
          column += 1
          continue
        }
        var end = column + 1
        while end < columns, cells[row * columns + end] == color { end += 1 }
        builder.drawOverlay(
          .rect(
            RectDraw(
              x: left + Float(column) * cellWidth, y: top + Float(row) * cellHeight,
              width: Float(end - column) * cellWidth, height: cellHeight, color: color)),
          layer: 97)
        column = end
      }
    }
    let view = camera.view(worldWidth: frame.worldWidth, worldHeight: frame.worldHeight)
    builder.drawOverlay(
      .rect(
        RectDraw(
          x: left + fit.outputX(view.x), y: top + fit.outputY(view.y),
          width: view.width * fit.scale, height: view.height * fit.scale,
          color: Color(red: 255, green: 215, blue: 90), isFilled: false)),
      layer: 98)
  }
}
