import Foundation
import Gameplay
import Netplay
import SDLBackend
import TraitSandbox

/// What `GAME host` and `GAME join` share: the game's settings, this side's scripted inputs,
/// faults, the wait, and playing and reporting the match.
struct GameNetplaySetup<G: PlayableGame> {
  /// `--wait`: how long to wait for the other player.
  static var wait: Option<Int> {
    .integer(
      "wait", valueName: "seconds",
      help: "Give up if the other player has not come within this many seconds (1 to 86400).",
      in: 1...86_400, default: 60)
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
      GameOptions<G>.threads, GameOptions<G>.png,
    ] + NetworkOptions.desyncOptions
  }

  let settings: GameSettings
  let inputs: [Int: [G.Input]]
  let faults: NetworkFaults
  let waitSeconds: Int
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

  /// Reads the options, checking that the game has the two seats a match needs.
  init(options: ParsedOptions, invocation: Invocation) throws(CommandFailure) {
    settings = try GameOptions<G>.settings(options, invocation: invocation)
    let game = G(seed: 0, settings: settings)
    guard game.seats.count >= 2 else {
      throw CommandFailure(
        message: "\(G.name) has one seat: there is no one to play against over the network",
        exitCode: ExitCode.usage)
    }
    let path = try options[GameOptions<G>.inputs]
    let script = try path.map { path throws(CommandFailure) in
      try GameOptions<G>.loadInputs(
        path, invocation: invocation, seats: game.seats.count,
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
    waitSeconds = try options[Self.wait]
    silenceSeconds = try options[NetworkOptions.timeout]
    threads = try GameOptions<G>.threadCount(options)
    pngPath = try options[GameOptions<G>.png]
    recordURL = try options[Self.record].map { invocation.url(of: $0) }
    isWindowed = !options[Self.headless]
    size = try options[GameOptions<G>.size]
    if size != nil && !isWindowed { throw .usage("--size is the window's: not with --headless") }
    renderer = try RendererOption.choice(options, environment: invocation.environment)
    desync = try NetworkOptions.DesyncSettings(options)
    if isWindowed, let problem = SDLSession.displayProblem(environment: invocation.environment) {
      throw CommandFailure(
        message: "\(problem); with --headless, the match plays without a window",
        exitCode: ExitCode.unavailable)
    }
    if let pngPath { try LinesFile.checkDestination(invocation.url(of: pngPath), option: "--png") }
    if let recordURL { try LinesFile.checkDestination(recordURL, option: "--record") }
    self.invocation = invocation
  }

  /// The game as both sides start it from the host's seed.
  var start: (UInt64) -> G {
    let (settings, threads, isWindowed) = (self.settings, self.threads, self.isWindowed)
    return { seed in
      var game = G(seed: seed, settings: settings)
      game.threadCount = threads
      // F1 in the window shows what each system took (a game on a World times them).
      game.measuresSystemTimes = isWindowed
      return game
    }
  }

  /// What both sides' games must share: their settings.
  var fingerprint: UInt64 {
    var hasher = StateHasher()
    for setting in G.settings {
      hasher.combine(setting.name)
      hasher.combine(settings[setting.name])
    }
    return hasher.finalize().rawValue
  }

  /// The window the match plays in unless `--headless`: drawing as `--renderer` asks, saying
  /// how on `console`.
  func window(console: Console) -> WindowRequest {
    WindowRequest(
      environment: invocation.environment, renderer: renderer, size: size,
      announce: { console.print($0) })
  }

  /// Plays `match` to its end, headless or in a window, prints its summary and the game's
  /// report, writes the picture if asked, and returns the exit code: 0 when both sides agreed
  /// at the end, 1 for a desync or a player who left or fell silent, 69 when the other never
  /// came.
  func play(_ match: NetplayMatch<G>, console: Console) throws(CommandFailure) -> Int32 {
    let inputs = self.inputs
    desync.apply(to: match, isWindowed: isWindowed)
    match.keepsConfirmedInputs = recordURL != nil
    let recovers = match.onDesync == .recover
    match.desyncSeen = { desync, _ in
      console.print("\(desync)" + (recovers ? "; the host's game replaces the guest's" : ""))
    }
    var windowFigures: [String] = []
    if isWindowed {
      let (frames, summary) = try GameWindow<G>.play(
        match, inputs: inputs, waiting: start(0).makeFrame(), waitSeconds: Double(waitSeconds),
        window: window(console: console))
      windowFigures = ["frames: \(frames)"] + summary
    } else {
      do {
        try match.playHeadless(waitSeconds: Double(waitSeconds)) { inputs[Int($0)] ?? [] }
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
      try GameOptions<G>.writePicture(of: rollback.game, to: pngPath, invocation: invocation)
    }
    try writeRecording(of: match, console: console)
    switch ending {
    case .finished, .quit: return ExitCode.success
    default: throw CommandFailure(message: ending.description, exitCode: ExitCode.failure)
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

/// `GAME host`: plays the game's first seat against a second process over UDP, in a window
/// or headless.
struct GameHostCommand<G: PlayableGame>: Subcommand {
  /// `--ticks`: where the match ends.
  static var ticks: Option<Int> {
    .integer(
      "ticks",
      help: "End the match after n ticks, both sides comparing their state there "
        + "(1 to 100000000).", in: 1...100_000_000, default: 3600)
  }

  static var spec: CommandSpec {
    CommandSpec(
      name: "host",
      abstract: "Host a match against a second player over the network.",
      discussion: """
        Waits for the other player, then plays the game's first seat in a window (a click \
        gives its input there) or, with --headless, from --inputs alone, GGPO-style: inputs \
        travel over UDP and a late one rolls the game back. Prints the line the other player \
        runs to join (the session code and the settings in it); both sides print the same \
        stateHash when the match ends at --ticks.
        """,
      options: [
        ticks, GameOptions<G>.seed, NetworkOptions.port, NetworkOptions.listen,
        NetworkOptions.inputDelay, NetworkOptions.maximumRollback,
      ]
        + GameNetplaySetup<G>.options, program: G.name)
  }

  let ticks: Int
  let seed: UInt64
  let port: UInt16
  let listen: String?
  /// The rollback settings both sides play by, and whether the input delay follows the
  /// round trip.
  let rollback: (settings: RollbackSettings, adaptsInputDelay: Bool)
  let setup: GameNetplaySetup<G>

  init(options: ParsedOptions, invocation: Invocation) throws(CommandFailure) {
    ticks = try options[Self.ticks]
    seed = try options[GameOptions<G>.seed]
    port = try options[NetworkOptions.port]
    listen = try options[NetworkOptions.listen]
    rollback = try NetworkOptions.rollbackSettings(options, endTick: UInt32(ticks))
    setup = try GameNetplaySetup(options: options, invocation: invocation)
  }

  func run(console: Console) throws(CommandFailure) -> Int32 {
    let match: NetplayMatch<G>
    do {
      match = try .hosting(
        setup.start, fingerprint: setup.fingerprint, seed: seed,
        settings: rollback.settings, listen: listen, port: port, faults: setup.faults)
    } catch {
      throw CommandFailure(message: error.description, exitCode: ExitCode.unavailable)
    }
    match.silenceTimeout = Double(setup.silenceSeconds)
    match.adaptsInputDelay = rollback.adaptsInputDelay
    // The address the other player reaches: the one listened on, else this machine's name.
    var address = listen ?? ProcessInfo.processInfo.hostName
    if address.contains(":") { address = "[\(address)]" }
    let settings = GameOptions<G>.arguments(for: setup.settings)
    console.print(
      "Hosting \(G.name) on UDP port \(match.peer.localPort). The other player joins with:")
    console.print(
      "  \(G.name) join \(address):\(match.peer.localPort) --code \(match.code)"
        + (settings.isEmpty ? "" : " " + settings))
    if !setup.faults.isNone { console.print("Simulating \(setup.faults) on what this side sends.") }
    return try setup.play(match, console: console)
  }
}

/// `GAME join`: plays the game's second seat in a match a second process hosts, in a window
/// or headless.
struct GameJoinCommand<G: PlayableGame>: Subcommand {
  static var spec: CommandSpec {
    CommandSpec(
      name: "join", abstract: "Join a match another player hosts.",
      discussion: """
        Give the address and the code the host printed, and the host's settings: the host \
        refuses a player whose game would differ. The host decides the seed and the end tick. \
        This side plays in a window unless --headless. With --spectate it watches instead, \
        from any point of the match.
        """,
      options: [NetworkOptions.code.required, NetworkOptions.spectate]
        + GameNetplaySetup<G>.options,
      argument: ("host", "The host's address and port, e.g. 127.0.0.1:7777 or [::1]:7777."),
      program: G.name)
  }

  let host: String
  let port: UInt16
  let code: SessionCode
  let spectates: Bool
  let setup: GameNetplaySetup<G>

  init(options: ParsedOptions, invocation: Invocation) throws(CommandFailure) {
    let address = try options.argument()
    do throws(NetplayError) {
      (host, port) = try NetplayAddress.hostAndPort(address)
    } catch {
      throw .usage(error.description)
    }
    code = try options.required(NetworkOptions.code)
    spectates = options[NetworkOptions.spectate]
    setup = try GameNetplaySetup(options: options, invocation: invocation)
    if spectates && !setup.inputs.isEmpty {
      throw .usage("a spectator gives no inputs: leave out --inputs")
    }
  }

  func run(console: Console) throws(CommandFailure) -> Int32 {
    if spectates { return try watch(console: console) }
    let match: NetplayMatch<G>
    do {
      match = try .joining(
        setup.start, fingerprint: setup.fingerprint, host: host, port: port, code: code,
        faults: setup.faults)
    } catch {
      throw CommandFailure(message: error.description, exitCode: ExitCode.unavailable)
    }
    match.silenceTimeout = Double(setup.silenceSeconds)
    console.print("Joining \(match.peer.remote.map { "\($0)" } ?? host) (session \(code)).")
    if !setup.faults.isNone { console.print("Simulating \(setup.faults) on what this side sends.") }
    return try setup.play(match, console: console)
  }

  /// Watches the host's match, headless or in a window, and prints where it ended.
  private func watch(console: Console) throws(CommandFailure) -> Int32 {
    let spectator: NetplaySpectator<G>
    do {
      spectator = try .watching(
        setup.start, fingerprint: setup.fingerprint, host: host, port: port, code: code)
    } catch {
      throw CommandFailure(message: error.description, exitCode: ExitCode.unavailable)
    }
    spectator.silenceTimeout = Double(setup.silenceSeconds)
    console.print("Watching \(spectator.peer.remote.map { "\($0)" } ?? host) (session \(code)).")
    if setup.isWindowed {
      try GameWindow<G>.watch(
        spectator, waiting: setup.start(0).makeFrame(), waitSeconds: Double(setup.waitSeconds),
        window: setup.window(console: console))
    } else {
      do {
        try spectator.watchHeadless(waitSeconds: Double(setup.waitSeconds))
      } catch {
        throw error.commandFailure
      }
    }
    for line in spectator.summary { console.print(line) }
    if let game = spectator.game {
      for line in game.reportLines { console.print(line) }
      if let pngPath = setup.pngPath {
        try GameOptions<G>.writePicture(of: game, to: pngPath, invocation: setup.invocation)
      }
    }
    switch spectator.phase {
    case .ended(.finished), .ended(.quit), .joining, .watching: return ExitCode.success
    case .ended(let ending):
      throw CommandFailure(message: ending.description, exitCode: ExitCode.failure)
    }
  }
}
