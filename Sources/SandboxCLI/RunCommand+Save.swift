import Foundation
import GameShell
import HeadlessRenderer
import MonsterWars
import TraitSandbox

extension RunCommand {
  /// Checks that every file the run writes when it ends can be written, so that a long run does
  /// not end only to find it cannot.
  func checkDestinations() throws(CommandFailure) {
    if let savePath {
      try LinesFile.checkDestination(
        SavedFileIO.url(savePath, invocation: invocation), option: "--save")
    }
    if let recordURL { try LinesFile.checkDestination(recordURL, option: "--record") }
    if let pngURL { try LinesFile.checkDestination(pngURL, option: "--png") }
  }

  /// The files the run wrote when it ended, as its report names them.
  var writtenFiles: [(label: String, key: String, path: String)] {
    [("Recorded:   ", "recording", recordURL), ("Picture:    ", "picture", pngURL)].compactMap {
      label, key, url in url.map { (label, key, $0.path(percentEncoded: false)) }
    }
  }

  /// Writes the run's recording and its last frame, where `--record` and `--png` ask.
  func writeRecordingAndPicture(of match: Match, sprites: SpriteLibrary?) throws(CommandFailure) {
    if let pngURL, let sprites {
      try match.writePicture(
        to: pngURL, size: size, zoom: zoom, center: center, sprites: sprites)
    }
    guard let recordURL else { return }
    let recording = MatchRecording(autoplayed: match, program: MonsterWarsGame.recordingProgram)
    let bytes: [UInt8]
    do {
      bytes = try recording.bytes()
    } catch {
      throw CommandFailure(
        message: "Cannot encode the recording: \(error)", exitCode: ExitCode.failure)
    }
    try LinesFile.write(bytes, to: recordURL)
  }

  /// Saves the match where `--save` asks, and times the save and its state hash into
  /// `profile` when there is one.
  func save(_ match: Match, timedIn profile: inout RunProfile?, clock: MonotonicClock)
    throws(CommandFailure)
  {
    if let savePath {
      let saveStart = clock.now()
      try SavedFileIO.save(match, to: savePath, invocation: invocation)
      profile?.saveSeconds = clock.now() - saveStart
    }
    if profile != nil {
      let hashStart = clock.now()
      _ = match.world.stateHash()
      profile?.hashSeconds = clock.now() - hashStart
    }
  }
}
