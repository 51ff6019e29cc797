/// The whole arena in a corner of the overlay while the camera is zoomed in: the entities as
/// coloured cells, and the part the view shows as a frame. Any game's window draws it.
package struct Minimap {
  /// The minimap's size on the overlay canvas.
  package static let width: Float = 256
  package static let height: Float = 144
  /// Cells across and down: each shows the last entity drawn in it, in its tint; runs of one
  /// colour along a row are drawn as one rectangle.
  package static let columns = 128
  package static let rows = 72

  /// Draws the minimap of `frame` (seen through `camera`) at the overlay's bottom right.
  ///
  /// - Complexity: O(instances + world commands) plus O(cells).
  package static func draw(_ frame: Frame, camera: Camera, into builder: inout FrameBuilder) {
    let left = Frame.overlayWidth - width - 12
    let top = Frame.overlayHeight - height - 44
    // The arena keeps its shape inside the minimap's box.
    let fit = Viewport(
      contentWidth: frame.worldWidth, contentHeight: frame.worldHeight, width: Int(width),
      height: Int(height))
    builder.drawOverlay(
      .rect(RectDraw(x: left, y: top, width: width, height: height, color: .black.withAlpha(220))),
      layer: 96)
    drawCells(cells(of: frame, fit: fit), left: left, top: top, into: &builder)
    let view = camera.view(worldWidth: frame.worldWidth, worldHeight: frame.worldHeight)
    builder.drawOverlay(
      .rect(
        RectDraw(
          x: left + fit.outputX(view.x), y: top + fit.outputY(view.y),
          width: view.width * fit.scale, height: view.height * fit.scale,
          color: Color(red: 255, green: 215, blue: 90), isFilled: false)),
      layer: 98)
  }

  /// The tint of the last entity drawn in each cell, row by row, `nil` where none is: the
  /// frame's entities placed by `fit`.
  static func cells(of frame: Frame, fit: Viewport) -> [Color?] {
    var cells = [Color?](repeating: nil, count: columns * rows)
    let cellWidth = width / Float(columns)
    let cellHeight = height / Float(rows)
    func mark(x: Float, y: Float, tint: Color) {
      let column = (fit.outputX(x) / cellWidth).rounded(.down)
      let row = (fit.outputY(y) / cellHeight).rounded(.down)
      // Compared as floats: a position far off (or not a number) never becomes an index.
      guard column >= 0, column < Float(columns), row >= 0, row < Float(rows) else { return }
      cells[Int(row) * columns + Int(column)] = tint
    }
    // Drawn in the frame's order, so a cell shows what is drawn last in it.
    for run in frame.worldRuns {
      switch run {
      case .sprites(let kind):
        for sprite in frame.instances.sprites[frame.instances.kinds[kind].sprites] {
          mark(x: sprite.x, y: sprite.y, tint: sprite.tint)
        }
      case .commands(let range):
        for command in frame.world[range] {
          guard case .sprite(let sprite) = command.shape, sprite.entity != nil else { continue }
          mark(x: sprite.x, y: sprite.y, tint: sprite.tint)
        }
      case .healthBars:
        break
      }
    }
    return cells
  }

  /// Draws `cells` from `(left, top)`: a run of cells of one colour is one rectangle, since
  /// an army fills long runs and every rectangle is a quad for the window to draw.
  static func drawCells(
    _ cells: [Color?], left: Float, top: Float, into builder: inout FrameBuilder
  ) {
    let cellWidth = width / Float(columns)
    let cellHeight = height / Float(rows)
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
  }
}
