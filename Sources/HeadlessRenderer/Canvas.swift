import Dispatch
import Frames

/// An RGBA8 pixel buffer with straight alpha, drawn on through `PixelBand`s: the whole canvas,
/// or bands of rows drawn at once on several threads.
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

  /// Calls `body` with a band of the canvas's rows (all of them by default) to draw on; what
  /// it draws is marked in `dirty`.
  mutating func withBand<Result>(
    rows: Range<Int>? = nil, _ body: (inout PixelBand) -> Result
  ) -> Result {
    let (width, height) = (self.width, self.height)
    return pixels.withUnsafeMutableBufferPointer { pixels in
      withUnsafeMutablePointer(to: &dirty) { dirty in
        var band = PixelBand(
          pixels: pixels, width: width, height: height, rows: rows ?? 0..<height, dirty: dirty)
        return body(&band)
      }
    }
  }

  /// Calls `body` with each band of `bands` (rows, none overlapping) at once, on up to
  /// `bands.count` threads; what they draw is marked in `dirty`.
  ///
  /// Every pixel is drawn by the one band holding its row, in the order `body` draws, so the
  /// picture is the one a single band of all rows gives.
  mutating func drawBands(_ bands: [Range<Int>], _ body: (Int, inout PixelBand) -> Void) {
    guard bands.count > 1 else {
      withBand(rows: bands.first) { body(0, &$0) }
      return
    }
    let (width, height) = (self.width, self.height)
    var marks = [DirtyTiles](
      repeating: DirtyTiles(width: width, height: height), count: bands.count)
    pixels.withUnsafeMutableBufferPointer { pixels in
      marks.withUnsafeMutableBufferPointer { marks in
        withoutActuallyEscaping(body) { body in
          let shared = BandWork(pixels: pixels, marks: marks, bands: bands, body: body)
          DispatchQueue.concurrentPerform(iterations: bands.count) { index in
            var band = PixelBand(
              pixels: shared.pixels, width: width, height: height, rows: shared.bands[index],
              dirty: shared.marks.baseAddress! + index)
            shared.body(index, &band)
          }
        }
      }
    }
    for band in marks { dirty = dirty.union(band) }
  }
}

/// What the threads of `Canvas.drawBands` share: each band writes only its own rows and marks.
private struct BandWork: @unchecked Sendable {
  let pixels: UnsafeMutableBufferPointer<UInt8>
  let marks: UnsafeMutableBufferPointer<DirtyTiles>
  let bands: [Range<Int>]
  let body: (Int, inout PixelBand) -> Void
}

/// A band of a canvas's rows to draw on, and the drawing primitives the rasterizer uses.
///
/// Every primitive clips to the band, so any coordinates, including ones far off screen or
/// non-finite, are safe, and bands of one canvas can be drawn on at once.
struct PixelBand {
  /// The canvas's RGBA bytes, row-major, top row first.
  let pixels: UnsafeMutableBufferPointer<UInt8>
  /// The canvas's width.
  let width: Int
  /// The canvas's height.
  let height: Int
  /// The rows this band draws; nothing outside them is touched.
  let rows: Range<Int>
  /// Where the tiles drawn on are marked.
  let dirty: UnsafeMutablePointer<DirtyTiles>

  /// Covers the band's rows with `color`, replacing what was there, alpha included.
  func fill(_ color: Color) {
    guard !rows.isEmpty else { return }
    dirty.pointee.mark(columns: 0..<width, rows: rows)
    let word =
      (UInt32(color.red) | UInt32(color.green) << 8 | UInt32(color.blue) << 16
      | UInt32(color.alpha) << 24).littleEndian
    guard let base = UnsafeMutableRawPointer(pixels.baseAddress) else { return }
    (base + rows.lowerBound * width * 4).withMemoryRebound(
      to: UInt32.self, capacity: rows.count * width
    ) { $0.update(repeating: word, count: rows.count * width) }
  }

  /// `range` (rows of the canvas) cut to the band.
  @inline(__always)
  func clipped(_ range: Range<Int>) -> Range<Int> {
    range.clamped(to: rows)
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
  @inline(__always)
  func fillRect(x: Float, y: Float, width: Float, height: Float, color: Color) {
    let columns = PixelRules.coveredPixels(x, x + width, limit: self.width)
    let rows = clipped(PixelRules.coveredPixels(y, y + height, limit: self.height))
    guard !columns.isEmpty, !rows.isEmpty, color.alpha > 0 else { return }
    dirty.pointee.mark(columns: columns, rows: rows)
    let canvasWidth = self.width
    if color.alpha == 255 {
      // Opaque: each pixel is one 32-bit store of the colour's bytes in memory order,
      // written one by one: most fills are a far-out entity's dot, a few pixels across.
      let packed =
        UInt32(color.red) | UInt32(color.green) << 8 | UInt32(color.blue) << 16
        | 0xFF00_0000
      let word = packed.littleEndian
      guard let base = UnsafeMutableRawPointer(pixels.baseAddress) else { return }
      let words = base.assumingMemoryBound(to: UInt32.self)
      for row in rows {
        var pixel = words + (row &* canvasWidth &+ columns.lowerBound)
        for _ in columns {
          pixel.pointee = word
          pixel += 1
        }
      }
      return
    }
    for row in rows {
      var offset = (row * canvasWidth + columns.lowerBound) * 4
      for _ in columns {
        Self.blend(
          pixels, at: offset, red: UInt32(color.red), green: UInt32(color.green),
          blue: UInt32(color.blue), alpha: UInt32(color.alpha))
        offset &+= 4
      }
    }
  }

  /// Draws a one-pixel line: the pixels `PixelRules.forEachLinePixel` picks.
  func line(x0: Float, y0: Float, x1: Float, y1: Float, color: Color) {
    let canvasWidth = width
    let (red, green, blue, alpha) = (
      UInt32(color.red), UInt32(color.green), UInt32(color.blue), UInt32(color.alpha)
    )
    let (pixels, dirty, rows) = (self.pixels, self.dirty, self.rows)
    PixelRules.forEachLinePixel(from: (x0, y0), to: (x1, y1), width: width, height: height) {
      x, y in
      guard rows.contains(y) else { return }
      dirty.pointee.mark(columns: x..<(x + 1), rows: y..<(y + 1))
      Self.blend(
        pixels, at: (y * canvasWidth + x) * 4, red: red, green: green, blue: blue, alpha: alpha)
    }
  }
}
