import Gameplay
import Testing
import TraitSandbox

@testable import BoidsGame

@Suite("Boids as a game: two falconers who release hawks")
struct BoidsGameTests {
  /// The sky's inputs on `tick`: a hawk every 25 ticks, somewhere new each time.
  private static func inputs(_ tick: Int) -> [SeatInput<SkyInput>] {
    guard tick % 25 == 10 else { return [] }
    return [SeatInput(seat: 0, input: .releaseHawk(x: Float(tick * 7 % 1280), y: 100))]
  }

  @Test("a released hawk joins the sky where it was asked, from either falconer's seat only")
  func release() {
    var scene = BoidsScene(seed: 3, boidCount: 60, hawkCount: 0)
    #expect(scene.seats.map(\.name) == ["falconer 1", "falconer 2"])
    #expect(BoidsScene.name == "boids" && scene.ticksPerSecond == 30)
    scene.advance(with: [
      SeatInput(seat: 0, input: .releaseHawk(x: 400, y: 300)),
      SeatInput(seat: 2, input: .releaseHawk(x: 10, y: 10)),
      SeatInput(seat: -1, input: .releaseHawk(x: 10, y: 10)),
      SeatInput(seat: 1, input: .releaseHawk(x: 700, y: 500)),
      SeatInput(seat: 0, input: .releaseHawk(x: .nan, y: 10)),
      SeatInput(seat: 0, input: .releaseHawk(x: 99_999, y: -5)),
    ])
    #expect(scene.tick == 1 && scene.hawkCount == 3)
    let hawks = scene.world.entities(of: Hawk.self).map(\.position)
    #expect(hawks.contains { abs($0.x - 400) < 10 && abs($0.y - 300) < 10 })
    #expect(hawks.contains { abs($0.x - 700) < 10 && abs($0.y - 500) < 10 })
    #expect(hawks.contains { $0.x > 1_250 && $0.y < 20 })
  }

  @Test(
    "a sync test of 8 ticks with hawks released passes, on any thread count", arguments: [1, 2])
  func syncTest(threads: Int) throws {
    var straight = BoidsScene(seed: 5, boidCount: 150)
    var tested = BoidsScene(seed: 5, boidCount: 150)
    tested.threadCount = threads
    // 150 boids are too few to share out by default: shared anyway, the parallel paths too.
    tested.world.minimumEntitiesPerThread = 1
    var syncTest = SyncTest<BoidsScene>(rollback: 8)
    for tick in 0..<120 {
      straight.advance(with: Self.inputs(tick))
      try syncTest.step(&tested, inputs: Self.inputs(tick))
    }
    #expect(syncTest.rollbacks == 113)
    #expect(tested.stateHash() == straight.stateHash() && tested.hawkCount == 4 + 5)
  }

  @Test("a snapshot restores the sky, and stepping on from it gives the straight run's hash")
  func snapshot() throws {
    var scene = BoidsScene(seed: 9, boidCount: 80)
    for tick in 0..<50 { scene.advance(with: Self.inputs(tick)) }
    var restored = try scene.restored(from: scene.snapshot())
    #expect(restored.stateHash() == scene.stateHash() && restored.tick == 50)
    for tick in 50..<100 {
      scene.advance(with: Self.inputs(tick))
      restored.advance(with: Self.inputs(tick))
    }
    #expect(restored.stateHash() == scene.stateHash())
  }
}
