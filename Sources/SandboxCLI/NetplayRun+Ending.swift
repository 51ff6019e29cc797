import Foundation
import GameShell
import MonsterWars
import Netplay

extension NetplayRun {
  /// Reports how the match ended, saves, and returns the exit code.
  static func finish(
    _ match: NetplayMatch<MatchSession>, prepared: Prepared, setup: NetplaySetup,
    console: Console, invocation: Sandbox.Invocation
  ) throws(CommandFailure) -> Int32 {
    guard case .ended(let ending) = match.phase else { return ExitCode.success }
    guard let rollback = match.rollback else {
      if ending == .refused {
        throw CommandFailure(
          message: "\(ending) (give the host's --scenario and --entities)",
          exitCode: ExitCode.failure)
      }
      return ExitCode.success
    }
    let session = rollback.game
    for line in match.summary { console.print(line) }
    let recording = MatchRecording(
      of: session, startedWith: prepared.scenario, program: ReplayCommand.program)
    if let recordURL = prepared.recordURL {
      try LinesFile.write(recordingBytes(recording), to: recordURL)
      console.print("Recorded the match to \(recordURL.path(percentEncoded: false))")
    }
    try writePicture(of: session.match, prepared: prepared, setup: setup, console: console)
    switch ending {
    case .finished, .quit:
      return ExitCode.success
    case .desynced(let desync):
      throw try desyncReport(
        desync, session: session, side: Side.allCases[rollback.localSeat], recording: recording,
        recordURL: prepared.recordURL,
        reportURL: invocation.url(of: "desync-\(Side.allCases[rollback.localSeat].name).recording"),
        invocation: invocation)
    case .peerSilent, .stalled, .unrecoverable:
      throw CommandFailure(
        message: ending.description
          + (prepared.recordURL == nil ? "; --record saves the match so far" : ""),
        exitCode: ExitCode.failure)
    case .peerLeft, .refused:
      if rollback.settings.endTick != nil && !rollback.isFinished {
        throw CommandFailure(
          message: "\(ending), before the end at tick \(rollback.settings.endTick ?? 0)"
            + (prepared.recordURL == nil ? "; --record saves the match so far" : ""),
          exitCode: ExitCode.failure)
      }
      return ExitCode.success
    }
  }

  /// Draws `match` where `--png` asks, at `--size`, and says where, if it asks.
  static func writePicture(
    of match: Match, prepared: Prepared, setup: NetplaySetup, console: Console
  ) throws(CommandFailure) {
    guard let pngURL = setup.pngURL, let sprites = prepared.sprites else { return }
    try RenderCommand.writePicture(of: match, to: pngURL, size: setup.size, sprites: sprites)
    console.print("Picture:    \(pngURL.path(percentEncoded: false))")
  }

  /// Saves this side's recording (at `recordURL`, else at `reportURL`) and a snapshot beside
  /// it, and returns the failure that says where.
  static func desyncReport(
    _ desync: Desync, session: MatchSession, side: Side,
    recording: MatchRecording, recordURL: URL?, reportURL: URL, invocation: Sandbox.Invocation
  ) throws(CommandFailure) -> CommandFailure {
    let url = recordURL ?? reportURL
    if recordURL == nil { try LinesFile.write(recordingBytes(recording), to: url) }
    let snapshotPath = url.path(percentEncoded: false) + ".snapshot"
    try SavedFileIO.save(session.match, to: snapshotPath, invocation: invocation)
    return CommandFailure(
      message: "\(desync); this side's recording is \(url.path(percentEncoded: false)) and "
        + "its snapshot \(snapshotPath): 'sandbox replay' on each side's recording reproduces "
        + "that side",
      exitCode: ExitCode.failure)
  }

  /// `recording` as file bytes; exit 1 if it cannot be encoded.
  static func recordingBytes(_ recording: MatchRecording) throws(CommandFailure)
    -> [UInt8]
  {
    do {
      return try recording.bytes()
    } catch {
      throw CommandFailure(
        message: "Cannot encode the recording: \(error)", exitCode: ExitCode.failure)
    }
  }
}
