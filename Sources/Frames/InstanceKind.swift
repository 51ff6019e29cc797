/// What every instance of one kind in a frame shares: its sprite, its layers, whether it
/// turns into a dot far out, where its instances lie in the frame's columns, and what their
/// identities count from. One entity type's picture is one kind.
public struct InstanceKind: Sendable, Equatable {
  /// The sprite every instance of the kind shows.
  public var sprite: SpriteID
  /// The draw layer of its sprites: higher layers are drawn on top.
  public var layer: Int
  /// The draw layer of its health bars.
  public var healthBarLayer: Int
  /// Whether an instance drawn smaller than `SpriteDraw.dotThreshold` pixels is drawn as a
  /// dot of `SpriteInstance.dotColor` instead.
  public var showsDot: Bool
  /// Its instances' places in `FrameInstances.sprites` (and `identities`).
  public var sprites: Range<Int>
  /// Its health bars' places in `FrameInstances.bars`.
  public var bars: Range<Int>
  /// What its instances' identities count from: an instance's entity is this plus its
  /// stored identity (see `FrameInstances.entity(at:)`).
  public var identityBase: UInt64

  /// Creates a kind.
  public init(
    sprite: SpriteID, layer: Int, healthBarLayer: Int = 90, showsDot: Bool = true,
    sprites: Range<Int>, bars: Range<Int> = 0..<0, identityBase: UInt64 = 0
  ) {
    self.sprite = sprite
    self.layer = layer
    self.healthBarLayer = healthBarLayer
    self.showsDot = showsDot
    self.sprites = sprites
    self.bars = bars
    self.identityBase = identityBase
  }
}
