/// The rules every backend follows to turn frame geometry into pixels, written once so that
/// the headless rasterizer and the SDL window pick the same pixels.
public enum PixelRules {
  /// The pixel edges whose centres lie in `[start, end)`: a pixel is covered when its centre
  /// is. Unclipped; `(0, 0)` for empty or non-finite spans.
  @inlinable
  public static func coveredEdges(_ start: Float, _ end: Float) -> (lower: Float, upper: Float) {
    guard start.isFinite, end.isFinite, end > start else { return (0, 0) }
    let first = (start - 0.5).rounded(.up)
    let last = (end - 0.5).rounded(.up)
    return (first, max(first, last))
  }

  /// The pixels whose centres lie in `[start, end)`, clipped to `0..<limit`.
  @inlinable @inline(__always)
  public static func coveredPixels(_ start: Float, _ end: Float, limit: Int) -> Range<Int> {
    guard start.isFinite, end.isFinite, end > start else { return 0..<0 }
    // Clamped first, which changes no clipped result, so the edges fit an `Int` and are found
    // without a call to `ceilf` (which baseline x86-64 has no instruction for): this runs for
    // every dot of a battle's frame.
    let bound = Float(limit) + 1
    let first = min(max(ceiling(max(start, -1) - 0.5), 0), limit)
    let last = min(max(ceiling(min(end, bound) - 0.5), 0), limit)
    return first..<max(first, last)
  }

  /// The smallest whole number at or above `value`, which must lie well inside `Int`'s range.
  @inlinable @inline(__always)
  static func ceiling(_ value: Float) -> Int {
    let truncated = Int(value)
    return Float(truncated) < value ? truncated + 1 : truncated
  }

  /// The one-pixel border just inside a rectangle of whole-pixel edges, as up to four bands
  /// (top, bottom, left, right) of `(columns, rows)` edges, none overlapping.
  public static func outlineBands(
    columns: (lower: Float, upper: Float), rows: (lower: Float, upper: Float)
  ) -> [(columns: (lower: Float, upper: Float), rows: (lower: Float, upper: Float))] {
    let (left, right, top, bottom) = (columns.lower, columns.upper, rows.lower, rows.upper)
    guard left < right, top < bottom else { return [] }
    var bands = [((left, right), (top, top + 1))]
    if bottom - top > 1 { bands.append(((left, right), (bottom - 1, bottom))) }
    if bottom - top > 2 {
      bands.append(((left, left + 1), (top + 1, bottom - 1)))
      if right - left > 1 { bands.append(((right - 1, right), (top + 1, bottom - 1))) }
    }
    return bands
  }

  /// The part of a segment inside `[0, width) x [0, height)` (Liang-Barsky), or `nil` if none
  /// is; so a line far off screen costs nothing.
  public static func clip(
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

  /// Calls `body` with each pixel of a one-pixel line, in order: Bresenham's pixels between
  /// the pixels containing the end points, after clipping to `width` x `height`.
  public static func forEachLinePixel(
    from start: (Float, Float), to end: (Float, Float), width: Int, height: Int,
    _ body: (_ x: Int, _ y: Int) -> Void
  ) {
    guard let (a, b) = clip(start, end, width: Float(width), height: Float(height)) else {
      return
    }
    var x = Int(a.0.rounded(.down))
    var y = Int(a.1.rounded(.down))
    let endX = Int(b.0.rounded(.down))
    let endY = Int(b.1.rounded(.down))
    let dx = abs(endX - x)
    let dy = -abs(endY - y)
    let stepX = x < endX ? 1 : -1
    let stepY = y < endY ? 1 : -1
    var error = dx + dy
    while true {
      if x >= 0 && x < width && y >= 0 && y < height { body(x, y) }
      if x == endX && y == endY { break }
      let doubled = 2 * error
      if doubled >= dy {
        error += dy
        x += stepX
      }
      if doubled <= dx {
        error += dx
        y += stepY
      }
    }
  }
}
