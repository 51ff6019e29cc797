import Foundation
import Gameplay
import Netplay

/// What a side keeps of a desync: what it played, to find where the two games parted.
extension GameNetplaySetup {
  /// Has `match` save this side's report of each desync it plays on from (`--on-desync
  /// recover`), as `desync-SEAT-TICK.recording` and its snapshot, saying where on `console`.
  func reportsDesyncs(of match: NetplayMatch<G>, console: Console) {
    match.keepsConfirmedInputs = true
    let recovers = match.onDesync == .recover
    match.desyncSeen = { [self] desync, game in
      guard recovers else {
        console.print("\(desync)")
        return
      }
      let url = invocation.url(
        of: "desync-\(Self.seatName(match.localSeat, of: game))-\(desync.tick).recording")
      do throws(CommandFailure) {
        let saved = try saveDesyncReport(of: match, game: game, at: url, writesRecording: true)
        console.print("\(desync); \(saved); the host's game replaces the guest's")
      } catch {
        console.print("\(desync); cannot save this side's report: \(error.message)")
      }
    }
  }

  /// The failure a match that ended on `desync` exits with, once this side's report is saved:
  /// its recording (at `--record`, else `desync-SEAT.recording`) and snapshot beside it.
  func desyncFailure(
    _ desync: Desync, match: NetplayMatch<G>, game: G
  ) throws(CommandFailure) -> CommandFailure {
    let url =
      recordURL
      ?? invocation.url(of: "desync-\(Self.seatName(match.localSeat, of: game)).recording")
    let saved = try saveDesyncReport(
      of: match, game: game, at: url, writesRecording: recordURL == nil)
    return CommandFailure(message: "\(desync); \(saved)", exitCode: ExitCode.failure)
  }

  /// Writes this side's recording of `match` so far to `url` (unless `writesRecording` is
  /// false: `--record` wrote it) and `game`'s snapshot beside it; returns the words that say
  /// where: "this side's recording is ... and its snapshot ...: 'replay' on each side's
  /// recording reproduces that side".
  private func saveDesyncReport(
    of match: NetplayMatch<G>, game: G, at url: URL, writesRecording: Bool
  ) throws(CommandFailure) -> String {
    if writesRecording {
      let recording: Recording<G>?
      do {
        recording = try match.recording()
      } catch {
        throw CommandFailure(
          message: "Cannot record the match: \(error)", exitCode: ExitCode.failure)
      }
      if let recording { try GameOptions<G>.write(recording, to: url) }
    }
    let snapshotURL = URL(fileURLWithPath: url.path(percentEncoded: false) + ".snapshot")
    try GameRunCommand<G>.writeSnapshot(of: game, to: snapshotURL)
    return "this side's recording is \(url.path(percentEncoded: false)) and its snapshot "
      + "\(snapshotURL.path(percentEncoded: false)): '\(G.programName) replay' on each side's "
      + "recording reproduces that side"
  }

  /// The name of `game`'s seat `seat` in a report's file name: `left`, or `seat2` for one the
  /// game does not name.
  private static func seatName(_ seat: Int, of game: G) -> String {
    game.seats.indices.contains(seat) ? game.seats[seat].name : "seat\(seat + 1)"
  }
}
