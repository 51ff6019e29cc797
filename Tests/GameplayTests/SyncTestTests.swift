import Gameplay
import Testing
import TraitSandbox

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
