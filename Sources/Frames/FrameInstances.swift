/// A frame's entities as columns: one `SpriteInstance` per entity, its identity, and the
/// health bars of those that show one, grouped by kind (one per entity type).
///
/// The world writes the columns straight from its own, a chunk of entities per thread, each
/// entity at its place in its type's storage: a battle of a million costs 24 bytes an entity
/// (a 20-byte instance and a 4-byte identity) plus 24 a health bar, and no allocation per
/// entity. Backends draw the columns as they are (a GPU uploads them once per tick).
///
/// Identities are stored as 32-bit offsets from their kind's `identityBase`; an entity more
/// than 2^32 - 2 identities above the oldest of its kind in the frame is stored as
/// `noIdentity`, and is drawn like the rest but neither picked nor paired with an earlier frame.
public struct FrameInstances: Sendable, Equatable {
  /// The kinds, in the order their entity types were registered; a kind's instances and bars
  /// lie together in the columns.
  public private(set) var kinds: [InstanceKind]
  /// Every instance, kind after kind.
  public private(set) var sprites: [SpriteInstance]
  /// Each instance's entity, as an offset from its kind's `identityBase`, or `noIdentity`.
  public private(set) var identities: [UInt32]
  /// The health bars, kind after kind.
  public private(set) var bars: [HealthBarInstance]

  /// The stored identity of an instance that shows no entity.
  public static let noIdentity = UInt32.max

  /// The most kinds a frame holds: an instance names its kind in a byte.
  public static let maximumKindCount = 256

  /// No instances.
  public init() {
    kinds = []
    sprites = []
    identities = []
    bars = []
  }

  /// Instances from columns already laid out: each kind's `sprites` and `bars` ranges cover
  /// its part of `sprites` (and `identities`) and `bars`, kind after kind, and each instance's
  /// `kind` is its kind's place. Debug builds check it.
  ///
  /// - Complexity: O(1) in release builds; O(n) checks in debug builds.
  public init(
    kinds: [InstanceKind], sprites: [SpriteInstance], identities: [UInt32],
    bars: [HealthBarInstance]
  ) {
    precondition(kinds.count <= Self.maximumKindCount, "more than 256 kinds in one frame")
    precondition(identities.count == sprites.count, "an identity for every instance")
    precondition(
      kinds.last.map { $0.sprites.upperBound == sprites.count && $0.bars.upperBound == bars.count }
        ?? (sprites.isEmpty && bars.isEmpty), "the kinds cover the columns")
    #if DEBUG
      var spriteEnd = 0
      var barEnd = 0
      for (index, kind) in kinds.enumerated() {
        precondition(kind.sprites.lowerBound == spriteEnd && kind.bars.lowerBound == barEnd)
        spriteEnd = kind.sprites.upperBound
        barEnd = kind.bars.upperBound
        for sprite in sprites[kind.sprites] { precondition(Int(sprite.kind) == index) }
        for bar in bars[kind.bars] { precondition(kind.sprites.contains(Int(bar.owner))) }
      }
    #endif
    self.kinds = kinds
    self.sprites = sprites
    self.identities = identities
    self.bars = bars
  }

  /// The number of instances.
  public var count: Int { sprites.count }

  /// Whether there are no instances and no kinds.
  public var isEmpty: Bool { kinds.isEmpty }

  // MARK: - Building

  /// Adds a kind with its instances, their entities and bars: each instance's `kind` is set
  /// to the new kind; `bars` pairs an instance's place in `instances` with its bar.
  ///
  /// For frames built by hand (tests, tools); a world writes its columns directly.
  /// - Complexity: O(instances + bars).
  public mutating func appendKind(
    sprite: SpriteID, layer: Int, healthBarLayer: Int = 90, showsDot: Bool = true,
    instances: [SpriteInstance], entities: [AnyEntityID?],
    bars newBars: [(instance: Int, bar: HealthBarDraw)] = []
  ) {
    precondition(kinds.count < Self.maximumKindCount, "more than 256 kinds in one frame")
    precondition(entities.count == instances.count, "an entity, or nil, for every instance")
    let kindIndex = UInt8(kinds.count)
    let base = entities.lazy.compactMap { $0?.rawValue }.min() ?? 0
    let first = sprites.count
    for (instance, entity) in zip(instances, entities) {
      var instance = instance
      instance.kind = kindIndex
      sprites.append(instance)
      identities.append(
        entity.map { Self.storedIdentity($0.rawValue, base: base) } ?? Self.noIdentity)
    }
    let firstBar = bars.count
    for (place, bar) in newBars {
      let owner = sprites[first + place]
      bars.append(
        HealthBarInstance(owner: UInt32(first + place), ownerX: owner.x, ownerY: owner.y, bar: bar))
    }
    kinds.append(
      InstanceKind(
        sprite: sprite, layer: layer, healthBarLayer: healthBarLayer, showsDot: showsDot,
        sprites: first..<sprites.count, bars: firstBar..<bars.count, identityBase: base))
  }

  /// `id` stored as an offset from `base`, or `noIdentity` when it is below `base` or too
  /// far above it.
  @inlinable
  public static func storedIdentity(_ id: UInt64, base: UInt64) -> UInt32 {
    guard id >= base, id - base < UInt64(noIdentity) else { return noIdentity }
    return UInt32(id - base)
  }

  // MARK: - Identities

  /// The entity the instance at `index` shows, if it shows one it can name.
  public func entity(at index: Int) -> AnyEntityID? {
    let stored = identities[index]
    guard stored != Self.noIdentity else { return nil }
    return AnyEntityID(rawValue: kinds[Int(sprites[index].kind)].identityBase + UInt64(stored))
  }

  /// The place of the instance showing `entity`, if any.
  ///
  /// - Complexity: O(n): one pass over the identities of each kind whose range can hold it.
  public func index(of entity: AnyEntityID) -> Int? {
    for kind in kinds {
      let stored = Self.storedIdentity(entity.rawValue, base: kind.identityBase)
      guard stored != Self.noIdentity else { continue }
      if let found = identities[kind.sprites].firstIndex(of: stored) { return found }
    }
    return nil
  }

  /// The topmost instance whose sprite covers the world point (`x`, `y`) and that shows an
  /// entity, as drawn: the highest layer, and the last drawn within it.
  ///
  /// - Complexity: O(n).
  public func topmost(containingX x: Float, y: Float) -> Int? {
    var best: (layer: Int, index: Int)?
    for kind in kinds {
      if let best, kind.layer < best.layer { continue }
      for index in kind.sprites.reversed() {
        let sprite = sprites[index]
        guard abs(x - sprite.x) <= sprite.width / 2, abs(y - sprite.y) <= sprite.height / 2,
          identities[index] != Self.noIdentity
        else { continue }
        if kind.layer >= best?.layer ?? .min { best = (kind.layer, index) }
        break
      }
    }
    return best?.index
  }
}
