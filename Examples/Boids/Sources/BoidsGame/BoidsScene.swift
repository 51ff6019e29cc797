import Frames
import TraitSandbox

/// The game: a world of boids and hawks over an open sky, set up from a seed.
///
/// The same seed and counts always give the same flock, and the same number of steps the same
/// `World.stateHash()`.
public struct BoidsScene {
  /// The entity types, in the order the world steps them.
  public static let entityTypes: [any GameObject.Type] = [Boid.self, Hawk.self]
  /// The sky's width and height in world units.
  public static let arenaSize = Vector2(1280, 720)
  /// Seconds per tick: 30 ticks per second.
  public static let fixedDeltaTime: Float = 1.0 / 30
  /// The sprite stretched behind the birds.
  public static let background = SpriteID.background
  /// Every sprite a frame of this game may use.
  public static let spriteIDs: [SpriteID] = [background, Boid.sprite, Hawk.sprite]

  /// The simulation.
  public internal(set) var world: World
  /// How many boids the flock started with.
  public internal(set) var initialBoidCount: Int

  /// Creates a sky with `boidCount` boids scattered over it and `hawkCount` hawks spaced
  /// along its top edge, diving in.
  ///
  /// - Complexity: O(`boidCount` + `hawkCount`).
  public init(seed: UInt64, boidCount: Int, hawkCount: Int = 4) {
    precondition(boidCount >= 0 && hawkCount >= 0, "counts cannot be negative")
    world = World(
      seed: seed, fixedDeltaTime: Self.fixedDeltaTime, arenaSize: Self.arenaSize,
      schedule: .boids, hostility: Hostility(factionCount: 2))
    for type in Self.entityTypes { world.register(type) }
    initialBoidCount = boidCount

    // A generator of its own, so that setting up does not replay the world's sequence.
    var random = SeededRandom(seed: seed ^ 0x0B01_D5B0_1D5B_01D5)
    let size = Self.arenaSize
    for _ in 0..<boidCount {
      let position = Vector2(
        random.nextFloat(in: 40...(size.x - 40)), random.nextFloat(in: 40...(size.y - 40)))
      let heading = Vector2(random.nextFloat(in: -1...1), random.nextFloat(in: -1...1))
      world.spawn(
        Boid(position: position, velocity: heading.normalized * (Boid.cruisingSpeed * 0.7)))
    }
    for index in 0..<hawkCount {
      let x = size.x * (Float(index) + 0.5) / Float(hawkCount)
      world.spawn(Hawk(position: Vector2(x, 20), velocity: Vector2(0, Hawk.cruisingSpeed * 2 / 3)))
    }
  }

  /// Advances the simulation by one tick.
  public mutating func step() {
    world.step()
  }

  /// Advances the simulation by `ticks` ticks.
  public mutating func run(ticks: Int) {
    for _ in 0..<ticks { world.step() }
  }

  /// Boids still flying.
  public var boidCount: Int { world.entities(of: Boid.self).count }

  /// Hawks in the sky.
  public var hawkCount: Int { world.entities(of: Hawk.self).count }

  /// Boids the hawks have caught so far.
  public var caughtCount: Int { initialBoidCount - boidCount }

  /// A frame of the whole sky: the background, the boids, and the hawks above them.
  public func makeFrame() -> Frame {
    world.makeFrame(background: Self.background)
  }
}
