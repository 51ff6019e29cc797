/// A sprite drawn centred on a point, scaled to a size, rotated, mirrored and tinted.
public struct SpriteDraw: Sendable, Equatable {
  /// Which sprite.
  public var sprite: SpriteID
  /// The centre's x.
  public var x: Float
  /// The centre's y.
  public var y: Float
  /// The drawn width.
  public var width: Float
  /// The drawn height.
  public var height: Float
  /// Clockwise rotation in radians about the centre (y grows downward).
  public var rotation: Float
  /// Whether the sprite is mirrored left to right.
  public var isMirrored: Bool
  /// Multiplies the sprite's colours and opacity; white leaves them unchanged.
  public var tint: Color
  /// The entity this sprite shows, for interpolating between frames and picking; `nil` for
  /// none.
  public var entity: AnyEntityID?
  /// The colour of the dot shown instead of the sprite when it would be drawn smaller than
  /// `dotThreshold` pixels (a team colour shaded by health, say); `nil` keeps the sprite at
  /// any size.
  public var dot: Color?

  /// Below this many pixels across, a sprite with a `dot` colour is drawn as a dot: at that
  /// size a sprite's picture is unreadable, while a colour still tells sides and health apart.
  public static let dotThreshold: Float = 6

  /// Creates a sprite draw.
  public init(
    sprite: SpriteID, x: Float, y: Float, width: Float, height: Float, rotation: Float = 0,
    isMirrored: Bool = false, tint: Color = .white, entity: AnyEntityID? = nil,
    dot: Color? = nil
  ) {
    self.sprite = sprite
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.rotation = rotation
    self.isMirrored = isMirrored
    self.tint = tint
    self.entity = entity
    self.dot = dot
  }
}

/// An axis-aligned rectangle, filled or outlined.
public struct RectDraw: Sendable, Equatable {
  /// The left edge.
  public var x: Float
  /// The top edge.
  public var y: Float
  /// The width.
  public var width: Float
  /// The height.
  public var height: Float
  /// The colour, blended by its alpha.
  public var color: Color
  /// Whether the inside is filled; otherwise a one-pixel outline is drawn.
  public var isFilled: Bool

  /// Creates a rectangle draw.
  public init(x: Float, y: Float, width: Float, height: Float, color: Color, isFilled: Bool = true)
  {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.color = color
    self.isFilled = isFilled
  }

  /// A filled rectangle covering `rect` of the overlay.
  package init(_ rect: OverlayRect, color: Color) {
    self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height, color: color)
  }
}

/// A one-pixel line between two points.
public struct LineDraw: Sendable, Equatable {
  /// The start's x.
  public var x0: Float
  /// The start's y.
  public var y0: Float
  /// The end's x.
  public var x1: Float
  /// The end's y.
  public var y1: Float
  /// The colour, blended by its alpha.
  public var color: Color

  /// Creates a line draw.
  public init(x0: Float, y0: Float, x1: Float, y1: Float, color: Color) {
    self.x0 = x0
    self.y0 = y0
    self.x1 = x1
    self.y1 = y1
    self.color = color
  }
}

/// A line of text in the bitmap font, placed by its top-left corner.
public struct TextDraw: Sendable, Equatable {
  /// The text; characters outside ASCII 32...126 draw as a box.
  public var text: String
  /// The left edge.
  public var x: Float
  /// The top edge.
  public var y: Float
  /// The height of one line; glyphs are 8x8 cells scaled to this height.
  public var size: Float
  /// The text colour.
  public var color: Color

  /// Creates a text draw.
  public init(_ text: String, x: Float, y: Float, size: Float = 16, color: Color = .white) {
    self.text = text
    self.x = x
    self.y = y
    self.size = size
    self.color = color
  }

  /// The drawn width: each character is a square cell of `size`.
  public var width: Float { Float(text.unicodeScalars.count) * size }
}

/// A health bar centred on a point: a dark frame filled in proportion to health left.
public struct HealthBarDraw: Sendable, Equatable {
  /// The centre's x.
  public var x: Float
  /// The centre's y.
  public var y: Float
  /// The width.
  public var width: Float
  /// The height.
  public var height: Float
  /// The share of health left, 0...1.
  public var fraction: Float
  /// The entity this bar belongs to, for interpolating between frames; `nil` for none.
  public var entity: AnyEntityID?

  /// Creates a health bar draw.
  public init(
    x: Float, y: Float, width: Float, height: Float, fraction: Float,
    entity: AnyEntityID? = nil
  ) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.fraction = min(max(fraction, 0), 1)
    self.entity = entity
  }

  /// Bars of an entity drawn narrower than this many pixels are left out: at that size they
  /// are noise, and the entity's dot (see `SpriteDraw.dot`) shows its health instead.
  public static let minimumEntityBarWidth: Float = 8

  /// The colour of the frame around the bar: translucent black.
  public static let frameColor = Color(red: 0, green: 0, blue: 0, alpha: 170)

  /// The fill colour: green when healthy, through yellow, to red when nearly dead.
  public var fillColor: Color { Self.fillColor(fraction: fraction) }

  /// The fill colour of a bar `fraction` (0...1) full: green when healthy, through yellow, to
  /// red when nearly dead.
  public static func fillColor(fraction: Float) -> Color {
    let healthy = Color(red: 70, green: 200, blue: 70)
    let wounded = Color(red: 230, green: 200, blue: 40)
    let dying = Color(red: 220, green: 50, blue: 40)
    return fraction > 0.5
      ? wounded.mixed(with: healthy, fraction: (fraction - 0.5) * 2)
      : dying.mixed(with: wounded, fraction: fraction * 2)
  }
}

/// One thing to draw, in a layer; higher layers are drawn on top, equal layers in list order.
public struct DrawCommand: Sendable, Equatable {
  /// What to draw.
  public enum Shape: Sendable, Equatable {
    /// A sprite.
    case sprite(SpriteDraw)
    /// A rectangle.
    case rect(RectDraw)
    /// A line.
    case line(LineDraw)
    /// Text.
    case text(TextDraw)
    /// A health bar.
    case healthBar(HealthBarDraw)
  }

  /// What to draw.
  public var shape: Shape
  /// The draw order.
  public var layer: Int

  /// Creates a command.
  public init(_ shape: Shape, layer: Int) {
    self.shape = shape
    self.layer = layer
  }
}
