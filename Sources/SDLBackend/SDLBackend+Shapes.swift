import Frames

extension SDLBackend {
  // MARK: - Rectangles and lines

  /// Fills the pixels whose centres lie inside the rectangle, as one quad.
  public func fillRect(x: Float, y: Float, width: Float, height: Float, color: Color) {
    guard color.alpha > 0 else { return }
    appendPixelRect(
      columns: PixelRules.coveredEdges(x, x + width), rows: PixelRules.coveredEdges(y, y + height),
      color: color)
  }

  /// Draws the one-pixel border just inside the rectangle, as up to four quads.
  public func outlineRect(x: Float, y: Float, width: Float, height: Float, color: Color) {
    guard color.alpha > 0 else { return }
    let bands = PixelRules.outlineBands(
      columns: PixelRules.coveredEdges(x, x + width), rows: PixelRules.coveredEdges(y, y + height))
    for band in bands { appendPixelRect(columns: band.columns, rows: band.rows, color: color) }
  }

  /// Adds a one-pixel line as horizontal or vertical runs of the pixels
  /// `PixelRules.forEachLinePixel` picks (the headless backend's pixels), drawn within the
  /// batch instead of breaking it for `SDL_RenderDrawLine`.
  public func drawLine(x0: Float, y0: Float, x1: Float, y1: Float, color: Color) {
    guard color.alpha > 0 else { return }
    var run: (startX: Int, startY: Int, endX: Int, endY: Int)?
    PixelRules.forEachLinePixel(
      from: (x0, y0), to: (x1, y1), width: Int(outputWidth), height: Int(outputHeight)
    ) { x, y in
      if let current = run {
        let extendsRow = y == current.startY && y == current.endY
        let extendsColumn = x == current.startX && x == current.endX
        if extendsRow || extendsColumn {
          run = (current.startX, current.startY, x, y)
          return
        }
        appendRun(
          fromX: current.startX, fromY: current.startY, toX: current.endX, toY: current.endY,
          color: color)
      }
      run = (x, y, x, y)
    }
    if let run {
      appendRun(fromX: run.startX, fromY: run.startY, toX: run.endX, toY: run.endY, color: color)
    }
  }

  func appendRun(fromX: Int, fromY: Int, toX: Int, toY: Int, color: Color) {
    appendPixelRect(
      columns: (Float(min(fromX, toX)), Float(max(fromX, toX) + 1)),
      rows: (Float(min(fromY, toY)), Float(max(fromY, toY) + 1)), color: color)
  }

  /// Adds a quad over whole pixels, culled when off screen, showing `region` stretched over
  /// `placement` (by default, over the quad).
  ///
  /// `region` defaults to the white block, for solid colours; those are cut to just past the
  /// output here, which changes nothing drawn since every texel is white.
  func appendPixelRect(
    columns: (lower: Float, upper: Float), rows: (lower: Float, upper: Float),
    region: AtlasRegion? = nil, placement: (x: Float, y: Float, width: Float, height: Float)? = nil,
    color: Color
  ) {
    var (left, right) = columns
    var (top, bottom) = rows
    guard left < right, top < bottom, right > 0, left < outputWidth, bottom > 0,
      top < outputHeight
    else { return }
    if region == nil {
      left = max(left, -1)
      top = max(top, -1)
      right = min(right, outputWidth + 1)
      bottom = min(bottom, outputHeight + 1)
    }
    batch.appendRect(
      left: left, top: top, right: right, bottom: bottom, region: region ?? solid,
      placement: placement, color: color)
  }
}
