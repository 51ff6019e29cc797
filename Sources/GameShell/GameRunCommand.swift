import Foundation
import Gameplay
import Imaging
import TraitSandbox

/// `GAME run`: steps the game headless, with scripted inputs if given, through a sync test if
/// asked, and reports its state hash; writes its recording and its last frame if asked.
struct GameRunCommand<G: PlayableGame>: Subcommand {
  /// `--sync-test`: the rollback every tick is checked with.
  static var syncTest: Option<Int?> {
    .integer(
      "sync-test", valueName: "k",
      help: "Every tick, restore the snapshot of k ticks before (1 to "
        + "\(SyncTest<G>.maximumRollback)), step again and check the state matches the "
        + "straight run's.", in: 1...SyncTest<G>.maximumRollback)
  }

  /// `--profile`: time the world's systems.
  static var profile: Flag {
    Flag(
      "profile",
      help: "Time each of the world's systems and report them, with how the tick used its "
        + "threads (the time only one thread worked, its barriers) and the entities' sizes.")
  }

  static var spec: CommandSpec {
    CommandSpec(
      name: "run", abstract: "Step the game headless and print its state hash.",
      discussion: """
        Steps --ticks ticks, or until the game is over, as fast as the machine allows. The \
        same seed, settings, inputs and ticks always print the same stateHash, on any number \
        of threads. --save writes the whole game when the run ends; --load goes on from such \
        a file, and running on from it gives the stateHash running straight through would \
        have. --frames writes a picture of every --every-th tick, --png one of the last.
        """,
      options: [GameOptions<G>.ticks.required, GameOptions<G>.seed] + GameOptions<G>.settingOptions
        + [
          GameOptions<G>.settingsFile, GameOptions<G>.threads, GameOptions<G>.inputs, syncTest,
          profile,
          GameOptions<G>.record, save, load, GameOptions<G>.png,
        ] + pictureOptions + [GameOptions<G>.json] + GameOptions<G>.assetsOptions,
      program: G.programName)
  }

  let ticks: Int
  let seed: UInt64
  let settings: GameSettings
  let threads: Int
  let inputs: [Int: [SeatInput<G.Input>]]
  let syncRollback: Int?
  let isProfiling: Bool
  let recordURL: URL?
  /// The file `--save` writes, as given and where it is.
  let saving: (path: String, url: URL)?
  /// The game `--load` read, and its file.
  let loaded: (game: G, path: String)?
  let pngPath: String?
  /// How `--frames` and `--png` draw.
  let pictures: Pictures
  let json: Bool
  let invocation: Invocation

  init(options: ParsedOptions, invocation: Invocation) throws(CommandFailure) {
    let invocation = try GameOptions<G>.invocation(options, invocation)
    ticks = try options.required(GameOptions<G>.ticks)
    pictures = try Pictures(options)
    json = options[GameOptions<G>.json]
    seed = try options[GameOptions<G>.seed]
    settings = try GameOptions<G>.settings(options, invocation: invocation)
    threads = try GameOptions<G>.threadCount(options)
    syncRollback = try options[Self.syncTest]
    pngPath = try options[GameOptions<G>.png]
    recordURL = try options[GameOptions<G>.record].map { invocation.url(of: $0) }
    if syncRollback != nil && recordURL != nil {
      throw .usage("'--record' cannot go with '--sync-test', which steps ticks more than once")
    }
    if syncRollback != nil && pictures.folder != nil {
      throw .usage("'--frames' cannot go with '--sync-test', which steps ticks more than once")
    }
    isProfiling = options[Self.profile]
    if isProfiling && syncRollback != nil {
      throw .usage("'--profile' cannot go with '--sync-test', which steps ticks more than once")
    }
    if let recordURL { try LinesFile.checkDestination(recordURL, option: "--record") }
    if let pngPath { try LinesFile.checkDestination(invocation.url(of: pngPath), option: "--png") }
    saving = try options[Self.save].map { ($0, invocation.url(of: $0)) }
    // Checked now, so that a long run does not end only to find it cannot save.
    if let saving { try LinesFile.checkDestination(saving.url, option: "--save") }
    if let path = try options[Self.load] {
      try Self.refuseSetUp(besideLoad: options)
      loaded = (try Self.loadSnapshot(path, threads: threads, invocation: invocation), path)
    } else {
      loaded = nil
    }
    let game = loaded?.game ?? G(seed: seed, settings: settings)
    if isProfiling && game.steppedWorld == nil {
      throw .usage("'--profile' times a world's systems, and \(G.name) does not step a World")
    }
    inputs =
      try options[GameOptions<G>.inputs].map { path throws(CommandFailure) in
        try GameOptions<G>.loadInputs(path, invocation: invocation, game: game)
      } ?? [:]
    self.invocation = invocation
  }

  func run(console: Console) throws(CommandFailure) -> Int32 {
    let clock = MonotonicClock()
    let setupStart = clock.now()
    var game = loaded?.game ?? G(seed: seed, settings: settings)
    game.threadCount = threads
    let inputs = self.inputs
    // The seats the inputs file speaks for are people's; a snapshot's game has its people.
    if loaded == nil {
      game.letPeoplePlay(seats: Set(inputs.values.joined().map(\.seat)))
    }
    if let syncRollback {
      try runSyncTest(game, rollback: syncRollback, console: console)
      return ExitCode.success
    }
    var profile: RunProfile?
    if isProfiling, let world = game.steppedWorld {
      game.measuresSystemTimes = true
      guard game.measuresSystemTimes else {
        throw .usage(
          "'--profile': \(G.name) gives its world but does not turn on its timing "
            + "(measuresSystemTimes)")
      }
      profile = RunProfile(world: world, setupSeconds: clock.now() - setupStart)
    }
    var recorder = try GameOptions<G>.recorder(of: game)
    var frames = try pictures.recorder(for: game, invocation: invocation)
    try frames?.record(tick: game.tick) { game.makeFrame(canvas: $0) }
    for tick in 0..<ticks where !recorder.game.isOver {
      let start = clock.now()
      recorder.advance(with: inputs[tick] ?? [])
      if profile != nil, let world = recorder.game.steppedWorld {
        profile?.record(
          tick: clock.now() - start, systems: world.lastSystemTimes, end: world.lastTickEndTimes,
          parallelism: world.lastTickParallelism)
      }
      try frames?.record(tick: recorder.game.tick) { recorder.game.makeFrame(canvas: $0) }
    }
    if let recordURL { try GameOptions<G>.write(recorder.recording, to: recordURL) }
    let hashStart = clock.now()
    var report = GameReport(recorder.game)
    profile?.hashSeconds = clock.now() - hashStart
    if let recordURL { report.add(file: "recording", recordURL.path(percentEncoded: false)) }
    if let frames {
      let folder = pictures.folder ?? ""
      report.add(
        "frames", "\(frames.framesWritten) in \(folder)",
        json: .object([("count", .integer(frames.framesWritten)), ("folder", .string(folder))]))
    }
    try finish(recorder.game, report: report, profile: profile, console: console)
    return ExitCode.success
  }

  /// Steps the game through a sync test of `rollback` ticks and reports it.
  private func runSyncTest(
    _ game: G, rollback syncRollback: Int, console: Console
  ) throws(CommandFailure) {
    var game = game
    let inputs = self.inputs
    var run = HeadlessRun<G>(
      tickLimit: ticks, syncTestRollback: syncRollback, inputs: { inputs[$0] ?? [] })
    do {
      try run.run(&game)
    } catch {
      throw CommandFailure(message: "sync test: \(error)", exitCode: ExitCode.failure)
    }
    var report = GameReport(game)
    report.add(
      "syncTest",
      "rolled back \(syncRollback) ticks and stepped again \(run.syncTest?.rollbacks ?? 0) "
        + "times, always to the straight run's state",
      json: .object([
        ("rollback", .integer(syncRollback)),
        ("rollbacks", .integer(run.syncTest?.rollbacks ?? 0)),
      ]))
    try finish(game, report: report, console: console)
  }

  /// Writes the picture if asked and prints `report`, with the seed and settings first and the
  /// profile, if any, last.
  private func finish(
    _ game: G, report: GameReport<G>, profile: RunProfile? = nil, console: Console
  ) throws(CommandFailure) {
    var report = report
    if let pngPath {
      try GameOptions<G>.writePicture(
        of: game, to: pngPath, size: pictures.size, zoom: pictures.zoom, center: pictures.center,
        invocation: invocation, console: console)
      report.add(file: "png", pngPath)
    }
    if let saving {
      try Self.writeSnapshot(of: game, to: saving.url)
      report.add(file: "saved", saving.path)
    }
    if let loaded {
      report.additions.insert(("loaded", loaded.path, .string(loaded.path)), at: 0)
    } else {
      report.additions.insert(
        contentsOf: GameOptions<G>.setUp(seed: seed, settings: settings), at: 0)
    }
    let types = game.steppedWorld?.entityTypes ?? []
    let peakMemory = RunProfile.peakMemoryBytes
    if let profile, json {
      report.additions.append(
        ("profile", nil, profile.json(types: types, peakMemoryBytes: peakMemory)))
    }
    report.print(to: console, json: json)
    if let profile, !json {
      console.writeOutput(profile.text(types: types, peakMemoryBytes: peakMemory))
    }
  }
}
