import Frames

extension SDLBackend {
  // MARK: - Rectangles and lines

  /// Fills the pixels whose centres lie inside the rectangle.
  func fillRect(x: Float, y: Float, width: Float, height: Float, _ color: Color) {
    guard color.alpha > 0 else { return }
    appendPixelRect(
      columns: Self.pixelSpan(x, x + width), rows: Self.pixelSpan(y, y + height), color: color)
  }

  /// Draws the one-pixel border just inside the rectangle, as four quads.
  func outlineRect(x: Float, y: Float, width: Float, height: Float, _ color: Color) {
    let columns = Self.pixelSpan(x, x + width)
    let rows = Self.pixelSpan(y, y + height)
    guard columns.lower < columns.upper, rows.lower < rows.upper, color.alpha > 0 else { return }
    let (left, right, top, bottom) = (columns.lower, columns.upper, rows.lower, rows.upper)
    appendPixelRect(columns: (left, right), rows: (top, top + 1), color: color)
    if bottom - top > 1 {
      appendPixelRect(columns: (left, right), rows: (bottom - 1, bottom), color: color)
    }
    if bottom - top > 2 {
      appendPixelRect(columns: (left, left + 1), rows: (top + 1, bottom - 1), color: color)
      if right - left > 1 {
        appendPixelRect(columns: (right - 1, right), rows: (top + 1, bottom - 1), color: color)
      }
    }
  }

  /// Adds a one-pixel line as horizontal or vertical runs of the pixels Bresenham's algorithm
  /// picks between the pixels containing the (clipped) end points: the headless backend's
  /// pixels, drawn within the batch instead of breaking it for `SDL_RenderDrawLine`.
  func appendLine(x0: Float, y0: Float, x1: Float, y1: Float, color: Color) {
    guard color.alpha > 0,
      let (start, end) = Self.clip(
        (x0, y0), (x1, y1), width: outputWidth, height: outputHeight)
    else { return }
    var x = Int(start.0.rounded(.down))
    var y = Int(start.1.rounded(.down))
    let endX = Int(end.0.rounded(.down))
    let endY = Int(end.1.rounded(.down))
    let dx = abs(endX - x)
    let dy = -abs(endY - y)
    let stepX = x < endX ? 1 : -1
    let stepY = y < endY ? 1 : -1
    var error = dx + dy
    let isMostlyHorizontal = dx >= -dy
    // The run so far: pixels from (runX, runY) up to the current one along the main axis.
    var runX = x
    var runY = y
    while true {
      if x == endX && y == endY { break }
      let doubled = 2 * error
      var nextX = x
      var nextY = y
      if doubled >= dy {
        error += dy
        nextX += stepX
      }
      if doubled <= dx {
        error += dx
        nextY += stepY
      }
      let leavesRun = isMostlyHorizontal ? nextY != y : nextX != x
      if leavesRun {
        appendRun(fromX: runX, fromY: runY, toX: x, toY: y, color: color)
        runX = nextX
        runY = nextY
      }
      x = nextX
      y = nextY
    }
    appendRun(fromX: runX, fromY: runY, toX: x, toY: y, color: color)
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

  // MARK: - Geometry shared with the headless backend

  /// The pixel edges whose centres lie in `[start, end)`: the headless backend's coverage
  /// rule, unclipped.
  static func pixelSpan(_ start: Float, _ end: Float) -> (lower: Float, upper: Float) {
    guard start.isFinite, end.isFinite, end > start else { return (0, 0) }
    let first = (start - 0.5).rounded(.up)
    let last = (end - 0.5).rounded(.up)
    return (first, max(first, last))
  }

  /// The part of a segment inside `[0, width) x [0, height)`, or `nil` if none is
  /// (Liang-Barsky, as the headless backend clips).
  static func clip(
    _ start: (Float, Float), _ end: (Float, Float), width: Float, height: Float
  ) -> ((Float, Float), (Float, Float))? {
    guard start.0.isFinite, start.1.isFinite, end.0.isFinite, end.1.isFinite else { return nil }
    let dx = end.0 - start.0
    let dy = end.1 - start.1
    var low: Float = 0
    var high: Float = 1
    let limitX = width - 0.001
    let limitY = height - 0.001
    for (p, q) in [(-dx, start.0), (dx, limitX - start.0), (-dy, start.1), (dy, limitY - start.1)] {
      if p == 0 {
        if q < 0 { return nil }
      } else {
        let r = q / p
        if p < 0 { low = max(low, r) } else { high = min(high, r) }
        if low > high { return nil }
      }
    }
    return (
      (start.0 + dx * low, start.1 + dy * low), (start.0 + dx * high, start.1 + dy * high)
    )
  }
}
