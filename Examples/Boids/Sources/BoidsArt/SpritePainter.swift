import Imaging

/// A tiny vector painter for sprite art: filled shapes in painter's order, anti-aliased by
/// sampling each pixel on a grid, and an optional one-pixel outline around the whole picture.
struct SpritePainter {
  /// A filled region and its colour; `contains` is asked about points in pixel units, (0, 0)
  /// being the top-left corner of the picture.
  struct Shape {
    var color: RGBA
    var contains: (Float, Float) -> Bool

    /// A polygon, by the even-odd rule.
    static func polygon(_ points: [(Float, Float)], color: RGBA) -> Shape {
      Shape(color: color) { x, y in
        var isInside = false
        var previous = points[points.count - 1]
        for point in points {
          if (point.1 > y) != (previous.1 > y) {
            let crossing = point.0 + (y - point.1) * (previous.0 - point.0) / (previous.1 - point.1)
            if x < crossing { isInside.toggle() }
          }
          previous = point
        }
        return isInside
      }
    }

    /// An axis-aligned ellipse.
    static func ellipse(
      centre: (Float, Float), radii: (Float, Float), color: RGBA
    ) -> Shape {
      Shape(color: color) { x, y in
        let dx = (x - centre.0) / radii.0
        let dy = (y - centre.1) / radii.1
        return dx * dx + dy * dy <= 1
      }
    }
  }

  /// Samples per pixel along each axis.
  static let samples = 4

  let width: Int
  let height: Int

  /// Paints `shapes` in order, each over the ones before, then surrounds the picture with a
  /// one-pixel `outline`, if given, drawn beneath it.
  ///
  /// - Complexity: O(`width * height * shapes`) samples.
  func paint(_ shapes: [Shape], outline: RGBA? = nil) -> Image {
    var image = Image(width: width, height: height)
    let step = 1 / Float(Self.samples)
    for y in 0..<height {
      for x in 0..<width {
        var pixel = RGBA.transparent
        for shape in shapes {
          var hits = 0
          for row in 0..<Self.samples {
            for column in 0..<Self.samples {
              let sampleX = Float(x) + (Float(column) + 0.5) * step
              let sampleY = Float(y) + (Float(row) + 0.5) * step
              if shape.contains(sampleX, sampleY) { hits += 1 }
            }
          }
          let coverage = Float(hits) / Float(Self.samples * Self.samples)
          pixel = Self.over(shape.color, coverage: coverage, pixel)
        }
        image[x: x, y: y] = pixel
      }
    }
    guard let outline else { return image }
    var outlined = image
    for y in 0..<height {
      for x in 0..<width {
        var neighbourAlpha: UInt8 = 0
        for dy in -1...1 {
          for dx in -1...1 where (0..<width).contains(x + dx) && (0..<height).contains(y + dy) {
            neighbourAlpha = max(neighbourAlpha, image[x: x + dx, y: y + dy].a)
          }
        }
        let border = Self.over(outline, coverage: Float(neighbourAlpha) / 255, .transparent)
        outlined[x: x, y: y] = Self.over(image[x: x, y: y], coverage: 1, border)
      }
    }
    return outlined
  }

  /// `color`, covering `coverage` of the pixel, composited over `below` (straight alpha).
  static func over(_ color: RGBA, coverage: Float, _ below: RGBA) -> RGBA {
    let top = Float(color.a) / 255 * coverage
    let bottom = Float(below.a) / 255
    let alpha = top + bottom * (1 - top)
    guard alpha > 0 else { return .transparent }
    func channel(_ upper: UInt8, _ lower: UInt8) -> UInt8 {
      let value = (Float(upper) * top + Float(lower) * bottom * (1 - top)) / alpha
      return UInt8(min(max(value.rounded(), 0), 255))
    }
    return RGBA(
      r: channel(color.r, below.r), g: channel(color.g, below.g), b: channel(color.b, below.b),
      a: UInt8((alpha * 255).rounded()))
  }
}
