import Frames

/// The state of something drawn: how large, how it faces, its colour and its animation clock.
///
/// What every entity of a type shares (the sprite, the layer, the health bar's look) is the
/// type's, not the instance's: `RenderTrait.sprite` and `RenderTrait.style`.
public struct Appearance: Component {
  /// The drawn size in world units.
  public var size: Vector2
  /// Whether the sprite is mirrored to face left.
  public var facesLeft: Bool
  /// Clockwise rotation in radians.
  public var rotation: Float
  /// Multiplies the sprite's colours (team colours); white leaves them unchanged.
  public var tint: Color
  /// Seconds of animation time, for frame selection and bobbing.
  public var animationTime: Float = 0

  /// Creates an appearance.
  public init(size: Vector2, facesLeft: Bool = false, rotation: Float = 0, tint: Color = .white) {
    self.size = size
    self.facesLeft = facesLeft
    self.rotation = rotation
    self.tint = tint
  }

  /// Mixes every stored value into the hasher: what the default (`hashEncoding(into:)`) feeds,
  /// without walking the encoding.
  @inlinable
  public func hash(into hasher: inout StateHasher) {
    hasher.combine(size)
    hasher.combine(facesLeft)
    hasher.combine(rotation)
    hasher.combine(UInt64(tint.red))
    hasher.combine(UInt64(tint.green))
    hasher.combine(UInt64(tint.blue))
    hasher.combine(UInt64(tint.alpha))
    hasher.combine(animationTime)
  }
}

/// Something that appears on screen.
public protocol RenderTrait: GameObject {
  /// How entities of this type are layered and show their health.
  associatedtype Style: RenderStyle = StandardRenderStyle

  /// The sprite every entity of this type is drawn with.
  static var sprite: SpriteID { get }

  /// The style every entity of this type is drawn with; `StandardRenderStyle()` by default.
  static var style: Style { get }

  /// The trait's state.
  var appearance: Appearance { get set }

  /// Updates cosmetic state after a tick; by default advances the animation clock.
  mutating func animate(in context: TickContext)

  /// Adds this entity's picture to a frame; by default its sprite, and the style's health bar
  /// for entities with health.
  func draw(into builder: inout FrameBuilder)

  /// Steps every entity of this type; the render system calls this once per tick.
  static func stepAnimation(_ pool: inout EntityPool<Self>, in context: inout TickContext)

  /// Adds every entity's picture to a frame, in storage order; the render system calls this
  /// once per frame.
  static func drawEntities(_ pool: EntityPool<Self>, into builder: inout FrameBuilder)
}

extension RenderTrait where Style == StandardRenderStyle {
  /// The default style.
  public static var style: StandardRenderStyle { StandardRenderStyle() }
}

extension RenderTrait {
  /// The entity's sprite as a draw command, with the style's dot colour at full health.
  @inlinable
  public var spriteDraw: SpriteDraw { spriteDraw(healthFraction: 1) }

  /// The entity's sprite as a draw command, its dot shaded for `fraction` of health left.
  @inlinable
  func spriteDraw(healthFraction fraction: Float) -> SpriteDraw {
    let appearance = appearance
    return SpriteDraw(
      sprite: Self.sprite, x: position.x, y: position.y, width: appearance.size.x,
      height: appearance.size.y, rotation: appearance.rotation, isMirrored: appearance.facesLeft,
      tint: appearance.tint, entity: id.erased,
      dot: Self.style.dot(tint: appearance.tint, healthFraction: fraction))
  }

  /// Draws the sprite.
  @inlinable
  public func draw(into builder: inout FrameBuilder) {
    builder.draw(.sprite(spriteDraw), layer: Self.style.layer)
  }

  /// Advances the animation clock.
  @inlinable
  public mutating func animate(in context: TickContext) {
    appearance.animationTime += context.deltaTime
  }

  /// Runs `draw(into:)` for every entity.
  ///
  /// - Complexity: O(n) in the pool's entities.
  @inlinable
  public static func drawEntities(_ pool: EntityPool<Self>, into builder: inout FrameBuilder) {
    @inline(__always) func draw(_ entity: Self) { entity.draw(into: &builder) }
    pool.forEach(draw)
  }

  /// Runs `animate` for every entity.
  ///
  /// - Complexity: O(n) in the pool's entities.
  @inlinable
  public static func stepAnimation(_ pool: inout EntityPool<Self>, in context: inout TickContext) {
    let context = context
    @inline(__always) func animate(_ entity: inout Self) { entity.animate(in: context) }
    pool.updateEach(writingBack: .everyWord, animate)
  }
}

extension RenderTrait where Self: MovementTrait {
  /// Advances the animation clock and faces the way the entity moves.
  @inlinable
  public mutating func animate(in context: TickContext) {
    appearance.animationTime += context.deltaTime
    if movement.velocity.x < 0 {
      appearance.facesLeft = true
    } else if movement.velocity.x > 0 {
      appearance.facesLeft = false
    }
  }
}

extension RenderTrait where Self: HealthTrait {
  /// Draws the sprite, its dot shaded by health, and the style's health bar.
  @inlinable
  public func draw(into builder: inout FrameBuilder) {
    let style = Self.style
    builder.draw(.sprite(spriteDraw(healthFraction: health.fraction)), layer: style.layer)
    guard
      var bar = style.healthBar(
        at: position, size: appearance.size, fraction: health.fraction)
    else { return }
    bar.entity = id.erased
    builder.draw(.healthBar(bar), layer: style.healthBarLayer)
  }
}

extension TraitSystem {
  /// Advances every `RenderTrait` entity's cosmetic state, and draws them into frames.
  public static let render = TraitSystem(
    name: "render", trait: (any RenderTrait).self, runsInParallel: true
  ) { ($0 as? any RenderTrait.Type)?.renderJob }
}

extension RenderTrait {
  /// The render system's work on this type: `stepAnimation` each tick and `drawEntities` each
  /// frame, and what they touch.
  static var renderJob: any AnySystemJob {
    SystemJob(
      component: \Self.appearance,
      reads: [.identity, .position, .component(\.appearance), .ownState],
      // A look may be kept in properties of the type's own (a pose, a frame counter).
      writes: [.component(\.appearance), .ownState],
      run: { Self.stepAnimation(&$0, in: &$1) },
      draw: { pool, builder in Self.drawEntities(pool, into: &builder) })
  }
}
