import Frames
import Testing

@Suite("Frame instances")
struct FrameInstancesTests {
  /// Two kinds: castles with bars, then turned, mirrored, tinted bolts, one without an entity.
  static func sample() -> FrameInstances {
    var instances = FrameInstances()
    instances.appendKind(
      sprite: SpriteID("castle"), layer: 1, healthBarLayer: 90, showsDot: false,
      instances: [
        SpriteInstance(kind: 9, x: 100, y: 360, width: 90, height: 120, healthFraction: 1),
        SpriteInstance(kind: 9, x: 1180, y: 360, width: 90, height: 120, healthFraction: 0.25),
      ],
      entities: [AnyEntityID(rawValue: 1), AnyEntityID(rawValue: 2)],
      bars: [
        (0, HealthBarDraw(x: 100, y: 290, width: 90, height: 6, fraction: 1)),
        (1, HealthBarDraw(x: 1180, y: 290, width: 90, height: 6, fraction: 0.25)),
      ])
    instances.appendKind(
      sprite: SpriteID("laser"), layer: 3,
      instances: [
        SpriteInstance(
          kind: 0, x: 500, y: 300, width: 22, height: 6, rotation: 0.5, isMirrored: true,
          tint: Color(red: 1, green: 2, blue: 3, alpha: 4), healthFraction: 0.75),
        SpriteInstance(kind: 0, x: 510, y: 300, width: 22, height: 6),
        SpriteInstance(kind: 0, x: 505, y: 300, width: 22, height: 6),
      ],
      entities: [AnyEntityID(rawValue: 5_000_000_000), nil, AnyEntityID(rawValue: 5_000_000_007)])
    return instances
  }

  @Test("every kind of instance round-trips: sprite, layers, dot, entity and bar")
  func roundTrip() {
    let instances = Self.sample()
    #expect(instances.count == 5)
    #expect(instances.kinds.map(\.sprite) == [SpriteID("castle"), SpriteID("laser")])
    #expect(instances.kinds.map(\.sprites) == [0..<2, 2..<5])
    #expect(instances.kinds.map(\.bars) == [0..<2, 2..<2])
    #expect(instances.kinds.map(\.layer) == [1, 3])
    #expect(instances.kinds.map(\.showsDot) == [false, true])
    #expect(instances.sprites.map(\.kind) == [0, 0, 1, 1, 1])
    #expect(instances.entity(at: 1) == AnyEntityID(rawValue: 2))
    #expect(instances.entity(at: 2) == AnyEntityID(rawValue: 5_000_000_000))
    #expect(instances.entity(at: 3) == nil)
    #expect(instances.entity(at: 4) == AnyEntityID(rawValue: 5_000_000_007))
    #expect(instances.index(of: AnyEntityID(rawValue: 5_000_000_007)) == 4)
    #expect(instances.index(of: AnyEntityID(rawValue: 3)) == nil)
    let bolt = instances.sprites[2]
    #expect(bolt.isMirrored && bolt.tint == Color(red: 1, green: 2, blue: 3, alpha: 4))
    #expect(bolt.health == 191 && abs(bolt.rotation - 0.5) < 1e-4)
    // Bars keep their place beside their owner.
    #expect(instances.bars[1].owner == 1)
    #expect(instances.bars[1].offsetX == 0 && instances.bars[1].offsetY == -70)
    #expect(instances.bars[1].fraction == 0.25 && instances.bars[1].width == 90)
    // Rebuilt from its columns, the same value.
    let rebuilt = FrameInstances(
      kinds: instances.kinds, sprites: instances.sprites, identities: instances.identities,
      bars: instances.bars)
    #expect(rebuilt == instances)
  }

  @Test("identities count from their kind's base, up to 2^32 - 2 above it")
  func storedIdentities() {
    let base: UInt64 = 1 << 40
    #expect(FrameInstances.storedIdentity(base, base: base) == 0)
    #expect(
      FrameInstances.storedIdentity(base + UInt64(UInt32.max) - 1, base: base) == UInt32.max - 1)
    #expect(FrameInstances.storedIdentity(base + UInt64(UInt32.max), base: base) == .max)
    #expect(FrameInstances.storedIdentity(base - 1, base: base) == FrameInstances.noIdentity)
  }

  @Test("picking finds the topmost instance with an entity: higher layers, then the last drawn")
  func picking() {
    let instances = Self.sample()
    // Inside both bolts at 500 and 510 (the middle one has no entity): the last with one.
    #expect(instances.topmost(containingX: 505, y: 300) == 4)
    #expect(instances.topmost(containingX: 490, y: 300) == 2)
    #expect(instances.topmost(containingX: 100, y: 400) == 0)
    #expect(instances.topmost(containingX: 700, y: 700) == nil)
  }
}
