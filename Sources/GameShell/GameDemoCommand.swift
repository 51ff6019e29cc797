import Foundation
import Frames
import Gameplay
import HeadlessRenderer
import SDLBackend
import TraitSandbox

/// `GAME demo`: plays the game in an SDL window, a click giving the first seat's input there,
/// or shows a recording of it.
package struct GameDemoCommand<G: PlayableGame>: Subcommand {
  /// `--frames`: quit after this many frames.
  static var frames: Option<Int?> {
    .integer("frames", help: "Quit after n frames (1 to 10000000).", in: 1...10_000_000)
  }
  /// `--replay`: a recording to show instead of playing.
  static var replay: Option<String?> {
    .text(
      "replay", valueName: "file",
      help: "Show a recording (from 'run --record' or 'demo --record') in the window instead of "
        + "playing; it must end on the state hash it was recorded with.")
  }

  /// `--screenshot`: a picture file for the last frame drawn.
  static var screenshot: Option<String?> {
    .text(
      "screenshot", valueName: "file",
      help: "When the window closes, save the last frame drawn to this .png or .bmp file.",
      check: PictureFile.checkExtension)
  }

  /// `--autoplay`: the player watches.
  static var autoplay: Flag {
    Flag(
      "autoplay",
      help: "Watch: no seat is yours, clicks and the game's keys give no inputs, and a game "
        + "with computer players lets them play every seat.")
  }

  /// `--settings`: a file of settings the window reloads.
  static var settingsFile: Option<String?> {
    .text(
      G.settingsFileOption, valueName: "file",
      help: G.settingsFileHelp
        + " The window watches it: the game takes what it changes, or restarts with it.")
  }

  package static var spec: CommandSpec {
    CommandSpec(
      name: "demo",
      abstract: "Play the game in a window (the default when no subcommand is given).",
      discussion: """
        Steps the game at its own rate and draws it at up to 60 frames a second, between its \
        last two ticks. \(keysHelp)A click: \(G.clickHelp); a right-click inspects. Esc \
        or closing the window quits, as do --frames and --ticks. Space \
        pauses, + and - change the speed, the wheel zooms, R starts the game again, H lists \
        the keys. With --replay the window shows a recording at its pace instead (R plays it \
        again), and exits 65 if it does not end where it was recorded. With --autoplay the \
        player watches. With --\(G.settingsFileOption) the window watches the settings file: \
        when it changes, the game takes the new settings as it plays where it can (new stats \
        for what is on the field, say), or else starts again with them; what is wrong with \
        the file shows in the window until it is fixed. --record writes the game played \
        last, from its restart or the past the player went back to. --screenshot saves the \
        last frame drawn when the window closes. Without a display it exits 69.
        """,
      options: [GameOptions<G>.seed] + GameOptions<G>.settingOptions + [
        settingsFile, GameOptions<G>.ticks, frames, GameOptions<G>.windowThreads, autoplay,
        GameOptions<G>.record, replay, GameOptions<G>.size, screenshot, CameraOptions.zoom,
        CameraOptions.center, RendererOption.option,
      ] + GameOptions<G>.assetsOptions, program: G.programName)
  }

  /// "Keys: 1 buy a Quirk, 2 buy a Zap, 0 take back your newest order. ": the game's keys,
  /// as the help lists them; empty for a game without any.
  static var keysHelp: String {
    guard !G.keys.isEmpty else { return "" }
    return "Keys: " + G.keys.map { "\($0.key) \($0.help)" }.joined(separator: ", ") + ". "
  }

  let seed: UInt64
  let settings: GameSettings
  let tickLimit: Int?
  let frameLimit: Int?
  let threads: Int
  let recordURL: URL?
  let replayURL: URL?
  let settingsFile: GameSettingsFile<G>?
  /// Whether the player watches (`--autoplay`).
  let watches: Bool
  let environment: [String: String]
  /// How the window draws (`--renderer`).
  let renderer: RendererChoice
  /// The window's size (`--size`), if given.
  let size: OutputSize?
  /// Where `--screenshot` saves the last frame, if anywhere.
  let screenshotURL: URL?
  /// How much closer than the whole world the window starts, and where.
  let zoom: Float
  let center: WorldPoint?
  /// Where the command was given, for the game's settings file.
  let invocation: Invocation

  package init(options: ParsedOptions, invocation: Invocation) throws(CommandFailure) {
    let invocation = try GameOptions<G>.invocation(options, invocation)
    seed = try options[GameOptions<G>.seed]
    let given = try GameOptions<G>.settings(options)
    tickLimit = try options[GameOptions<G>.ticks]
    frameLimit = try options[Self.frames]
    threads = try GameOptions<G>.threadCount(options, inWindow: true)
    recordURL = try options[GameOptions<G>.record].map { invocation.url(of: $0) }
    if let recordURL { try LinesFile.checkDestination(recordURL, option: "--record") }
    replayURL = try options[Self.replay].map { invocation.url(of: $0) }
    size = try options[GameOptions<G>.size]
    zoom = try options[CameraOptions.zoom]
    center = try options[CameraOptions.center]
    screenshotURL = try options[Self.screenshot].map { invocation.url(of: $0) }
    if let screenshotURL { try LinesFile.checkDestination(screenshotURL, option: "--screenshot") }
    settingsFile = try options[Self.settingsFile].map { path throws(CommandFailure) in
      GameSettingsFile(
        try GameOptions<G>.settingsURL(of: path, invocation: invocation), path: path, base: given)
    }
    if settingsFile != nil && recordURL != nil {
      throw .usage(
        "--\(G.settingsFileOption) cannot go with --record: a restart with new settings is "
          + "another game")
    }
    if replayURL != nil {
      let setUp: [any OptionDeclaration] =
        [GameOptions<G>.seed, GameOptions<G>.record, Self.settingsFile, Self.autoplay]
        + GameOptions<G>.settingOptions
      if let given = setUp.first(where: { options.contains($0) }) {
        throw .usage("--\(given.name) cannot go with --replay: the recording holds the game")
      }
    }
    // The game's own default file is read once; only a file the command line names is
    // watched.
    if let settingsFile {
      settings = try settingsFile.read()
    } else {
      settings = try GameOptions<G>.settings(options, invocation: invocation)
    }
    environment = invocation.environment
    self.invocation = invocation
    watches = options[Self.autoplay]
    renderer = try RendererOption.choice(options, environment: environment)
  }

  package func run(console: Console) throws(CommandFailure) -> Int32 {
    if let replayURL { return try show(replayURL, console: console) }
    var game = G(seed: seed, settings: settings)
    game.threadCount = threads
    if !watches { game.letPeoplePlay(seats: [0]) }
    // F1 shows what each system took (a game on a World times them).
    game.measuresSystemTimes = true
    var recorder = try GameOptions<G>.recorder(of: game)
    let restart = GameRestart(
      file: settingsFile, seed: seed, threads: threads, people: watches ? [] : [0],
      current: settings)
    let (frames, summary) = try GameWindow<G>.run(
      &recorder, tickLimit: tickLimit, frameLimit: frameLimit, window: window(console),
      restart: restart)
    if let recordURL { try GameOptions<G>.write(recorder.recording, to: recordURL) }
    GameOptions<G>.report(recorder.game, console: console)
    console.print("frames: \(frames)")
    for line in summary { console.print(line) }
    if let recordURL { console.print("recording: \(recordURL.path(percentEncoded: false))") }
    return ExitCode.success
  }

  /// The window: drawing as `--renderer` asks, saying how on `console`.
  private func window(_ console: Console) -> WindowRequest {
    WindowRequest(
      invocation: invocation, renderer: renderer, size: size, screenshot: screenshotURL,
      zoom: zoom, center: center, seat: watches ? nil : 0, announce: { console.print($0) })
  }

  /// Shows the recording at `url` in the window, then checks where it ended.
  private func show(_ url: URL, console: Console) throws(CommandFailure) -> Int32 {
    let recording = try GameOptions<G>.recording(at: url)
    let like = try GameOptions<G>.reader(threads: threads, invocation: invocation)
    var start: G
    do {
      start = try like.restored(from: [UInt8](recording.start))
    } catch {
      throw CommandFailure(
        message: "cannot replay \(url.path(percentEncoded: false)): its start does not read: "
          + "\(error)", exitCode: ExitCode.dataError)
    }
    start.measuresSystemTimes = true
    let inputs = Dictionary(recording.inputs.map { ($0.tick, $0.inputs) }) { first, _ in first }
    var recorder = try GameOptions<G>.recorder(of: start)
    let limit = min(tickLimit ?? recording.tickCount, recording.tickCount)
    let (frames, summary) = try GameWindow<G>.run(
      &recorder, tickLimit: limit, frameLimit: frameLimit, window: window(console),
      replaying: { inputs[$0] ?? [] })
    GameOptions<G>.report(recorder.game, console: console)
    console.print("frames: \(frames)")
    for line in summary { console.print(line) }
    let ticks = Int(recorder.game.tick - start.tick)
    guard ticks == recording.tickCount else {
      console.print("replayed \(ticks) of the recording's \(recording.tickCount) ticks")
      return ExitCode.success
    }
    let hash = "\(recorder.game.stateHash())"
    guard hash == recording.endHash else {
      throw CommandFailure(
        message: "the replay ends on stateHash \(hash), the recording on \(recording.endHash)",
        exitCode: ExitCode.dataError)
    }
    console.print("replayed to the recording's end, on the stateHash it was recorded with")
    return ExitCode.success
  }
}
