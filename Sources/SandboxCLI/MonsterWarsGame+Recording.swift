import Foundation
import GameShell
import Gameplay
import MonsterWars

/// The binary recordings `sandbox` wrote before its recordings were every game's
/// (`MatchRecording`), read as every game's.
extension MonsterWarsGame {
  /// The program and version a `MatchRecording` names: `sandbox` and this version.
  static var recordingProgram: String { "sandbox \(Program.currentVersion)" }

  /// A `MatchRecording` (what `sandbox run --record` wrote in earlier builds) as every game's
  /// recording; `nil` for bytes that are not a saved file of the sandbox's.
  ///
  /// - Throws: `SavedFileError` for a damaged recording, `RecordingError` for one made by
  ///   another version (whose simulation may step differently) or one that goes back in time.
  public static func recording(readingOwn bytes: [UInt8]) throws -> Recording<MonsterWarsGame>? {
    guard MatchRecording.isSavedFile(bytes) else { return nil }
    let old = try MatchRecording(bytes: bytes)
    guard old.program == recordingProgram else {
      throw RecordingError(
        "it was recorded by \(quoted(old.program)), and this is \(recordingProgram), whose "
          + "simulation may step differently")
    }
    return try recording(converting: old)
  }

  /// `old` as every game's recording: its session's start, each input on the tick it was
  /// given counted from that start (a restart starts the match's ticks again, not the
  /// count), an order as its side's seat, a restart and a retune as the first seat's.
  static func recording(
    converting old: MatchRecording
  ) throws(RecordingError) -> Recording<MonsterWarsGame> {
    var session = old.start()
    session.keepsTimeline = false
    let start: [UInt8]
    do {
      start = try MonsterWarsGame(session: session).snapshot()
    } catch {
      throw RecordingError("its start cannot be saved: \(error)")
    }
    // The ticks run when the match stood at `from`.
    var (base, from) = (0, session.tick)
    var ticks: [Recording<MonsterWarsGame>.Tick] = []
    for recorded in old.inputs {
      guard recorded.tick >= from else {
        throw RecordingError(
          "an input is for tick \(recorded.tick), before tick \(from) the match had reached")
      }
      let tick = try ticksRun(base, recorded.tick - from)
      let given: SeatInput<SessionInput>
      switch recorded.input {
      case .order(let kind, let side):
        given = SeatInput(seat: seat(of: side), input: .order(.buy(kind)))
      case .cancelOrder(let side): given = SeatInput(seat: seat(of: side), input: .order(.cancel))
      case .restart:
        given = SeatInput(seat: 0, input: .restart)
        (base, from) = (tick, 0)
      case .retune(let json): given = SeatInput(seat: 0, input: .retune(scenarioJSON: json))
      case .travel:
        throw RecordingError(
          "it goes back in time (an earlier window's timeline), which no replay plays")
      }
      if ticks.last?.tick == tick {
        ticks[ticks.count - 1].inputs.append(given)
      } else {
        ticks.append(Recording.Tick(tick: tick, inputs: [given]))
      }
    }
    guard old.finalTick >= from else {
      throw RecordingError("it ends at tick \(old.finalTick), before tick \(from) it reached")
    }
    let tickCount = try ticksRun(base, old.finalTick - from)
    guard ticks.last.map({ $0.tick < tickCount }) ?? true else {
      throw RecordingError(
        "its last inputs come with no tick after them, which no replay plays")
    }
    return Recording(
      start: Data(start), inputs: ticks, tickCount: tickCount, endHash: old.finalHash)
  }

  /// `base` ticks and `more`, as long as a recording may be.
  private static func ticksRun(_ base: Int, _ more: UInt64) throws(RecordingError) -> Int {
    let limit = Recording<MonsterWarsGame>.maximumTickCount
    guard more <= UInt64(limit), base + Int(more) <= limit else {
      throw RecordingError("it runs more than \(limit) ticks; a recording spans at most that")
    }
    return base + Int(more)
  }

  /// The seat of `side`'s castle.
  private static func seat(of side: Side) -> Int {
    side == .left ? 0 : 1
  }
}
