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
///
/// Each entity is one instance of its type's sprite in a frame (`SpriteInstance`): at its
/// position, as its `appearance` says, its dot far out shaded by `displayedHealthFraction`,
/// and the style's health bar beside it. The world writes a frame's instances straight from
/// its columns, a chunk of entities per thread. An entity changes its picture by computing
/// `appearance` (or `displayedHealthFraction`) from what it stores.
public protocol RenderTrait: GameObject {
  /// How entities of this type are layered and show their health.
  associatedtype Style: RenderStyle = StandardRenderStyle

  /// The sprite every entity of this type is drawn with.
  static var sprite: SpriteID { get }

  /// The style every entity of this type is drawn with; `StandardRenderStyle()` by default.
  static var style: Style { get }

  /// The trait's state.
  var appearance: Appearance { get set }

  /// The share of health, 0...1, the entity's dot and health bar show, or `nil` for an entity
  /// with no health to show (no bar, and its dot as bright as at full health); by default
  /// its health's fraction with `HealthTrait`, else `nil`.
  var displayedHealthFraction: Float? { get }

  /// Updates cosmetic state after a tick; by default advances the animation clock.
  mutating func animate(in context: TickContext)

  /// Steps every entity of this type; the render system calls this once per tick.
  static func stepAnimation(_ pool: inout EntityPool<Self>, in context: inout TickContext)

  /// Writes the pool's entities into a frame's instance columns; the world calls this for
  /// each chunk of entities when it makes a frame. By default each entity's
  /// `spriteInstance(kind:)` and its style's health bar. An override writes every entity of
  /// the pool exactly once (one to hide is written with a size of zero).
  static func writeInstances(_ pool: EntityPool<Self>, into writer: inout InstanceWriter)
}

extension RenderTrait where Style == StandardRenderStyle {
  /// The default style.
  public static var style: StandardRenderStyle { StandardRenderStyle() }
}

extension RenderTrait {
  /// No health to show.
  @inlinable
  public var displayedHealthFraction: Float? { nil }

  /// The entity's picture as an instance of the frame kind at place `kind`.
  @inlinable
  public func spriteInstance(kind: UInt8) -> SpriteInstance {
    let appearance = appearance
    return SpriteInstance(
      kind: kind, x: position.x, y: position.y, width: appearance.size.x,
      height: appearance.size.y, rotation: appearance.rotation,
      isMirrored: appearance.facesLeft, tint: appearance.tint,
      healthFraction: displayedHealthFraction ?? 1)
  }

  /// Advances the animation clock.
  @inlinable
  public mutating func animate(in context: TickContext) {
    appearance.animationTime += context.deltaTime
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

  /// Writes the pool's entities into a chunk of a frame's instance columns, each at its place
  /// in storage, and their health bars after the chunk's bars so far.
  ///
  /// A size is converted to half precision once for a run of entities of that size.
  /// - Complexity: O(n) in the pool's entities.
  @inlinable
  public static func writeInstances(_ pool: EntityPool<Self>, into writer: inout InstanceWriter) {
    let style = Self.style
    let kind = writer.kind
    let base = writer.identityBase
    let sprites = writer.sprites
    let identities = writer.identities
    let firstOwner = writer.firstOwner
    var lastSize: Vector2?
    var widthBits: UInt16 = 0
    var heightBits: UInt16 = 0
    var bars = writer.bars
    defer { writer.bars = bars }
    @inline(__always) func write(_ entity: Self, _ index: Int) {
      let appearance = entity.appearance
      if appearance.size != lastSize {
        lastSize = appearance.size
        widthBits = SpriteInstance.sizeBits(appearance.size.x)
        heightBits = SpriteInstance.sizeBits(appearance.size.y)
      }
      let health = entity.displayedHealthFraction
      let position = entity.position
      (sprites + index).initialize(
        to: SpriteInstance(
          kind: kind, x: position.x, y: position.y,
          widthBits: widthBits | (appearance.facesLeft ? 0x8000 : 0), heightBits: heightBits,
          turns: SpriteInstance.turns(appearance.rotation), tint: appearance.tint,
          health: SpriteInstance.health(health ?? 1)))
      (identities + index).initialize(
        to: FrameInstances.storedIdentity(entity.id.rawValue, base: base))
      guard let health,
        let bar = style.healthBar(at: position, size: appearance.size, fraction: health)
      else { return }
      bars.append(
        HealthBarInstance(
          owner: UInt32(firstOwner + index), ownerX: position.x, ownerY: position.y, bar: bar))
    }
    pool.forEach(write)
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
  /// Its health's fraction.
  @inlinable
  public var displayedHealthFraction: Float? { health.fraction }
}

extension TraitSystem {
  /// Advances every `RenderTrait` entity's cosmetic state, and draws them into frames.
  public static let render = TraitSystem(
    name: "render", trait: (any RenderTrait).self, runsInParallel: true
  ) { ($0 as? any RenderTrait.Type)?.renderJob }
}

extension RenderTrait {
  /// The render system's work on this type: `stepAnimation` each tick and `writeInstances`
  /// for each frame, and what they touch.
  static var renderJob: any AnySystemJob {
    var job = SystemJob(
      component: \Self.appearance,
      reads: [.identity, .position, .component(\.appearance), .ownState],
      // A look may be kept in properties of the type's own (a pose, a frame counter).
      writes: [.component(\.appearance), .ownState],
      run: { Self.stepAnimation(&$0, in: &$1) })
    let style = Self.style
    job.drawing = InstanceDrawing(
      sprite: Self.sprite, layer: style.layer, healthBarLayer: style.healthBarLayer,
      showsDot: style.showsDot,
      // Through the requirement, whose witness is specialised for the type.
      write: { pool, writer in Self.writeInstances(pool, into: &writer) })
    return job
  }
}

/// One chunk of entities' part of a frame's instance columns, which the world hands to
/// `RenderTrait.writeInstances(_:into:)`: each entity's instance and identity go to its place
/// in storage, its health bar after the chunk's bars so far.
public struct InstanceWriter {
  /// The kind's place in the frame.
  @usableFromInline let kind: UInt8
  /// What the kind's identities count from.
  @usableFromInline let identityBase: UInt64
  /// The kind's first instance: an entity at storage index `i` goes to `sprites + i`.
  @usableFromInline let sprites: UnsafeMutablePointer<SpriteInstance>
  /// The kind's first identity, likewise.
  @usableFromInline let identities: UnsafeMutablePointer<UInt32>
  /// The place in the whole frame of the kind's first instance, for a bar's owner.
  @usableFromInline let firstOwner: Int
  /// The chunk's bars, in storage order.
  @usableFromInline var bars: [HealthBarInstance] = []

  @usableFromInline
  init(
    kind: UInt8, identityBase: UInt64, sprites: UnsafeMutablePointer<SpriteInstance>,
    identities: UnsafeMutablePointer<UInt32>, firstOwner: Int
  ) {
    self.kind = kind
    self.identityBase = identityBase
    self.sprites = sprites
    self.identities = identities
    self.firstOwner = firstOwner
  }

  /// The kind the instances are of: their `SpriteInstance.kind`.
  @inlinable
  public var instanceKind: UInt8 { kind }

  /// Writes the instance of the entity at storage `index` (one of the pool's `indices`), and
  /// its health bar if it shows one. Every entity of the pool must be written once.
  @inlinable
  public mutating func write(
    _ instance: SpriteInstance, entity: AnyEntityID, at index: Int,
    healthBar: HealthBarDraw? = nil
  ) {
    (sprites + index).initialize(to: instance)
    (identities + index).initialize(
      to: FrameInstances.storedIdentity(entity.rawValue, base: identityBase))
    guard let healthBar else { return }
    bars.append(
      HealthBarInstance(
        owner: UInt32(firstOwner + index), ownerX: instance.x, ownerY: instance.y,
        bar: healthBar))
  }
}

/// How a drawable type's entities become a frame's instances.
struct InstanceDrawing<Entity: GameObject> {
  let sprite: SpriteID
  let layer: Int
  let healthBarLayer: Int
  let showsDot: Bool
  let write: (EntityPool<Entity>, inout InstanceWriter) -> Void
}
