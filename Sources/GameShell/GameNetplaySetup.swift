import Foundation
import Gameplay
import Netplay
import SDLBackend
import TraitSandbox

/// What `GAME host` and `GAME join` share: the game's settings, this side's scripted inputs,
/// faults, the wait, and playing and reporting the match.
struct GameNetplaySetup<G: PlayableGame> {
  /// `--wait`: how long to wait for the other player.
  static var wait: Option<Int?> {
    .integer(
      "wait", valueName: "seconds",
      help: "Give up if the other side has not come within this many seconds (1 to 86400).",
      in: 1...86_400,
      defaultDescription: "a host 600 with --headless, until its window closes in one; a guest 10")
  }

  /// `--headless`: play with no window, this side's inputs from `--inputs` alone.
  static var headless: Flag {
    Flag("headless", help: "Play with no window: this side's inputs come from --inputs alone.")
  }

  /// `--record`: this side's recording of the match, written when it ends.
  static var record: Option<String?> {
    .text(
      "record", valueName: "file",
      help: "When the match ends, write its recording (its start and both players' inputs) to "
        + "this file, which 'replay' steps again to the same stateHash.")
  }

  /// The options both ends take.
  static var options: [any OptionDeclaration] {
    GameOptions<G>.settingOptions + [
      GameOptions<G>.settingsFile, headless, RendererOption.option, GameOptions<G>.inputs, record,
      NetworkOptions.simulate, wait, NetworkOptions.timeout, GameOptions<G>.size,
      GameOptions<G>.windowThreads, GameOptions<G>.png,
    ] + NetworkOptions.desyncOptions + GameOptions<G>.assetsOptions
  }

  let settings: GameSettings
  /// The settings file the command line names, which the host's window watches.
  let settingsFile: GameSettingsFile<G>?
  let inputs: [Int: [G.Input]]
  let faults: NetworkFaults
  /// Seconds to wait for the other side (`--wait`); infinite for a host's window.
  let waitSeconds: Double
  /// Seconds of silence after which the other player is given up on (`--timeout`).
  let silenceSeconds: Int
  let threads: Int
  let pngPath: String?
  /// Where `--record` writes, if anywhere.
  let recordURL: URL?
  let isWindowed: Bool
  /// The window's size (`--size`), if given.
  let size: OutputSize?
  /// How the window draws (`--renderer`).
  let renderer: RendererChoice
  let desync: NetworkOptions.DesyncSettings
  let invocation: Invocation

  /// Reads the options of the side that plays `seat` (the host the first, a guest the
  /// second), checking that the game has the two seats a match needs.
  init(options: ParsedOptions, invocation: Invocation, seat: Int) throws(CommandFailure) {
    settings = try GameOptions<G>.settings(options, invocation: invocation)
    settingsFile = try options[GameOptions<G>.settingsFile].map { path throws(CommandFailure) in
      GameSettingsFile(
        try GameOptions<G>.settingsURL(of: path, invocation: invocation), path: path,
        base: try GameOptions<G>.settings(options))
    }
    let game = G(seed: 0, settings: settings)
    guard game.seats.count >= 2 else {
      throw CommandFailure(
        message: "\(G.name) has one seat: there is no one to play against over the network",
        exitCode: ExitCode.usage)
    }
    let path = try options[GameOptions<G>.inputs]
    let script = try path.map { path throws(CommandFailure) in
      try GameOptions<G>.loadInputs(
        path, invocation: invocation, game: game, seat: seat,
        maximumPerTick: PacketCodec.maximumInputsPerTick)
    }
    var inputs: [Int: [G.Input]] = [:]
    for (tick, given) in script ?? [:] {
      // The file is this side's: its seat field, if any, is ignored.
      inputs[tick] = given.map(\.input)
      if inputs[tick, default: []].count > PacketCodec.maximumInputsPerTick {
        throw CommandFailure(
          message: "\(path ?? ""): more than \(PacketCodec.maximumInputsPerTick) inputs on tick "
            + "\(tick), this side's in all", exitCode: ExitCode.dataError)
      }
    }
    self.inputs = inputs
    faults = try options[NetworkOptions.simulate] ?? NetworkFaults()
    silenceSeconds = try options[NetworkOptions.timeout]
    isWindowed = !options[Self.headless]
    let defaultWait = seat > 0 ? 10 : isWindowed ? Double.infinity : 600
    waitSeconds = try options[Self.wait].map(Double.init) ?? defaultWait
    threads = try GameOptions<G>.threadCount(options, inWindow: isWindowed)
    pngPath = try options[GameOptions<G>.png]
    recordURL = try options[Self.record].map { invocation.url(of: $0) }
    size = try options[GameOptions<G>.size]
    if size != nil && !isWindowed && pngPath == nil {
      throw .usage("--size is the window's or --png's: not with --headless alone")
    }
    renderer = try RendererOption.choice(options, environment: invocation.environment)
    desync = try NetworkOptions.DesyncSettings(options)
    if isWindowed, let problem = SDLSession.displayProblem(environment: invocation.environment) {
      throw CommandFailure(
        message: "\(problem); with --headless, the match plays without a window",
        exitCode: ExitCode.unavailable)
    }
    if let pngPath {
      try LinesFile.checkDestination(invocation.url(of: pngPath), option: "--png")
      // Made now, so a match does not end only to find it cannot draw its picture.
      _ = try GameOptions<G>.sprites(in: invocation)
    }
    if let recordURL { try LinesFile.checkDestination(recordURL, option: "--record") }
    self.invocation = invocation
  }

  /// The game as both sides start it from the host's seed.
  var start: (UInt64) -> G {
    let (settings, threads, isWindowed) = (self.settings, self.threads, self.isWindowed)
    return { seed in
      var game = G(seed: seed, settings: settings)
      game.threadCount = threads
      game.letPeoplePlay(seats: Set(game.seats.indices))
      // F1 in the window shows what each system took (a game on a World times them).
      game.measuresSystemTimes = isWindowed
      return game
    }
  }

  /// What both sides' games must share: their settings, and their settings file's bytes.
  var fingerprint: UInt64 { GameOptions<G>.fingerprint(of: settings) }

  /// The window the match plays in unless `--headless`: drawing as `--renderer` asks, saying
  /// how on `console`.
  func window(console: Console) -> WindowRequest {
    WindowRequest(
      invocation: invocation, renderer: renderer, size: size,
      announce: { console.print($0) })
  }

  /// Plays `match` to its end, headless or in a window, prints its summary and the game's
  /// report, writes the picture if asked, and returns the exit code: 0 when both sides agreed
  /// at the end, 1 for a desync or a player who left or fell silent, 69 when the other never
  /// came.
  func play(_ match: NetplayMatch<G>, console: Console) throws(CommandFailure) -> Int32 {
    let inputs = self.inputs
    desync.apply(to: match, isWindowed: isWindowed)
    reportsDesyncs(of: match, console: console)
    var windowFigures: [String] = []
    if isWindowed {
      let (frames, summary) = try GameWindow<G>.play(
        match, inputs: inputs, waiting: start(0).makeFrame(), waitSeconds: waitSeconds,
        window: window(console: console),
        retune: settingsFile.map { NetplayRetune(file: $0, current: settings) })
      windowFigures = ["frames: \(frames)"] + summary
    } else {
      do {
        try match.playHeadless(waitSeconds: waitSeconds) { inputs[Int($0)] ?? [] }
      } catch {
        throw error.commandFailure
      }
    }
    for line in match.summary + windowFigures { console.print(line) }
    guard case .ended(let ending) = match.phase, let rollback = match.rollback else {
      return ExitCode.success
    }
    for line in rollback.game.reportLines { console.print(line) }
    if let pngPath {
      try GameOptions<G>.writePicture(
        of: rollback.game, to: pngPath, size: size, invocation: invocation)
      console.print("Picture:    \(invocation.url(of: pngPath).path(percentEncoded: false))")
    }
    try writeRecording(of: match, console: console)
    switch ending {
    case .finished, .quit: return ExitCode.success
    case .desynced(let desync):
      throw try desyncFailure(desync, match: match, game: rollback.game)
    case .peerLeft, .refused:
      // A match with no end tick (in a window) ends when a player leaves it.
      guard let end = rollback.settings.endTick, !rollback.isFinished else {
        return ExitCode.success
      }
      throw CommandFailure(
        message: "\(ending), before the end at tick \(end)"
          + (recordURL == nil ? "; --record saves the match so far" : ""),
        exitCode: ExitCode.failure)
    default:
      throw CommandFailure(
        message: ending.description
          + (recordURL == nil ? "; --record saves the match so far" : ""),
        exitCode: ExitCode.failure)
    }
  }

  /// Writes this side's recording of `match` where `--record` asks, and says where and how
  /// many ticks it holds: through the end of a match that finished, through the last tick
  /// both sides confirmed of one cut short.
  func writeRecording(of match: NetplayMatch<G>, console: Console) throws(CommandFailure) {
    guard let recordURL else { return }
    let recording: Recording<G>?
    do {
      recording = try match.recording()
    } catch {
      throw CommandFailure(message: "Cannot record the match: \(error)", exitCode: ExitCode.failure)
    }
    guard let recording else { return }
    try GameOptions<G>.write(recording, to: recordURL)
    console.print(
      "Recorded \(recording.tickCount) ticks of the match to "
        + recordURL.path(percentEncoded: false))
  }
}
