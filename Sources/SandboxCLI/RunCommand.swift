import Foundation
import Frames
import GameShell
import Gameplay
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
      straight through would have.
      """,
    options: [
      SharedOptions.scenario, SharedOptions.seed, ticks, SharedOptions.entities, threads, json,
      profile, frames, every, SharedOptions.size, CameraOptions.zoom, CameraOptions.center, save,
      load, syncTest, SharedOptions.assets,
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
    if !options.contains(Self.frames)
      && (options.contains(Self.every) || options.contains(SharedOptions.size)
        || options.contains(CameraOptions.zoom) || options.contains(CameraOptions.center))
    {
      throw .usage("--every, --size, --zoom and --center go with --frames")
    }
    zoom = try options[CameraOptions.zoom]
    center = try options[CameraOptions.center]
    framesFolder = try options[Self.frames]
    savePath = try options[Self.save]
    loadPath = try options[Self.load]
    syncRollback = try options[Self.syncTest]
    if loadPath != nil {
      let setUp: [String?] = [
        options.contains(SharedOptions.scenario) ? "--scenario" : nil,
        options.contains(SharedOptions.seed) ? "--seed" : nil,
        options.contains(SharedOptions.entities) ? "--entities" : nil,
      ]
      if let first = setUp.compactMap({ $0 }).first {
        throw .usage("\(first) cannot go with --load: the snapshot holds the match's set-up")
      }
    }
  }

  func run(console: Console) throws(CommandFailure) -> Int32 {
    // Checked now, so a long run does not end only to find it cannot save.
    if let savePath {
      try LinesFile.checkDestination(
        SavedFileIO.url(savePath, invocation: invocation), option: "--save")
    }
    // Assets are for frames and named scenarios only. With frames every sprite the match can
    // draw is checked at start, so a broken asset folder fails now, not mid-run.
    let assets =
      framesFolder == nil && loadPath != nil
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
    var recorder = try makeRecorder(for: match, assets: assets, console: console)
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
      if let syncTest, case .object(var members) = value {
        members.append(("syncTest", syncTest.jsonValue))
        value = .object(members)
      }
      console.writeOutput(value.rendered + "\n")
    } else {
      let text = report.text() + (profile?.text(types: types, peakMemoryBytes: peakMemory) ?? "")
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
      let bytes = try SavedFileIO.read(loadPath, kind: .snapshot, invocation: invocation)
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

  /// What writes `--frames`, with every sprite the match can draw loaded and checked, if asked.
  private func makeRecorder(for match: Match, assets: AssetFolder?, console: Console)
    throws(CommandFailure) -> FrameRecorder?
  {
    guard let framesFolder,
      let sprites = try assets?.loadSprites(for: match.scenario.roster, console: console)
    else { return nil }
    var recorder = try FrameRecorder(
      folder: framesFolder, every: every, size: size, sprites: sprites, invocation: invocation)
    recorder.zoom = zoom
    recorder.center = center
    return recorder
  }
}
