import Frames

/// The state of something drawn: which sprite, how large, how it faces and its colour.
public struct Appearance: Sendable, Equatable, StateHashable {
  /// The sprite to draw.
  public var sprite: SpriteID
  /// The drawn size in world units.
  public var size: Vector2
  /// Draw order: higher layers are drawn on top.
  public var layer: Int
  /// Whether the sprite is mirrored to face left.
  public var facesLeft: Bool
  /// Clockwise rotation in radians.
  public var rotation: Float
  /// Multiplies the sprite's colours (team colours); white leaves them unchanged.
  public var tint: Color
  /// Seconds of animation time, for frame selection and bobbing.
  public var animationTime: Float = 0

  /// Creates an appearance.
  public init(
    sprite: SpriteID, size: Vector2, layer: Int, facesLeft: Bool = false, rotation: Float = 0,
    tint: Color = .white
  ) {
    self.sprite = sprite
    self.size = size
    self.layer = layer
    self.facesLeft = facesLeft
    self.rotation = rotation
    self.tint = tint
  }

  /// Mixes every stored value into the hasher.
  public func hash(into hasher: inout StateHasher) {
    hasher.combine(sprite.name)
    hasher.combine(size)
    hasher.combine(layer)
    hasher.combine(facesLeft)
    hasher.combine(rotation)
    hasher.combine(UInt64(tint.red) << 24 | UInt64(tint.green) << 16 | UInt64(tint.blue) << 8)
    hasher.combine(UInt64(tint.alpha))
    hasher.combine(animationTime)
  }
}

/// Something that appears on screen.
public protocol RenderTrait: GameObject {
  /// The sprite every entity of this type is drawn with.
  static var sprite: SpriteID { get }

  /// The trait's state.
  var appearance: Appearance { get set }

  /// Updates cosmetic state after a tick; by default advances the animation clock.
  mutating func animate(in context: TickContext)

  /// Adds this entity's picture to a frame; by default its sprite, and a health bar for
  /// wounded entities with health.
  func draw(into builder: inout FrameBuilder)

  /// Steps every entity of this type; the render system calls this once per tick.
  static func stepAnimation(_ pool: inout EntityPool<Self>, in context: inout TickContext)
}

extension RenderTrait {
  /// The entity's sprite as a draw command.
  @inlinable
  public var spriteDraw: SpriteDraw {
    SpriteDraw(
      sprite: appearance.sprite, x: position.x, y: position.y, width: appearance.size.x,
      height: appearance.size.y, rotation: appearance.rotation, isMirrored: appearance.facesLeft,
      tint: appearance.tint, entity: id.rawValue)
  }

  /// Draws the sprite.
  @inlinable
  public func draw(into builder: inout FrameBuilder) {
    builder.draw(.sprite(spriteDraw), layer: appearance.layer)
  }

  /// Advances the animation clock.
  @inlinable
  public mutating func animate(in context: TickContext) {
    appearance.animationTime += context.deltaTime
  }

  /// Runs `animate` for every entity.
  @inlinable
  public static func stepAnimation(_ pool: inout EntityPool<Self>, in context: inout TickContext) {
    for index in pool.indices {
      pool[index].animate(in: context)
    }
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
  /// Draws the sprite, and above it a health bar once the entity is wounded.
  @inlinable
  public func draw(into builder: inout FrameBuilder) {
    builder.draw(.sprite(spriteDraw), layer: appearance.layer)
    guard health.current < health.maximum else { return }
    builder.draw(
      .healthBar(
        HealthBarDraw(
          x: position.x, y: position.y - appearance.size.y * 0.6 - 3,
          width: max(appearance.size.x, 12), height: 3,
          fraction: health.current / health.maximum, entity: id.rawValue)),
      layer: 90)
  }
}

extension TraitSystem {
  /// Advances every `RenderTrait` entity's cosmetic state, in the `present` phase.
  public static let render = TraitSystem(
    name: "render", trait: "RenderTrait", phase: .present
  ) { type in
    guard let drawable = type as? any RenderTrait.Type else { return nil }
    return renderJob(drawable)
  }

  private static func renderJob<Entity: RenderTrait>(_: Entity.Type) -> any AnySystemJob {
    SystemJob(
      run: { Entity.stepAnimation(&$0, in: &$1) },
      hashState: { pool, hasher in
        for entity in pool.entities { entity.appearance.hash(into: &hasher) }
      },
      draw: { pool, builder in
        for entity in pool.entities { entity.draw(into: &builder) }
      })
  }
}
