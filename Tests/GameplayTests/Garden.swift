import Gameplay
import TraitSandbox

/// A seed drifting across the garden.
struct Seedling: GameObject, MovementTrait {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  var faction = Faction(0)
  var movement: Movement
}

/// Where the gardener drops a seed.
struct Planting: Sendable, Equatable, Codable {
  var x: Float
  var y: Float
}

/// A game of one seat: the gardener drops seeds, which drift right. `leaky` games also plant
/// a seed of their own every tick, at a spot counted outside the world: state no snapshot
/// holds. A garden with an `endTick` is over from that tick.
struct Garden: Game {
  static let name = "garden"
  var world = World(seed: 1, fixedDeltaTime: 0.25, arenaSize: Vector2(800, 600))
  var leaky = false
  var planted = 0
  /// The tick the garden is over at, if any.
  var endTick: UInt64?

  var seats: [Seat] { [Seat(name: "gardener")] }
  var tick: UInt64 { world.tick }
  var isOver: Bool { endTick.map { world.tick >= $0 } ?? false }
  var threadCount: Int {
    get { world.threadCount }
    set { world.threadCount = newValue }
  }

  mutating func advance(with inputs: [SeatInput<Planting>]) {
    for planting in inputs where planting.seat == 0 {
      world.spawn(
        Seedling(
          position: Vector2(planting.input.x, planting.input.y),
          movement: Movement(velocity: Vector2(8, 1), speed: 8)))
    }
    if leaky {
      planted += 1
      world.spawn(
        Seedling(
          position: Vector2(Float(planted % 700), 10),
          movement: Movement(velocity: Vector2(0, 4), speed: 4)))
    }
    world.step()
  }

  func stateHash() -> StateHash { world.stateHash() }
  func snapshot() throws -> [UInt8] { try world.snapshotBytes() }
  func restored(from snapshot: [UInt8]) throws -> Garden {
    var garden = self
    try garden.world.restore(fromSnapshot: snapshot)
    return garden
  }
}
