import Frames
import Testing

/// A frame of one kind of 10-unit sprites, one per entity, at the given places.
private func frame(
  _ entities: [UInt64], x: (UInt64) -> Float, rotation: (UInt64) -> Float = { _ in 0 },
  sprite: SpriteID = SpriteID("zap")
) -> FrameInstances {
  var instances = FrameInstances()
  instances.appendKind(
    sprite: sprite, layer: 2,
    instances: entities.map {
      SpriteInstance(
        kind: 0, x: x($0), y: Float($0 % 17), width: 10, height: 10, rotation: rotation($0))
    },
    entities: entities.map { AnyEntityID(rawValue: $0) },
    bars: entities.indices.map {
      ($0, HealthBarDraw(x: x(entities[$0]), y: -5, width: 10, height: 2, fraction: 0.5))
    })
  return instances
}

@Suite("Pairing instances between frames")
struct InstancePairingTests {
  @Test("a moved entity is drawn part of the way, a spawned one where it is, a gone one not at all")
  func spawnedDespawnedMoved() {
    // Entity 1 moves from 0 to 10, entity 2 is gone, entity 3 is new.
    let earlier = frame([1, 2], x: { $0 == 1 ? 0 : 50 })
    let later = frame([1, 3], x: { $0 == 1 ? 10 : 70 })
    let pairing = InstancePairing(from: earlier, to: later)
    #expect(pairing.earlierSprites == [0, FrameInstances.noIdentity])
    let moved = pairing.sprite(0, of: later, t: 0.25)
    let spawned = pairing.sprite(1, of: later, t: 0.25)
    #expect(moved.x == 2.5)
    #expect(spawned.x == 70)
    // Through a whole frame: bars move with their sprites, and nothing of entity 2 is left.
    let middle = Frame(tick: 1, worldWidth: 100, worldHeight: 100, instances: earlier)
      .interpolated(
        toward: Frame(tick: 2, worldWidth: 100, worldHeight: 100, instances: later), alpha: 0.25)
    #expect(middle.tick == 2)
    #expect(middle.instances.sprites.map(\.x) == [2.5, 70])
    #expect(middle.instances.bars == later.bars)
    #expect(middle.instances.identities == later.identities)
    let next = Frame(tick: 2, worldWidth: 100, worldHeight: 100, instances: later)
    #expect(
      Frame(tick: 1, worldWidth: 100, worldHeight: 100, instances: earlier)
        .interpolated(toward: next, alpha: 1) == next)
    #expect(
      Frame(tick: 1, worldWidth: 100, worldHeight: 100, instances: earlier)
        .interpolated(toward: next, alpha: 7) == next)
  }

  @Test(
    "each entity is found however its instance moved: removals, spawns, swaps, a re-sort",
    arguments: [
      (count: 300, spacing: UInt64(1)), (count: 300, spacing: 1_000_003),
      (count: 100_000, spacing: 1), (count: 100_000, spacing: 3),
    ])
  func pairsByIdentity(count: Int, spacing: UInt64) {
    var generator = SystemRandomNumberGenerator()
    let before = (1...UInt64(count)).map { $0 * spacing }
    // Every seventh gone, the last moved into its place as a world's removal does; new ones
    // at the end; then, half the time, everything shuffled as a re-sort would.
    var after = before
    for index in stride(from: after.count - 1, through: 0, by: -1) where after[index] % 7 == 0 {
      after.swapAt(index, after.count - 1)
      after.removeLast()
    }
    after += (1...UInt64(count / 10)).map { (UInt64(count) + $0) * spacing }
    for shuffled in [false, true] {
      if shuffled { after.shuffle(using: &generator) }
      let earlier = frame(before, x: { Float($0 / spacing) })
      let later = frame(after, x: { Float($0 / spacing) + 10 })
      let pairing = InstancePairing(from: earlier, to: later, threads: 4)
      let places = Dictionary(uniqueKeysWithValues: before.enumerated().map { ($1, UInt32($0)) })
      let expected = after.map { places[$0] ?? FrameInstances.noIdentity }
      #expect(pairing.earlierSprites == expected, "shuffled: \(shuffled)")
      #expect(InstancePairing(from: earlier, to: later, threads: 1).earlierSprites == expected)
    }
  }

  @Test("kinds pair by place and sprite, or else by sprite and layer")
  func kindsPairBySprite() {
    var earlier = FrameInstances()
    earlier.appendKind(
      sprite: SpriteID("castle"), layer: 1,
      instances: [SpriteInstance(kind: 0, x: 0, y: 0, width: 1, height: 1)],
      entities: [AnyEntityID(rawValue: 1)])
    earlier.appendKind(
      sprite: SpriteID("zap"), layer: 2,
      instances: [SpriteInstance(kind: 0, x: 4, y: 0, width: 1, height: 1)],
      entities: [AnyEntityID(rawValue: 9)])
    // The later frame has no castles: the zaps are its first kind.
    var later = FrameInstances()
    later.appendKind(
      sprite: SpriteID("zap"), layer: 2,
      instances: [SpriteInstance(kind: 0, x: 8, y: 0, width: 1, height: 1)],
      entities: [AnyEntityID(rawValue: 9)])
    let pairing = InstancePairing(from: earlier, to: later)
    #expect(pairing.earlierSprites == [1])
    #expect(pairing.sprite(0, of: later, t: 0.5).x == 6)
  }

  @Test("a rotation turns the short way round")
  func rotationWraps() {
    let earlier = frame([1], x: { _ in 0 }, rotation: { _ in 3 })
    let later = frame([1], x: { _ in 0 }, rotation: { _ in -3 })
    let halfway = InstancePairing(from: earlier, to: later).sprite(0, of: later, t: 0.5).rotation
    // From 3 to -3 radians the short way passes through pi, not through 0.
    #expect(abs(halfway - .pi) < 1e-3)
  }
}
