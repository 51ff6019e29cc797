/// A sprite's name in the asset folder, e.g. `zap` for `Assets/sprites/zap.bmp`.
///
/// Each `RenderTrait` type names its sprite once, as a static constant, so sprite names are not
/// scattered through the code as strings.
public struct SpriteID: Hashable, Sendable, CustomStringConvertible {
  /// The sprite's file name without extension.
  public let name: String

  /// Creates a sprite identifier from a file name without extension.
  public init(_ name: String) {
    self.name = name
  }

  /// The sprite's name.
  public var description: String { name }
}

/// The state of something drawn: which sprite, how large, and how it faces.
public struct Appearance: Sendable, Equatable, StateHashable {
  /// The sprite to draw.
  public var sprite: SpriteID
  /// The drawn size in world units.
  public var size: Vector2
  /// Draw order: higher layers are drawn on top.
  public var layer: Int
  /// Whether the sprite is mirrored to face left.
  public var facesLeft: Bool
  /// Seconds of animation time, for frame selection and bobbing.
  public var animationTime: Float = 0

  /// Creates an appearance.
  public init(sprite: SpriteID, size: Vector2, layer: Int, facesLeft: Bool = false) {
    self.sprite = sprite
    self.size = size
    self.layer = layer
    self.facesLeft = facesLeft
  }

  /// Mixes every stored value into the hasher.
  public func hash(into hasher: inout StateHasher) {
    hasher.combine(sprite.name)
    hasher.combine(size)
    hasher.combine(layer)
    hasher.combine(facesLeft)
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

  /// Steps every entity of this type; the render system calls this once per tick.
  static func stepAnimation(_ pool: inout EntityPool<Self>, in context: inout TickContext)
}

extension RenderTrait {
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

extension TraitSystem {
  /// Advances every `RenderTrait` entity's cosmetic state, in the `present` phase.
  public static let render = TraitSystem(name: "render", phase: .present) { type in
    guard let drawable = type as? any RenderTrait.Type else { return nil }
    return renderJob(drawable)
  }

  private static func renderJob<Entity: RenderTrait>(_: Entity.Type) -> any AnySystemJob {
    SystemJob(
      run: { Entity.stepAnimation(&$0, in: &$1) },
      hashState: { pool, hasher in
        for entity in pool.entities { entity.appearance.hash(into: &hasher) }
      })
  }
}
