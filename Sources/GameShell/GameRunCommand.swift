import Foundation
import Gameplay
import HeadlessRenderer
import Imaging
import TraitSandbox

/// `GAME run`: steps the game headless, with scripted inputs if given, through a sync test if
/// asked, and reports its state hash; writes its recording and its last frame if asked.
package struct GameRunCommand<G: PlayableGame>: Subcommand {
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

  package static var spec: CommandSpec {
    CommandSpec(
      name: "run", abstract: "Step the game headless and print its state hash.",
      discussion: """
        Steps --ticks ticks, or until the game is over, as fast as the machine allows (a game \
        that ends by itself needs no --ticks). The \
        same seed, settings, inputs and ticks always print the same stateHash, on any number \
        of threads. --save writes the whole game when the run ends; --load goes on from such \
        a file, and running on from it gives the stateHash running straight through would \
        have. --frames writes a picture of every --every-th tick, --png one of the last.
        """,
      options: [ticks, GameOptions<G>.seed] + GameOptions<G>.settingOptions
        + [
          GameOptions<G>.settingsFile, GameOptions<G>.threads, GameOptions<G>.inputs, syncTest,
          profile,
          GameOptions<G>.record, save, load, GameOptions<G>.png,
        ] + pictureOptions + [GameOptions<G>.json] + GameOptions<G>.assetsOptions,
      program: G.programName)
  }

  /// `--ticks`: how many ticks to step, all the game has left when it ends by itself.
  static var ticks: Option<Int?> {
    .integer(
      "ticks", help: "Ticks to step (1 to \(Recording<G>.maximumTickCount)).",
      in: 1...Recording<G>.maximumTickCount,
      defaultDescription: "until the game ends by itself; a game that does not needs it")
  }

  /// `--ticks`, if given: else all the game has left.
  let ticks: Int?
  let seed: UInt64
  let settings: GameSettings
  let threads: Int
  /// The file of inputs `--inputs` names, if any.
  let inputsPath: String?
  let syncRollback: Int?
  let isProfiling: Bool
  let recordURL: URL?
  /// The file `--save` writes, as given and where it is.
  let saving: (path: String, url: URL)?
  /// The snapshot file `--load` names, if any: read when the run starts, so that no copy of
  /// its game outlives the start (stepping would copy the game's storage).
  let loadPath: String?
  let pngPath: String?
  /// How `--frames` and `--png` draw.
  let pictures: Pictures
  let json: Bool
  let invocation: Invocation

  package init(options: ParsedOptions, invocation: Invocation) throws(CommandFailure) {
    let invocation = try GameOptions<G>.invocation(options, invocation)
    loadPath = try options[Self.load]
    if loadPath != nil { try Self.refuseSetUp(besideLoad: options) }
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
    ticks = try options[Self.ticks]
    inputsPath = try options[GameOptions<G>.inputs]
    self.invocation = invocation
  }

  /// The game to run, on its threads, with the ticks to step it and the inputs to give it.
  ///
  /// - Throws: A usage error for a game that does not end by itself, run without `--ticks`,
  ///   and for `--profile` of a game without a world; `--inputs`' errors.
  private func setUp() throws(CommandFailure) -> (
    G, ticks: Int, [Int: [SeatInput<G.Input>]], readSeconds: Double?
  ) {
    let loaded = try loadPath.map { path throws(CommandFailure) in
      try Self.loadSnapshot(path, threads: threads, invocation: invocation)
    }
    var game = loaded?.game ?? G(seed: seed, settings: settings)
    game.threadCount = threads
    guard let ticks = ticks ?? game.ticksLeft else {
      throw .usage("--ticks is needed: \(G.name) does not end by itself")
    }
    if isProfiling && game.steppedWorld == nil {
      throw .usage("'--profile' times a world's systems, and \(G.name) does not step a World")
    }
    let inputs =
      try inputsPath.map { path throws(CommandFailure) in
        try GameOptions<G>.loadInputs(path, invocation: invocation, game: game)
      } ?? [:]
    // The seats the inputs file speaks for are people's; a snapshot's game has its people.
    if loadPath == nil {
      game.letPeoplePlay(seats: Set(inputs.values.joined().map(\.seat)))
    }
    return (game, ticks, inputs, loaded?.readSeconds)
  }

  package func run(console: Console) throws(CommandFailure) -> Int32 {
    let clock = MonotonicClock()
    let setupStart = clock.now()
    let (start, ticks, inputs, readSeconds) = try setUp()
    var game = consume start
    if let syncRollback {
      try runSyncTest(game, ticks: ticks, inputs: inputs, rollback: syncRollback, console: console)
      return ExitCode.success
    }
    // Reading a snapshot is timed apart from restoring it: the set-up is the rest.
    var profile = try profile(
      of: &game, setupSeconds: clock.now() - setupStart - (readSeconds ?? 0))
    profile?.readSeconds = readSeconds
    let baseline = game.reportBaseline
    // Loaded once, before the first tick: a broken assets folder fails now, not at the end.
    let sprites =
      pictures.folder != nil || pngPath != nil
      ? try GameOptions<G>.sprites(in: invocation, console: console) : nil
    var frames = try pictures.recorder(for: game, sprites: sprites, invocation: invocation)
    try frames?.record(tick: game.tick) { game.makeFrame(canvas: $0) }
    let (ran, seconds, entityUpdates): (Int, Double, Int)
    (game, ran, seconds, entityUpdates) = try play(
      consume game, ticks: ticks, inputs: inputs, profile: &profile, frames: &frames,
      console: console)
    let hashStart = clock.now()
    var report = GameReport(game, since: baseline)
    profile?.hashSeconds = clock.now() - hashStart
    report.addRan(
      ran, seconds: seconds, entityUpdates: game.steppedWorld.map { _ in entityUpdates })
    if let recordURL { report.add(file: "recording", recordURL.path(percentEncoded: false)) }
    if let frames {
      let folder = pictures.folder ?? ""
      report.add(
        "frames", "\(frames.framesWritten) in \(folder)",
        json: .object([("count", .integer(frames.framesWritten)), ("folder", .string(folder))]))
    }
    try finish(game, report: report, profile: profile, sprites: sprites, console: console)
    return ExitCode.success
  }

  /// Turns on the timing of `game`'s world and starts the run's profile, if `--profile` asks.
  private func profile(
    of game: inout G, setupSeconds: Double
  ) throws(CommandFailure) -> RunProfile? {
    guard isProfiling else { return nil }
    game.measuresSystemTimes = true
    guard game.measuresSystemTimes else {
      throw .usage(
        "'--profile': \(G.name) gives its world but does not turn on its timing "
          + "(measuresSystemTimes)")
    }
    return game.steppedWorld.map { RunProfile(world: $0, setupSeconds: setupSeconds) }
  }

  /// Steps `game` up to `ticks` ticks, or to its end, with `inputs`, recording it if `--record`
  /// asks, timing each tick into `profile` and drawing `frames`: the game where it stopped,
  /// the ticks run, how long they took and how many entities they stepped in all.
  private func play(
    _ game: consuming G, ticks: Int, inputs: [Int: [SeatInput<G.Input>]],
    profile: inout RunProfile?, frames: inout FrameRecorder?, console: Console
  ) throws(CommandFailure) -> (game: G, ran: Int, seconds: Double, entityUpdates: Int) {
    let clock = MonotonicClock()
    // One of the two holds the game, so that stepping it never copies it.
    var stepped: Stepped<G>
    if recordURL != nil {
      stepped = Stepped(recorder: try GameOptions<G>.recorder(of: game))
    } else {
      stepped = Stepped(alone: game)
    }
    var progress = ProgressBar(total: ticks, console: console)
    var (ran, entityUpdates) = (0, 0)
    let runStart = clock.now()
    while ran < ticks && !stepped.isOver {
      let start = clock.now()
      entityUpdates += stepped.entityCount
      stepped.advance(with: inputs[ran] ?? [])
      ran += 1
      if profile != nil, let world = stepped.game.steppedWorld {
        profile?.record(
          tick: clock.now() - start, systems: world.lastSystemTimes, end: world.lastTickEndTimes,
          threads: world.tickThreadCount, parallelism: world.lastTickParallelism)
      }
      try frames?.record(tick: stepped.game.tick) { stepped.game.makeFrame(canvas: $0) }
      progress.update(ran, now: clock.now() - runStart)
    }
    progress.finish()
    let seconds = clock.now() - runStart
    if let recordURL, let recorder = stepped.recorder {
      try GameOptions<G>.write(recorder.recording, to: recordURL)
    }
    return (stepped.game, ran, seconds, entityUpdates)
  }

  /// Steps the game through a sync test of `rollback` ticks and reports it.
  private func runSyncTest(
    _ game: G, ticks: Int, inputs: [Int: [SeatInput<G.Input>]], rollback syncRollback: Int,
    console: Console
  ) throws(CommandFailure) {
    var game = game
    var run = HeadlessRun<G>(
      tickLimit: ticks, syncTestRollback: syncRollback, inputs: { inputs[$0] ?? [] })
    do {
      try run.run(&game)
    } catch {
      throw CommandFailure(message: "sync test: \(error)", exitCode: ExitCode.failure)
    }
    var report = GameReport(game)
    if let syncTest = run.syncTest {
      report.add("syncTest", syncTest.reportText, json: syncTest.jsonValue)
    }
    try finish(game, report: report, console: console)
  }

  /// Writes the picture if asked and prints `report`, with the seed and settings first and the
  /// profile, if any, last.
  private func finish(
    _ game: G, report: GameReport<G>, profile: RunProfile? = nil, sprites: SpriteLibrary? = nil,
    console: Console
  ) throws(CommandFailure) {
    var (report, profile) = (report, profile)
    if let pngPath {
      try GameOptions<G>.writePicture(
        of: game, to: pngPath, size: pictures.size, zoom: pictures.zoom, center: pictures.center,
        sprites: sprites, invocation: invocation, console: console)
      report.add(file: "png", pngPath)
    }
    if let saving {
      let clock = MonotonicClock()
      let start = clock.now()
      try Self.writeSnapshot(of: game, to: saving.url)
      profile?.saveSeconds = clock.now() - start
      report.add(file: "saved", saving.path)
    }
    if let loadPath {
      report.additions.insert(("loaded", loadPath, .string(loadPath)), at: 0)
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

/// A game a run steps on its own, or through a recorder that keeps its inputs.
private struct Stepped<G: PlayableGame> {
  /// The game, when nothing records it.
  var alone: G?
  /// The recorder that holds the game, when the run records it.
  var recorder: Recorder<G>?

  /// A game stepped on its own.
  init(alone game: G) {
    alone = game
  }

  /// A game stepped through `recorder`.
  init(recorder: Recorder<G>) {
    self.recorder = recorder
  }

  /// Whether the game is over, read where the game is held (`game` makes a copy of it).
  var isOver: Bool {
    alone?.isOver ?? recorder?.game.isOver ?? true
  }

  /// How many entities the game's world holds, if it steps one, read where the game is held.
  var entityCount: Int {
    alone?.steppedWorld?.entityCount ?? recorder?.game.steppedWorld?.entityCount ?? 0
  }

  /// The game where it stands.
  var game: G {
    guard let alone else {
      guard let recorder else { preconditionFailure("a run steps a game") }
      return recorder.game
    }
    return alone
  }

  /// Steps the game one tick with `inputs`, recording them if it records.
  mutating func advance(with inputs: [SeatInput<G.Input>]) {
    if recorder != nil {
      recorder?.advance(with: inputs)
    } else {
      alone?.advance(with: inputs)
    }
  }
}
