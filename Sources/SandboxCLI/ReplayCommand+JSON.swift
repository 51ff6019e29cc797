import Foundation
import GameShell
import Gameplay
import JSON
import MonsterWars
import TraitSandbox

/// `sandbox replay` of the recordings the window writes: every game's, as JSON.
extension ReplayCommand {
  /// Replays `bytes`, a recording of the window's (`sandbox demo --record`), and reports where
  /// it ended as `run(console:)` does for one of `sandbox run --record`.
  ///
  /// - Throws: exit 65 for bytes that are not such a recording or do not replay to the hash
  ///   it ended on.
  func replayJSON(_ bytes: [UInt8], console: Console) throws(CommandFailure) -> Int32 {
    let recording: Recording<MonsterWarsGame>
    do {
      recording = try Recording(decoding: Data(bytes))
    } catch {
      throw CommandFailure(
        message: "Cannot load recording \(quoted(path)): it is neither a recording of "
          + "'sandbox run --record' nor of the window's: \(error.description)",
        exitCode: ExitCode.dataError)
    }
    let clock = MonotonicClock()
    let start = clock.now()
    let game = try GameReplayCommand<MonsterWarsGame>.replay(
      recording, from: path, threads: threads, invocation: invocation)
    let seconds = clock.now() - start
    try writePicture(of: game.match, console: console)
    let inputs = recording.inputs.flatMap(\.inputs)
    let restarts = inputs.count { $0.input == .restart }
    // Each player's inputs, when two played: "6 left, 5 right, ".
    let seats = Set(inputs.map(\.seat)).sorted()
    let bySeat =
      seats.count > 1
      ? seats.map { seat in
        let name = game.seats.indices.contains(seat) ? game.seats[seat].name : "seat \(seat + 1)"
        return "\(inputs.count { $0.seat == seat }) \(name), "
      }.joined() : ""
    let hash = game.stateHash()
    let scenario = game.match.scenario.name
    if json {
      console.writeOutput(
        JSONValue.object(
          [
            ("game", .string(recording.game)), ("scenario", .string(scenario)),
            ("seed", .unsigned(game.session.seed)), ("inputs", .integer(inputs.count)),
            ("ticks", .integer(recording.tickCount)), ("tick", .unsigned(game.tick)),
            ("stateHash", .string(hash.description)),
            ("recordedStateHash", .string(recording.endHash)),
            ("wallSeconds", .measured(seconds)),
          ] + (pngURL.map { [("png", .string($0.path(percentEncoded: false)))] } ?? [])
        ).rendered + "\n")
      return ExitCode.success
    }
    console.writeOutput(
      """
      Recording:  the window's, \(recording.game), scenario \(scenario), seed \(game.session.seed)
      Inputs:     \(inputs.count) (\(bySeat)\(restarts) restart\(restarts == 1 ? "" : "s"))
      Replayed:   \(recording.tickCount) ticks, to tick \(game.tick), in \
      \(String(format: "%.3f", seconds)) s
      stateHash:  \(hash) (the recording's)

      """)
    if let pngURL { console.print("Picture:    \(pngURL.path(percentEncoded: false))") }
    return ExitCode.success
  }

  /// Draws `match` where `--png` asks (1280 x 720), if it asks.
  func writePicture(of match: Match, console: Console) throws(CommandFailure) {
    guard let pngURL else { return }
    let assets = try AssetFolder.locate(option: assetsOption, invocation: invocation)
    try match.writePicture(
      to: pngURL, size: OutputSize(width: 1280, height: 720),
      sprites: try assets.loadSprites(for: match.scenario.roster, console: console))
  }
}
