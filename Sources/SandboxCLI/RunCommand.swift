import Foundation
import Frames
import GameShell
import Gameplay
import HeadlessRenderer
import MonsterWars
import TraitSandbox

/// `sandbox run`: plays a match headless, AI against AI, and reports the result.
struct RunCommand: Subcommand {
  static let spec = CommandSpec(
    name: "run",
    abstract: "Run a match headless, AI against AI, and report the result.",
    discussion: """
      Steps the simulation as fast as the machine allows until a castle falls, the \
      scenario's tick limit is reached or --ticks have run. The same scenario, seed and tick \
      count always print the same stateHash. --save writes the whole match when the run ends; \
      --load goes on from such a file, and running on from it gives the stateHash running \
      straight through would have. --record writes the run's recording, --png a picture of \
      where it ended, --frames one of every --every-th tick.
      """,
    options: [
      SharedOptions.scenario, SharedOptions.seed, ticks, SharedOptions.entities, threads, json,
      profile, record, png, frames, every, SharedOptions.size, CameraOptions.zoom,
      CameraOptions.center, save, load, syncTest, SharedOptions.assets,
    ])

  let scenarioName: String
  let seed: UInt64
  let ticks: Int?
  let entities: Int?
  let threads: Int
  let json: Bool
  let isProfiling: Bool
  let framesFolder: String?
  let every: Int
  let size: OutputSize
  let assetsOption: String?
  let zoom: Float
  let center: WorldPoint?
  let savePath: String?
  let loadPath: String?
  /// Where `--record` and `--png` write, if anywhere.
  let recordURL: URL?
  let pngURL: URL?
  let syncRollback: Int?
  let invocation: Sandbox.Invocation

  init(options: ParsedOptions, invocation: Sandbox.Invocation) throws(CommandFailure) {
    scenarioName = try options[SharedOptions.scenario]
    seed = try options[SharedOptions.seed]
    ticks = try options[Self.ticks]
    entities = try options[SharedOptions.entities]
    threads = try options[Self.threads] ?? ProcessInfo.processInfo.activeProcessorCount
    json = options[Self.json]
    isProfiling = options[Self.profile]
    every = try options[Self.every]
    size = try options[SharedOptions.size]
    assetsOption = try options[SharedOptions.assets]
    self.invocation = invocation
    try Self.checkCombinations(options)
    zoom = try options[CameraOptions.zoom]
    center = try options[CameraOptions.center]
    framesFolder = try options[Self.frames]
    savePath = try options[Self.save]
    loadPath = try options[Self.load]
    syncRollback = try options[Self.syncTest]
    recordURL = try options[Self.record].map { SavedFileIO.url($0, invocation: invocation) }
    pngURL = try options[Self.png].map { invocation.url(of: $0) }
  }

  func run(console: Console) throws(CommandFailure) -> Int32 {
    try checkDestinations()
    // Assets are for pictures and named scenarios only. With pictures every sprite the match
    // can draw is checked at start, so a broken asset folder fails now, not at the end.
    let assets =
      framesFolder == nil && pngURL == nil && loadPath != nil
      ? nil : try AssetFolder.locate(option: assetsOption, invocation: invocation)
    let clock = MonotonicClock()
    var (match, setupStart, readSeconds) = try setUpMatch(assets: assets, clock: clock)
    let start = match.statistics
    match.threadCount = threads
    var profile =
      isProfiling
      ? RunProfile(world: match.world, setupSeconds: clock.now() - setupStart) : nil
    profile?.readSeconds = readSeconds
    match.measuresSystemTimes = isProfiling
    let drawsPictures = framesFolder != nil || pngURL != nil
    let sprites =
      drawsPictures ? try assets?.loadSprites(for: match.scenario.roster, console: console) : nil
    var recorder = try makeRecorder(sprites: sprites)
    try recorder?.record(tick: match.world.tick) { match.makeFrame(canvas: $0) }
    var run = HeadlessRun<Match>(
      tickLimit: ticks ?? match.scenario.match.tickLimit, syncTestRollback: syncRollback)
    var progress = ProgressBar(total: run.tickLimit, console: console)
    var entityUpdates = 0
    do {
      try run.run(&match) {
        entityUpdates += $0.world.entityCount
      } afterTick: { match, done in
        profile?.record(
          tick: done.tickSeconds, systems: match.world.lastSystemTimes,
          end: match.world.lastTickEndTimes, parallelism: match.world.lastTickParallelism)
        try recorder?.record(tick: match.world.tick) { match.makeFrame(canvas: $0) }
        progress.update(done.ticksRun, now: done.seconds)
      }
    } catch let failure as CommandFailure {
      progress.finish()
      throw failure
    } catch {
      progress.finish()
      throw CommandFailure(message: "sync test: \(error)", exitCode: ExitCode.failure)
    }
    progress.finish()
    try save(match, timedIn: &profile, clock: clock)
    try writeRecordingAndPicture(of: match, sprites: sprites)
    let report = RunReport(
      start: start, match: match, ticks: run.ticksRun, entityUpdates: entityUpdates,
      wallSeconds: run.seconds)
    write(
      report, profile: profile, syncTest: run.syncTest, types: match.world.entityTypes, to: console)
    return ExitCode.success
  }

  /// Prints the report, with the profile and the sync test's figures if there are any, as
  /// text or as one JSON object.
  private func write(
    _ report: RunReport, profile: RunProfile?, syncTest: SyncTest<Match>?,
    types: [EntityTypeDescription], to console: Console
  ) {
    let peakMemory = RunProfile.peakMemoryBytes
    if json {
      var value = report.jsonValue(
        profile: profile?.json(types: types, peakMemoryBytes: peakMemory))
      if case .object(var members) = value {
        if let syncTest { members.append(("syncTest", syncTest.jsonValue)) }
        members += writtenFiles.map { ($0.key, .string($0.path)) }
        value = .object(members)
      }
      console.writeOutput(value.rendered + "\n")
    } else {
      let files = writtenFiles.map { "\($0.label)\($0.path)\n" }.joined()
      let text =
        report.text() + files + (profile?.text(types: types, peakMemoryBytes: peakMemory) ?? "")
      console.writeOutput(text + (syncTest?.reportText ?? ""))
    }
  }

  /// The match to run: read from `--load`'s snapshot, or set up from the scenario; when its
  /// set-up began, and how long reading the snapshot took.
  private func setUpMatch(assets: AssetFolder?, clock: MonotonicClock) throws(CommandFailure)
    -> (match: Match, setupStart: Double, readSeconds: Double?)
  {
    if let loadPath {
      let readStart = clock.now()
      var bytes = try SavedFileIO.read(loadPath, kind: .snapshot, invocation: invocation)
      // A session's snapshot (a network match's report of a desync) holds a match's.
      if !MatchRecording.isSavedFile(bytes),
        let match = MatchSession.matchSnapshot(inSessionSnapshot: bytes)
      {
        bytes = match
      }
      let setupStart = clock.now()
      do {
        let match = try MatchSnapshot.match(from: bytes, threads: threads)
        return (match, setupStart, setupStart - readStart)
      } catch {
        throw SavedFileIO.invalid(loadPath, kind: .snapshot, error)
      }
    }
    guard let assets else { preconditionFailure("a run without --load locates its assets") }
    let scenario = try assets.loadScenario(scenarioName, invocation: invocation)
    _ = try SwarmCount.check(entities, for: scenario)
    let setupStart = clock.now()
    return (Match(scenario: scenario, seed: seed, swarmCount: entities), setupStart, nil)
  }

  /// What writes `--frames`, drawing with `sprites`, if asked.
  private func makeRecorder(sprites: SpriteLibrary?) throws(CommandFailure) -> FrameRecorder? {
    guard let framesFolder, let sprites else { return nil }
    var recorder = try FrameRecorder(
      folder: framesFolder, every: every, size: size, sprites: sprites, invocation: invocation)
    recorder.zoom = zoom
    recorder.center = center
    return recorder
  }
}
