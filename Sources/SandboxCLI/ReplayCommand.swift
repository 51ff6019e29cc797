import Foundation
import GameShell
import JSON
import MonsterWars
import TraitSandbox

/// `sandbox replay`: plays a recorded demo session headless and prints where it ended.
struct ReplayCommand: Subcommand {
  static let spec = CommandSpec(
    name: "replay",
    abstract: "Replay a recorded session headless and print the state hash it reaches.",
    discussion: """
      Plays the recording's inputs (buy orders, restarts, live-tuning reloads) at their ticks, \
      as fast as the machine allows, and prints the stateHash the session ended with: the one \
      the demo printed when it quit, or the run when it ended. A recording made by another \
      version of sandbox is refused, since its simulation may step differently. Exits 1 if \
      the replay does not end where the recording says the session did. --png draws where it \
      ended.
      """,
    options: [RunCommand.threads, png, RunCommand.json, SharedOptions.assets],
    argument: ("file", "A recording written by 'sandbox demo --record' or 'run --record'."))

  /// `--png`: a picture of where the replay ended.
  static let png: Option<String?> = .text(
    "png", valueName: "file",
    help: "Write the last frame to this file as a PNG (1280x720), once the replay ends."
  ) {
    text throws(OptionValueError) in
    guard text.lowercased().hasSuffix(".png") else { throw .invalid("expected a .png file") }
  }

  let path: String
  let threads: Int
  /// Where `--png` writes the last frame, if anywhere.
  let pngURL: URL?
  let assetsOption: String?
  let json: Bool
  let invocation: Sandbox.Invocation

  init(options: ParsedOptions, invocation: Sandbox.Invocation) throws(CommandFailure) {
    path = try options.argument()
    threads = try options[RunCommand.threads] ?? ProcessInfo.processInfo.activeProcessorCount
    json = options[RunCommand.json]
    pngURL = try options[Self.png].map { invocation.url(of: $0) }
    if let pngURL { try LinesFile.checkDestination(pngURL, option: "--png") }
    assetsOption = try options[SharedOptions.assets]
    self.invocation = invocation
  }

  /// The recording in `path`, made by this version of sandbox.
  ///
  /// - Throws: exit 66 for a file that cannot be read, 65 for one that is not a good recording
  ///   or comes from another version.
  static func load(_ path: String, invocation: Sandbox.Invocation) throws(CommandFailure)
    -> MatchRecording
  {
    let bytes = try SavedFileIO.read(path, kind: .recording, invocation: invocation)
    let recording: MatchRecording
    do {
      recording = try MatchRecording(bytes: bytes)
    } catch {
      throw SavedFileIO.invalid(path, kind: .recording, error)
    }
    guard recording.program == program else {
      throw SavedFileIO.invalid(
        path, kind: .recording,
        SavedFileError(
          "it was recorded by \(quoted(recording.program)), and this is \(program), whose "
            + "simulation may step differently"))
    }
    return recording
  }

  /// The program and version recordings name.
  static let program = "sandbox \(Sandbox.version)"

  func run(console: Console) throws(CommandFailure) -> Int32 {
    let bytes = try SavedFileIO.read(path, kind: .recording, invocation: invocation)
    guard MatchRecording.isSavedFile(bytes) else { return try replayJSON(bytes, console: console) }
    let recording = try Self.load(path, invocation: invocation)
    let clock = MonotonicClock()
    let start = clock.now()
    let session: MatchSession
    do {
      session = try ReplayScript.play(recording, threads: threads)
    } catch {
      throw SavedFileIO.invalid(path, kind: .recording, error)
    }
    let seconds = clock.now() - start
    try writePicture(of: session.match, console: console)
    let hash = session.match.world.stateHash()
    let tick = session.match.world.tick
    let matches = hash == recording.finalHash
    report(recording, tick: tick, hash: hash, seconds: seconds, console: console)
    guard matches else {
      throw CommandFailure(
        message: "the replay ended with stateHash \(hash) at tick \(tick), but the recording ended "
          + "with \(recording.finalHash) at tick \(recording.finalTick)",
        exitCode: ExitCode.failure)
    }
    return ExitCode.success
  }

  /// Prints where the replay of `recording` ended, at `tick` on `hash` after `seconds`: as
  /// text, or as one JSON object with `--json`.
  private func report(
    _ recording: MatchRecording, tick: UInt64, hash: StateHash, seconds: Double,
    console: Console
  ) {
    let matches = hash == recording.finalHash
    if json {
      console.writeOutput(
        JSONValue.object(
          [
            ("program", .string(recording.program)),
            ("scenario", .string(recording.scenario.name)),
            ("seed", .unsigned(recording.seed)),
            ("inputs", .integer(recording.inputs.count)),
            ("tick", .unsigned(tick)),
            ("stateHash", .string(hash.description)),
            ("recordedStateHash", .string(recording.finalHash.description)),
            ("wallSeconds", .measured(seconds)),
          ] + (pngURL.map { [("png", .string($0.path(percentEncoded: false)))] } ?? [])
        ).rendered
          + "\n")
    } else {
      let restarts = recording.inputs.filter { $0.input == .restart }.count
      // Each player's orders and cancels, when two played.
      var bySide = ""
      if recording.playerSides.count > 1 {
        bySide = recording.playerSides.map { side in
          let count = recording.inputs.count { recorded in
            switch recorded.input {
            case .order(_, let of), .cancelOrder(let of): of == side
            case .restart, .retune, .travel: false
            }
          }
          return "\(count) \(side.name), "
        }.joined()
      }
      console.writeOutput(
        """
        Recording:  \(recording.program), scenario \(recording.scenario.name), seed \
        \(recording.seed)\(recording.isAutoplay ? ", autoplay" : "")
        Inputs:     \(recording.inputs.count) (\(bySide)\(restarts) restart\(restarts == 1 ? "" : "s"))
        Replayed:   to tick \(tick) in \(String(format: "%.3f", seconds)) s
        stateHash:  \(hash)\(matches ? " (the recording's)" : "")

        """)
      if let pngURL { console.print("Picture:    \(pngURL.path(percentEncoded: false))") }
    }
  }
}
