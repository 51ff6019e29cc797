import Gameplay
import Testing
import TraitSandbox

/// A seed drifting across the garden.
private struct Seedling: GameObject, MovementTrait {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  var faction = Faction(0)
  var movement: Movement
}

/// Where the gardener drops a seed.
private struct Planting: Sendable, Equatable, Codable {
  var x: Float
  var y: Float
}

/// A game of one seat: the gardener drops seeds, which drift right. `leaky` games also plant
/// a seed of their own every tick, at a spot counted outside the world: state no snapshot
/// holds.
private struct Garden: Game {
  static let name = "garden"
  var world = World(seed: 1, fixedDeltaTime: 0.25, arenaSize: Vector2(800, 600))
  var leaky = false
  var planted = 0

  var seats: [Seat] { [Seat(name: "gardener")] }
  var tick: UInt64 { world.tick }
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

@Suite("The sync test, for any game")
struct SyncTestTests {
  /// The gardener's inputs on `tick`: a seed every third tick.
  private static func inputs(_ tick: Int) -> [SeatInput<Planting>] {
    tick % 3 == 0 ? [SeatInput(seat: 0, input: Planting(x: Float(tick * 5), y: 300))] : []
  }

  @Test("a game whose snapshot holds its state passes, with its inputs stepped again")
  func passes() throws {
    var straight = Garden()
    var tested = Garden()
    var syncTest = SyncTest<Garden>(rollback: 8)
    for tick in 0..<40 {
      straight.advance(with: Self.inputs(tick))
      try syncTest.step(&tested, inputs: Self.inputs(tick))
    }
    #expect(syncTest.rollbacks == 33 && syncTest.snapshotBytes > 0)
    #expect(tested.tick == 40 && tested.stateHash() == straight.stateHash())
    #expect(tested.world.entityCount == 14)
  }

  @Test("state outside the snapshot is found at the first tick stepped again")
  func findsLeaks() throws {
    var garden = Garden(leaky: true)
    var syncTest = SyncTest<Garden>(rollback: 2)
    var failure: SyncTest<Garden>.Failure?
    for tick in 0..<10 where failure == nil {
      do {
        try syncTest.step(&garden, inputs: Self.inputs(tick))
      } catch let error as SyncTest<Garden>.Failure {
        failure = error
      }
    }
    let found = try #require(failure)
    #expect(found.rolledBackTo == 0 && found.tick == 1 && found.straight != found.replayed)
  }

  @Test("a world's snapshot bytes restore it, and damaged ones leave it as it was")
  func worldBytes() throws {
    var garden = Garden()
    for tick in 0..<9 { garden.advance(with: Self.inputs(tick)) }
    let bytes = try garden.world.snapshotBytes()
    var later = garden
    for tick in 9..<20 { later.advance(with: Self.inputs(tick)) }
    let hashLater = later.stateHash()
    #expect(throws: ArchiveError.self) { try later.world.restore(fromSnapshot: bytes + [0]) }
    #expect(throws: ArchiveError.self) {
      try later.world.restore(fromSnapshot: [] + bytes.prefix(40))
    }
    #expect(later.stateHash() == hashLater)
    try later.world.restore(fromSnapshot: bytes)
    #expect(later.stateHash() == garden.stateHash() && later.tick == 9)
  }
}
