import Frames

/// An RGBA8 pixel buffer with straight alpha, and the drawing primitives the rasterizer uses.
///
/// Every primitive clips to the buffer, so any coordinates, including ones far off screen or
/// non-finite, are safe.
struct Canvas {
  let width: Int
  let height: Int
  /// RGBA bytes, row-major, top row first.
  var pixels: [UInt8]

  init(width: Int, height: Int, fill: Color = .black) {
    self.width = width
    self.height = height
    pixels = [UInt8](repeating: 0, count: width * height * 4)
    self.fill(fill)
  }

  mutating func fill(_ color: Color) {
    pixels.withUnsafeMutableBufferPointer { buffer in
      var index = 0
      while index < buffer.count {
        buffer[index] = color.red
        buffer[index + 1] = color.green
        buffer[index + 2] = color.blue
        buffer[index + 3] = color.alpha
        index += 4
      }
    }
  }

  // MARK: - Blending

  /// Blends a straight-alpha colour over the pixel at `offset` (the index of its red byte).
  ///
  /// Over an opaque pixel: `out = (src * a + dst * (255 - a) + 127) / 255` per channel. Over a
  /// translucent one, the general Porter-Duff "over" for straight alpha, rounded.
  @inline(__always)
  static func blend(
    _ buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int,
    red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32
  ) {
    if alpha == 0 { return }
    if alpha == 255 {
      buffer[offset] = UInt8(truncatingIfNeeded: red)
      buffer[offset &+ 1] = UInt8(truncatingIfNeeded: green)
      buffer[offset &+ 2] = UInt8(truncatingIfNeeded: blue)
      buffer[offset &+ 3] = 255
      return
    }
    let inverse = 255 &- alpha
    let destinationAlpha = UInt32(buffer[offset &+ 3])
    if destinationAlpha == 255 {
      buffer[offset] = UInt8(divideBy255(red &* alpha &+ UInt32(buffer[offset]) &* inverse))
      buffer[offset &+ 1] = UInt8(
        divideBy255(green &* alpha &+ UInt32(buffer[offset &+ 1]) &* inverse))
      buffer[offset &+ 2] = UInt8(
        divideBy255(blue &* alpha &+ UInt32(buffer[offset &+ 2]) &* inverse))
      return
    }
    // Both colours weighted by their coverage, divided by the combined coverage (all x255).
    let sourceWeight = alpha * 255
    let destinationWeight = destinationAlpha * inverse
    let total = sourceWeight + destinationWeight
    func mix(_ source: UInt32, _ destination: UInt8) -> UInt8 {
      UInt8((source * sourceWeight + UInt32(destination) * destinationWeight + total / 2) / total)
    }
    buffer[offset] = mix(red, buffer[offset])
    buffer[offset &+ 1] = mix(green, buffer[offset &+ 1])
    buffer[offset &+ 2] = mix(blue, buffer[offset &+ 2])
    buffer[offset &+ 3] = UInt8((total + 127) / 255)
  }

  /// `value / 255` rounded to nearest, for `value` in 0...65025, without a division.
  ///
  /// Exact on that range (the classic `(t + (t >> 8)) >> 8` with `t = value + 128`), and equal
  /// to `(value + 127) / 255` since 255 is odd and no quotient ends in exactly one half.
  @inline(__always)
  static func divideBy255(_ value: UInt32) -> UInt32 {
    let t = value &+ 128
    return (t &+ (t >> 8)) >> 8
  }

  /// Multiplies two 8-bit channels, rounded: 255 is the identity.
  @inline(__always)
  static func modulate(_ a: UInt8, _ b: UInt8) -> UInt32 {
    divideBy255(UInt32(a) &* UInt32(b))
  }

  // MARK: - Rectangles and lines

  /// The pixel range whose centres lie in `[start, end)`, clipped to `0..<limit`.
  @inline(__always)
  static func pixelSpan(_ start: Float, _ end: Float, limit: Int) -> Range<Int> {
    guard start.isFinite, end.isFinite, end > start else { return 0..<0 }
    let first = max(0, min(Float(limit), (start - 0.5).rounded(.up)))
    let last = max(0, min(Float(limit), (end - 0.5).rounded(.up)))
    return Int(first)..<max(Int(first), Int(last))
  }

  /// Fills the pixels whose centres lie inside the rectangle.
  mutating func fillRect(x: Float, y: Float, width: Float, height: Float, color: Color) {
    let columns = Self.pixelSpan(x, x + width, limit: self.width)
    let rows = Self.pixelSpan(y, y + height, limit: self.height)
    guard !columns.isEmpty, !rows.isEmpty, color.alpha > 0 else { return }
    let canvasWidth = self.width
    pixels.withUnsafeMutableBufferPointer { buffer in
      for row in rows {
        var offset = (row * canvasWidth + columns.lowerBound) * 4
        for _ in columns {
          Self.blend(
            buffer, at: offset, red: UInt32(color.red), green: UInt32(color.green),
            blue: UInt32(color.blue), alpha: UInt32(color.alpha))
          offset &+= 4
        }
      }
    }
  }

  /// Draws the one-pixel border just inside the rectangle.
  mutating func outlineRect(x: Float, y: Float, width: Float, height: Float, color: Color) {
    let columns = Self.pixelSpan(x, x + width, limit: Int.max)
    let rows = Self.pixelSpan(y, y + height, limit: Int.max)
    guard !columns.isEmpty, !rows.isEmpty else { return }
    let left = Float(columns.lowerBound)
    let right = Float(columns.upperBound)
    let top = Float(rows.lowerBound)
    let bottom = Float(rows.upperBound)
    fillRect(x: left, y: top, width: right - left, height: 1, color: color)
    if bottom - top > 1 {
      fillRect(x: left, y: bottom - 1, width: right - left, height: 1, color: color)
    }
    if bottom - top > 2 {
      fillRect(x: left, y: top + 1, width: 1, height: bottom - top - 2, color: color)
      if right - left > 1 {
        fillRect(x: right - 1, y: top + 1, width: 1, height: bottom - top - 2, color: color)
      }
    }
  }

  /// Draws a one-pixel line (Bresenham) between the pixels containing the two points.
  mutating func line(x0: Float, y0: Float, x1: Float, y1: Float, color: Color) {
    // Clip to the canvas (Liang-Barsky) first, so a line far off screen costs nothing.
    guard
      let (a, b) = Self.clip(
        (x0, y0), (x1, y1), width: Float(width), height: Float(height))
    else { return }
    var x = Int(a.0.rounded(.down))
    var y = Int(a.1.rounded(.down))
    let endX = Int(b.0.rounded(.down))
    let endY = Int(b.1.rounded(.down))
    let dx = abs(endX - x)
    let dy = -abs(endY - y)
    let stepX = x < endX ? 1 : -1
    let stepY = y < endY ? 1 : -1
    var error = dx + dy
    let canvasWidth = width
    let canvasHeight = height
    pixels.withUnsafeMutableBufferPointer { buffer in
      while true {
        if x >= 0 && x < canvasWidth && y >= 0 && y < canvasHeight {
          Self.blend(
            buffer, at: (y * canvasWidth + x) * 4, red: UInt32(color.red),
            green: UInt32(color.green), blue: UInt32(color.blue), alpha: UInt32(color.alpha))
        }
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

  /// The part of a segment inside `[0, width) x [0, height)`, or `nil` if none is.
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
