import Foundation
import Frames
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

  /// `--sync-test`: roll back and step again every tick.
  static let syncTest: Option<Int?> = .integer(
    "sync-test", valueName: "k",
    help: "Every tick, restore the snapshot of k ticks before (1 to 64), step again and check "
      + "the state matches the straight run's; a difference names the first tick and system.",
    in: 1...SyncTest<Match>.maximumRollback)

  /// `--ticks`: where to stop, if before the match ends.
  static let ticks: Option<Int?> = .integer(
    "ticks", help: "Stop after this many ticks (1 to 1000000000).", in: 1...1_000_000_000,
    defaultDescription: "the scenario's tick limit")
  /// `--threads`: how many threads step the world.
  static let threads: Option<Int?> = .integer(
    "threads", help: "Threads that step the world (1 to 256); the stateHash is the same for any.",
    in: 1...256, defaultDescription: "all cores")
  /// `--json`: the report as one JSON object.
  static let json = Flag("json", help: "Print one JSON object instead of text.")
  /// `--profile`: time every system.
  static let profile = Flag(
    "profile",
    help: "Also print each system's median and longest time per tick, its share of the tick, "
      + "the set-up time, bytes per entity and peak memory.")
  /// `--frames`: a folder to write frames into.
  static let frames: Option<String?> = .text(
    "frames", valueName: "dir",
    help: "Also write frames as PNG files (frame_<tick>.png) into this folder.")
  /// `--every`: how often `--frames` writes one.
  static let every: Option<Int> = .integer(
    "every", valueName: "k", help: "With --frames, write every k-th tick (1 to 1000000).",
    in: 1...1_000_000, default: 1)

  /// `--save`: a snapshot file to write when the run ends.
  static let save: Option<String?> = .text(
    "save", valueName: "file",
    help: "When the run ends, save the whole match to this snapshot file.")
  /// `--load`: a snapshot file to go on from.
  static let load: Option<String?> = .text(
    "load", valueName: "file",
    help: "Go on from a snapshot file instead of starting a match (it holds the scenario, seed "
      + "and monsters).")

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
    let setupStart: Double
    var match: Match
    var readSeconds: Double?
    if let loadPath {
      let readStart = clock.now()
      let bytes = try SavedFileIO.read(loadPath, kind: .snapshot, invocation: invocation)
      setupStart = clock.now()
      readSeconds = setupStart - readStart
      do {
        match = try MatchSnapshot.match(from: bytes, threads: threads)
      } catch {
        throw SavedFileIO.invalid(loadPath, kind: .snapshot, error)
      }
    } else if let assets {
      let scenario = try assets.loadScenario(scenarioName, invocation: invocation)
      _ = try SwarmCount.check(entities, for: scenario)
      setupStart = clock.now()
      match = Match(scenario: scenario, seed: seed, swarmCount: entities)
    } else {
      preconditionFailure("a run without --load locates its assets")
    }
    let sprites =
      framesFolder == nil
      ? nil : try assets?.loadSprites(for: match.scenario.roster, console: console)
    match.threadCount = threads
    var profile =
      isProfiling
      ? RunProfile(world: match.world, setupSeconds: clock.now() - setupStart) : nil
    profile?.readSeconds = readSeconds
    match.measuresSystemTimes = isProfiling
    var recorder: FrameRecorder? = nil
    if let framesFolder, let sprites {
      recorder = try FrameRecorder(
        folder: framesFolder, every: every, size: size, sprites: sprites, invocation: invocation)
      recorder?.zoom = zoom
      recorder?.center = center
    }
    try recorder?.record(match)
    let tickBudget = ticks ?? match.scenario.match.tickLimit
    var progress = ProgressBar(total: tickBudget, console: console)
    let start = clock.now()
    var entityUpdates = 0
    var ticksRun = 0
    var syncTest = syncRollback.map(SyncTest<Match>.init(rollback:))
    while ticksRun < tickBudget && !match.isOver {
      entityUpdates += match.world.entityCount
      let tickStart = profile == nil ? 0 : clock.now()
      if syncTest != nil {
        do {
          try syncTest?.step(&match)
        } catch {
          progress.finish()
          throw CommandFailure(message: "sync test: \(error)", exitCode: ExitCode.failure)
        }
      } else {
        match.step()
      }
      profile?.record(
        tick: clock.now() - tickStart, systems: match.world.lastSystemTimes,
        end: match.world.lastTickEndTimes, parallelism: match.world.lastTickParallelism)
      ticksRun += 1
      try recorder?.record(match)
      progress.update(ticksRun, now: clock.now() - start)
    }
    let wallSeconds = clock.now() - start
    progress.finish()
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
    let report = RunReport(
      match: match, ticks: ticksRun, entityUpdates: entityUpdates, wallSeconds: wallSeconds)
    let types = match.world.entityTypes
    let peakMemory = RunProfile.peakMemoryBytes
    if json {
      var value = report.jsonValue(
        profile: profile?.json(types: types, peakMemoryBytes: peakMemory))
      if let syncTest, case .object(var members) = value {
        members.append(
          (
            "syncTest",
            .object([
              ("rollback", .integer(syncTest.rollback)),
              ("rollbacks", .integer(syncTest.rollbacks)),
              ("snapshotBytes", .integer(syncTest.snapshotBytes)),
              ("medianSnapshotMilliseconds", .measured(syncTest.snapshotSeconds.median * 1000)),
              ("medianRollbackMilliseconds", .measured(syncTest.rollbackSeconds.median * 1000)),
              (
                "medianMemoryRollbackMilliseconds",
                .measured(syncTest.memoryRollbackSeconds.median * 1000)
              ),
              ("medianKeptTickMilliseconds", .measured(syncTest.keptTickSeconds.median * 1000)),
              (
                "medianPlainTickMilliseconds", .measured(syncTest.plainTickSeconds.median * 1000)
              ),
            ])
          ))
        value = .object(members)
      }
      console.writeOutput(value.rendered + "\n")
    } else {
      var text = report.text() + (profile?.text(types: types, peakMemoryBytes: peakMemory) ?? "")
      if let syncTest {
        text +=
          "Sync test:  rolled back \(syncTest.rollback) ticks and stepped again "
          + "\(NumberText.grouped(syncTest.rollbacks)) times, always to the straight run's state "
          + "(snapshots of \(NumberText.grouped(syncTest.snapshotBytes)) bytes; medians: "
          + String(
            format: "a snapshot %.2f ms, restoring it and stepping %d ticks %.2f ms)\n",
            syncTest.snapshotSeconds.median * 1000, syncTest.rollback,
            syncTest.rollbackSeconds.median * 1000)
          + String(
            format:
              "            from memory, as netplay rolls back: %d ticks again %.2f ms; a tick "
              + "%.3f ms while the state before it is kept, %.3f ms when not\n",
            syncTest.rollback, syncTest.memoryRollbackSeconds.median * 1000,
            syncTest.keptTickSeconds.median * 1000, syncTest.plainTickSeconds.median * 1000)
      }
      console.writeOutput(text)
    }
    return ExitCode.success
  }
}
