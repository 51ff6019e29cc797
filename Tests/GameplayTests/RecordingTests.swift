import Foundation
import Gameplay
import Testing
import TraitSandbox

/// Another game, to be refused a garden's recording.
private struct Desert: Game {
  static let name = "desert"
  var world = World(seed: 1, fixedDeltaTime: 0.25, arenaSize: Vector2(100, 100))
  var seats: [Seat] { [] }
  var tick: UInt64 { world.tick }
  var threadCount = 1
  mutating func advance(with inputs: [SeatInput<Planting>]) { world.step() }
  func stateHash() -> StateHash { world.stateHash() }
  func snapshot() throws -> [UInt8] { try world.snapshotBytes() }
  func restored(from snapshot: [UInt8]) throws -> Desert { self }
}

@Suite("Recordings of any game")
struct RecordingTests {
  /// A garden played for 30 ticks from tick 5, a seed dropped every fourth tick.
  private func recorded() throws -> (recording: Recording<Garden>, game: Garden) {
    var garden = Garden()
    for _ in 0..<5 { garden.advance() }
    var recorder = try Recorder(garden)
    for tick in 0..<30 {
      let inputs =
        tick % 4 == 1 ? [SeatInput(seat: 0, input: Planting(x: Float(tick * 9), y: 50))] : []
      recorder.advance(with: inputs)
    }
    return (recorder.recording, recorder.game)
  }

  @Test("a recording read back from its JSON replays to the hash the game ended on")
  func roundTrip() throws {
    let (recording, game) = try recorded()
    #expect(
      recording.tickCount == 30 && recording.inputs.map(\.tick) == [1, 5, 9, 13, 17, 21, 25, 29])
    #expect(recording.endHash == game.stateHash().description)
    let read = try Recording<Garden>(decoding: recording.encoded())
    let replayed = try read.replay(like: Garden())
    #expect(replayed.stateHash() == game.stateHash() && replayed.tick == 35)
  }

  @Test("a changed input, another game's recording and damaged JSON are refused, saying why")
  func refused() throws {
    var (recording, _) = try recorded()
    recording.inputs[2].inputs[0].input.x += 1
    #expect(throws: RecordingError.self) { try recording.replay(like: Garden()) }
    do {
      _ = try recording.replay(like: Garden())
    } catch {
      #expect(error.description.hasPrefix("replaying its 30 ticks ends on stateHash "))
    }
    let data = try recording.encoded()
    #expect(throws: RecordingError.self) { try Recording<Desert>(decoding: data) }
    #expect(throws: RecordingError.self) { try Recording<Garden>(decoding: data.prefix(50)) }
    do {
      _ = try Recording<Garden>(
        decoding: Data(#"{"version":1,"game":"garden","inputs":[]}"#.utf8))
      Issue.record("a recording without its start was read")
    } catch {
      #expect(error.description.hasPrefix("it is not a recording: its field '"))
      #expect(error.description.hasSuffix("' is missing"))
    }
    do {
      _ = try Recording<Garden>(decoding: Data("not json".utf8))
      Issue.record("text that is not JSON was read")
    } catch {
      #expect(error.description == "it is not a recording: it is not JSON")
    }
    var late = recording
    late.inputs.append(.init(tick: 30, inputs: []))
    #expect(throws: RecordingError.self) { try Recording<Garden>(decoding: late.encoded()) }
    var unordered = recording
    unordered.inputs.swapAt(0, 1)
    #expect(throws: RecordingError.self) { try Recording<Garden>(decoding: unordered.encoded()) }
    var newer = recording
    newer.version = 2
    #expect(throws: RecordingError.self) { try Recording<Garden>(decoding: newer.encoded()) }
    var absurd = recording
    absurd.tickCount = Int.max
    #expect(throws: RecordingError.self) { try Recording<Garden>(decoding: absurd.encoded()) }
    // A garden over at tick 20 cannot replay a recording that goes on to tick 35.
    var overEarly = Garden(endTick: 20)
    overEarly.world = Garden().world
    do {
      _ = try recording.replay(like: overEarly)
      Issue.record("a recording past the game's end replayed")
    } catch {
      #expect(error.description.hasPrefix("the game ended 15 ticks in, but the recording goes on"))
    }
    var damaged = recording
    damaged.start = Data([1, 2, 3])
    #expect(throws: RecordingError.self) { try damaged.replay(like: Garden()) }
  }
}
