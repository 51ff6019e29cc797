import Gameplay
import TraitSandbox

/// What a falconer does in a tick.
public enum SkyInput: Sendable, Equatable, Codable {
  /// Release a hawk at a point of the sky, diving down toward the flock.
  case releaseHawk(x: Float, y: Float)
}

extension BoidsScene: Game {
  /// `boids`.
  public static let name = "boids"

  /// Two seats, two falconers who release hawks over the same flock: one alone plays the
  /// first; two over the network play one each.
  public var seats: [Seat] { [Seat(name: "falconer 1"), Seat(name: "falconer 2")] }

  /// The world's tick.
  public var tick: UInt64 { world.tick }

  /// 30 ticks a second, the world's fixed step.
  public var ticksPerSecond: Double { Double((1 / Self.fixedDeltaTime).rounded()) }

  /// How many threads a tick may use.
  public var threadCount: Int {
    get { world.threadCount }
    set { world.threadCount = newValue }
  }

  /// Whether each tick times the world's systems, as `boids run --profile` asks.
  public var measuresSystemTimes: Bool {
    get { world.measuresSystemTimes }
    set { world.measuresSystemTimes = newValue }
  }

  /// Releases the hawks the falconers asked for (a point outside the sky is moved onto its
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
    for input in inputs where seats.indices.contains(input.seat) {
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

  /// The flock's starting size, as 8 little-endian bytes, then the world's state.
  public func snapshot() throws -> [UInt8] {
    withUnsafeBytes(of: UInt64(initialBoidCount).littleEndian, Array.init)
      + (try world.snapshotBytes())
  }

  /// The sky a snapshot of a scene holds.
  ///
  /// - Throws: `ArchiveError` if the bytes are too short, or the world in them is damaged or
  ///   another kind of world.
  public func restored(from snapshot: [UInt8]) throws -> BoidsScene {
    guard snapshot.count >= 8 else {
      throw ArchiveError(offset: 0, reason: "a sky's snapshot starts with its flock's size")
    }
    let count = snapshot[..<8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    guard count <= UInt64(Int.max) else {
      throw ArchiveError(offset: 0, reason: "the flock's size \(count) is out of range")
    }
    var scene = self
    try scene.world.restore(fromSnapshot: Array(snapshot[8...]))
    scene.initialBoidCount = Int(count)
    return scene
  }
}
