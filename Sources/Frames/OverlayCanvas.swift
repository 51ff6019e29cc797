/// The canvas a frame's overlay (its HUD) is laid out on, in overlay units: mapped onto the
/// output with one scale, centred.
///
/// A window lays its HUD out on the canvas made for its drawable (`fitting(width:height:)`):
/// as large as `standard` where the drawable is as large or larger, scaled up with it, and
/// smaller, down to the size at which the smallest HUD text is still `minimumTextPixels` tall,
/// where it is not. The HUD's panels are placed from the canvas's edges, so they move in as the
/// canvas shrinks instead of shrinking with it.
public struct OverlayCanvas: Sendable, Equatable {
  /// The canvas's width in overlay units.
  public var width: Float
  /// The canvas's height in overlay units.
  public var height: Float

  /// Creates a canvas of `width` x `height` units, at least 1 x 1.
  public init(width: Float, height: Float) {
    self.width = width.isFinite ? max(width, 1) : 1
    self.height = height.isFinite ? max(height, 1) : 1
  }

  /// 1280 x 720: the canvas of a frame made without a window in mind, and the one a large
  /// drawable's canvas scales up from.
  public static let standard = OverlayCanvas(width: 1280, height: 720)

  /// The smallest text size the HUD draws, in overlay units.
  public static let smallestTextSize: Float = 12

  /// How many drawable pixels tall the smallest HUD text is drawn, at the least.
  public static let minimumTextPixels: Float = 10

  /// The canvas for a drawable of `width` x `height` pixels: of the drawable's shape, with
  /// drawable pixels per unit (`scale(width:height:)`) the larger of what fits `standard` and
  /// what draws the smallest text `minimumTextPixels` tall.
  public static func fitting(width: Int, height: Int) -> OverlayCanvas {
    let scale = Self.scale(width: width, height: height)
    return OverlayCanvas(width: Float(max(width, 1)) / scale, height: Float(max(height, 1)) / scale)
  }

  /// The drawable pixels per overlay unit of `fitting(width:height:)`'s canvas.
  public static func scale(width: Int, height: Int) -> Float {
    let fitsStandard = min(
      Float(max(width, 1)) / standard.width, Float(max(height, 1)) / standard.height)
    return max(fitsStandard, minimumTextPixels / smallestTextSize)
  }
}

/// A rectangle on the overlay canvas, in overlay units.
public struct OverlayRect: Sendable, Equatable {
  /// The left edge.
  public var x: Float
  /// The top edge.
  public var y: Float
  /// The width.
  public var width: Float
  /// The height.
  public var height: Float

  /// Creates a rectangle.
  public init(x: Float, y: Float, width: Float, height: Float) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The right edge.
  public var right: Float { x + width }
  /// The bottom edge.
  public var bottom: Float { y + height }

  /// Whether the two rectangles share any area (touching edges do not).
  public func overlaps(_ other: OverlayRect) -> Bool {
    x < other.right && other.x < right && y < other.bottom && other.y < bottom
  }

  /// Whether the point is inside.
  public func contains(x pointX: Float, y pointY: Float) -> Bool {
    pointX >= x && pointX < right && pointY >= y && pointY < bottom
  }

  /// This rectangle grown by `margin` on every side.
  public func insetBy(_ margin: Float) -> OverlayRect {
    OverlayRect(
      x: x + margin, y: y + margin, width: width - 2 * margin, height: height - 2 * margin)
  }
}
