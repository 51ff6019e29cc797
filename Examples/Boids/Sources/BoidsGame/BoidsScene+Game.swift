import Gameplay
import TraitSandbox

/// What the player in the sky does in a tick.
public enum SkyInput: Sendable, Equatable, Codable {
  /// Release a hawk at a point of the sky, diving down toward the flock.
  case releaseHawk(x: Float, y: Float)
}

extension BoidsScene: Game {
  /// `boids`.
  public static let name = "boids"

  /// One seat: the sky, whose player releases hawks.
  public var seats: [Seat] { [Seat(name: "sky")] }

  /// The world's tick.
  public var tick: UInt64 { world.tick }

  /// How many threads a tick may use.
  public var threadCount: Int {
    get { world.threadCount }
    set { world.threadCount = newValue }
  }

  /// Releases the hawks the sky's seat asked for (a point outside the sky is moved onto its
  /// edge; one that is not a number releases nothing), then steps the world.
  public mutating func advance(with inputs: [SeatInput<SkyInput>]) {
    release(inputs)
    world.step()
  }

  /// Advances as `advance(with:)` does, calling `observe` after each of the world's systems.
  public mutating func advance(
    with inputs: [SeatInput<SkyInput>], observingSystems observe: (String, StateHash) -> Void
  ) {
    release(inputs)
    withoutActuallyEscaping(observe) { world.step(observingSystems: $0) }
  }

  /// Spawns the hawks `inputs` release.
  private mutating func release(_ inputs: [SeatInput<SkyInput>]) {
    for input in inputs where input.seat == 0 {
      switch input.input {
      case .releaseHawk(let x, let y):
        guard x.isFinite, y.isFinite else { continue }
        let spot = Vector2(min(max(x, 0), Self.arenaSize.x), min(max(y, 0), Self.arenaSize.y))
        world.spawn(Hawk(position: spot, velocity: Vector2(0, Hawk.cruisingSpeed * 2 / 3)))
      }
    }
  }

  /// The world's state hash.
  public func stateHash() -> StateHash {
    world.stateHash()
  }

  /// The world's state as bytes; the flock's starting size is the scene's, not its state.
  public func snapshot() throws -> [UInt8] {
    try world.snapshotBytes()
  }

  /// The sky a snapshot of this scene holds.
  public func restored(from snapshot: [UInt8]) throws -> BoidsScene {
    var scene = self
    try scene.world.restore(fromSnapshot: snapshot)
    return scene
  }
}
