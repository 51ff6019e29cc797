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
  /// The tiles drawn on since the marks were last cleared.
  var dirty: DirtyTiles

  init(width: Int, height: Int, fill: Color = .black) {
    self.width = width
    self.height = height
    pixels = [UInt8](repeating: 0, count: width * height * 4)
    dirty = DirtyTiles(width: width, height: height)
    self.fill(fill)
  }

  mutating func fill(_ color: Color) {
    dirty.markAll()
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

  /// Fills the pixels whose centres lie inside the rectangle.
  mutating func fillRect(x: Float, y: Float, width: Float, height: Float, color: Color) {
    let columns = PixelRules.coveredPixels(x, x + width, limit: self.width)
    let rows = PixelRules.coveredPixels(y, y + height, limit: self.height)
    guard !columns.isEmpty, !rows.isEmpty, color.alpha > 0 else { return }
    dirty.mark(columns: columns, rows: rows)
    let canvasWidth = self.width
    if color.alpha == 255 {
      // Opaque: each pixel is one 32-bit store of the colour's bytes in memory order.
      let packed =
        UInt32(color.red) | UInt32(color.green) << 8 | UInt32(color.blue) << 16
        | 0xFF00_0000
      let word = packed.littleEndian
      let count = columns.count
      pixels.withUnsafeMutableBytes { bytes in
        guard let base = bytes.baseAddress else { return }
        for row in rows {
          (base + (row * canvasWidth + columns.lowerBound) * 4).withMemoryRebound(
            to: UInt32.self, capacity: count
          ) { $0.update(repeating: word, count: count) }
        }
      }
      return
    }
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

  /// Draws a one-pixel line: the pixels `PixelRules.forEachLinePixel` picks.
  mutating func line(x0: Float, y0: Float, x1: Float, y1: Float, color: Color) {
    let canvasWidth = width
    let (red, green, blue, alpha) = (
      UInt32(color.red), UInt32(color.green), UInt32(color.blue), UInt32(color.alpha)
    )
    var dirty = self.dirty
    defer { self.dirty = dirty }
    pixels.withUnsafeMutableBufferPointer { buffer in
      PixelRules.forEachLinePixel(from: (x0, y0), to: (x1, y1), width: width, height: height) {
        x, y in
        dirty.mark(columns: x..<(x + 1), rows: y..<(y + 1))
        Self.blend(
          buffer, at: (y * canvasWidth + x) * 4, red: red, green: green, blue: blue, alpha: alpha)
      }
    }
  }
}
